public import Foundation

/// A text and selection to set after an edit went over the limit.
public struct TextCorrection: Sendable, Equatable {
  public var text: String
  /// UTF-16 offsets, as `NSRange`s in UIKit.
  public var selectedRange: NSRange

  public init(text: String, selectedRange: NSRange) {
    self.text = text
    self.selectedRange = selectedRange
  }
}
