public import Foundation

/// A text input a `TextLimiter` can drive: what UIKit's `UITextField` and `UITextView` provide
/// (see Adapters/), and what tests simulate. Ranges are UTF-16 offsets.
///
/// The names carry a `limit` prefix so that UIKit's own `text`, `selectedRange` and
/// `markedTextRange` keep their types.
public protocol TextInputHost: AnyObject {
  /// The whole text.
  var limitHostText: String { get set }
  /// The selection; a caret when its length is 0.
  var limitHostSelectedRange: NSRange { get set }
  /// The marked (IME composing) text's range, or nil when nothing is being composed.
  var limitHostMarkedTextRange: NSRange? { get }
}
