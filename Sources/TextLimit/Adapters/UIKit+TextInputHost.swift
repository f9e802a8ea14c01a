#if canImport(UIKit) && !os(watchOS)
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
  }

  extension UITextField: @preconcurrency TextInputHost {
    public var limitHostText: String {
      get { text ?? "" }
      set { text = newValue }
    }

    public var limitHostSelectedRange: NSRange {
      get {
        selectedTextRange.map(limitNSRange)
          ?? NSRange(location: limitHostText.utf16.count, length: 0)
      }
      set { selectedTextRange = limitTextRange(newValue) }
    }

    public var limitHostMarkedTextRange: NSRange? { markedTextRange.map(limitNSRange) }
  }

  extension UITextView: @preconcurrency TextInputHost {
    public var limitHostText: String {
      get { text ?? "" }
      set { text = newValue }
    }

    public var limitHostSelectedRange: NSRange {
      get { selectedRange }
      set { selectedRange = newValue }
    }

    public var limitHostMarkedTextRange: NSRange? { markedTextRange.map(limitNSRange) }
  }
#endif
