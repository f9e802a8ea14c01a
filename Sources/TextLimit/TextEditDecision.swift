#if !hasFeature(Embedded)
  public import Foundation
#endif

/// What to do with an edit the user is about to make.
public enum TextEditDecision: Sendable, Equatable {
  /// Let the system apply the edit as it is.
  case accept
  /// Change nothing: the text and the caret stay as they were.
  case reject
  /// Apply this whole new text and selection yourself, and tell the system not to (return
  /// `false` from the delegate). Used for a shortened insertion and for a clamped range.
  case replace(text: String, selectedRange: NSRange)
}
