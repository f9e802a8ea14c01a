#if !hasFeature(Embedded)
  public import Foundation
#endif

/// A text input a `TextLimiter` can drive: what UIKit's `UITextField` and `UITextView` and
/// AppKit's `NSTextView` provide (see Adapters/), and what tests simulate. Ranges are UTF-16
/// offsets.
///
/// The host's text is the truth: the limiter reads it before every decision, and the program
/// may change it at any time without telling the limiter.
///
/// The names carry a `limit` prefix so that UIKit's own `text`, `selectedRange` and
/// `markedTextRange` keep their types.
public protocol TextInputHost: AnyObject {
  /// The whole text.
  var limitHostText: String { get }
  /// The selection; a caret when its length is 0.
  var limitHostSelectedRange: NSRange { get set }
  /// The marked (IME composing) text's range, or nil when nothing is being composed.
  var limitHostMarkedTextRange: NSRange? { get }
  /// Replaces the UTF-16 `range` of the text with `text` as the platform documents for a
  /// program's edit that keeps undo (UIKit's `replace(_:withText:)`; AppKit's
  /// `shouldChangeText(in:replacementString:)`, the text storage's change, `didChangeText()`),
  /// so the undo stack, attributes and typing attributes survive. The host may call its
  /// delegate back while it does: a `TextLimiter` lets its own corrections through. It may also
  /// refuse the edit (a view that is not editable): the limiter then takes the host's text as
  /// it is.
  func limitHostReplace(_ range: NSRange, withText text: String)
  /// Whether the change under way is an undo or a redo (`UndoManager.isUndoing`/`isRedoing`):
  /// its text is taken as it is, like text the program set, so that undoing a trim does not
  /// trim again. False by default.
  var limitHostIsUndoingOrRedoing: Bool { get }
}

extension TextInputHost {
  /// False: a host that cannot tell says no change is an undo.
  public var limitHostIsUndoingOrRedoing: Bool { false }
}
