#if !hasFeature(Embedded)
  public import Foundation
#endif

/// A text and selection to set after an edit went over the limit, and the same correction as
/// one edit of the text it corrects (to apply it without losing undo).
public struct TextCorrection: Sendable, Equatable {
  /// The whole corrected text.
  public var text: String
  /// The selection to set after the correction; UTF-16 offsets, as `NSRange`s in UIKit.
  public var selectedRange: NSRange
  /// The UTF-16 range of the text being corrected that the correction replaces.
  public var replacedRange: NSRange
  /// What replaces `replacedRange` (often nothing: the correction removes an overflow).
  public var replacement: String

  /// A correction: `text` and `selectedRange` after it, and the edit that makes it.
  /// - Parameters:
  ///   - text: The whole corrected text.
  ///   - selectedRange: The selection after the correction.
  ///   - replacedRange: The UTF-16 range of the old text the correction replaces.
  ///   - replacement: What replaces `replacedRange`.
  public init(text: String, selectedRange: NSRange, replacedRange: NSRange, replacement: String) {
    self.text = text
    self.selectedRange = selectedRange
    self.replacedRange = replacedRange
    self.replacement = replacement
  }
}
