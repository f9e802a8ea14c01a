#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit

  // UIKit's text inputs as `TextInputHost`s: the engine's UTF-16 ranges are UIKit's own offsets
  // (`offset(from:to:)` counts UTF-16 units), converted here and nowhere else.

  extension UITextInput {
    /// The UTF-16 range of a `UITextRange`.
    fileprivate func limitNSRange(_ range: UITextRange) -> NSRange {
      NSRange(
        location: offset(from: beginningOfDocument, to: range.start),
        length: offset(from: range.start, to: range.end))
    }

    /// The `UITextRange` of a UTF-16 range, if it lies in the text.
    fileprivate func limitTextRange(_ range: NSRange) -> UITextRange? {
      guard let start = position(from: beginningOfDocument, offset: range.location),
        let end = position(from: start, offset: range.length)
      else { return nil }
      return textRange(from: start, to: end)
    }

    /// Replaces a UTF-16 range as typing would (`replace(_:withText:)`, iOS 2): the undo stack,
    /// attributes and typing attributes survive. False when the range is not in the text.
    fileprivate func limitReplace(_ range: NSRange, with text: String) -> Bool {
      guard let textRange = limitTextRange(range) else { return false }
      replace(textRange, withText: text)
      return true
    }
  }

  extension UITextField: @preconcurrency TextInputHost {
    /// The field's text (`text`, empty when nil).
    public var limitHostText: String { text ?? "" }

    /// The selection in UTF-16 offsets (`selectedTextRange`); a caret at the end when none.
    public var limitHostSelectedRange: NSRange {
      get {
        selectedTextRange.map(limitNSRange)
          ?? NSRange(location: limitHostText.utf16.count, length: 0)
      }
      set { selectedTextRange = limitTextRange(newValue) }
    }

    /// The marked (composing) text's UTF-16 range (`markedTextRange`).
    public var limitHostMarkedTextRange: NSRange? { markedTextRange.map(limitNSRange) }

    /// Whether the view's undo manager is undoing or redoing the change under way.
    public var limitHostIsUndoingOrRedoing: Bool {
      undoManager.map { $0.isUndoing || $0.isRedoing } ?? false
    }

    /// Applies the limiter's edit through `UITextInput.replace(_:withText:)`.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      if !limitReplace(range, with: text) {
        self.text = (limitHostText as NSString).replacingCharacters(in: range, with: text)
      }
    }
  }

  extension UITextView: @preconcurrency TextInputHost {
    /// The view's text (`text`).
    public var limitHostText: String { text ?? "" }

    /// The selection in UTF-16 offsets (`selectedRange`).
    public var limitHostSelectedRange: NSRange {
      get { selectedRange }
      set { selectedRange = newValue }
    }

    /// The marked (composing) text's UTF-16 range (`markedTextRange`).
    public var limitHostMarkedTextRange: NSRange? { markedTextRange.map(limitNSRange) }

    /// Whether the view's undo manager is undoing or redoing the change under way.
    public var limitHostIsUndoingOrRedoing: Bool {
      undoManager.map { $0.isUndoing || $0.isRedoing } ?? false
    }

    /// Applies the limiter's edit through `UITextInput.replace(_:withText:)`.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      if !limitReplace(range, with: text) {
        self.text = (limitHostText as NSString).replacingCharacters(in: range, with: text)
      }
    }
  }
#endif
