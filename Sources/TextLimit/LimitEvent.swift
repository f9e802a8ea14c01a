/// A change that the limit prevented or shortened (rule 10), for "limit reached" feedback,
/// a haptic, or a log.
public struct LimitEvent: Sendable, Equatable {
  /// Why the limit acted.
  public enum Reason: Sendable, Hashable {
    /// An insertion or paste was shortened to the longest part that fits.
    case insertionTruncated
    /// Nothing of an insertion fit: it was rejected.
    case insertionRejected
    /// Committed IME text went over the limit and its overflow was removed.
    case compositionTruncated
    /// A change that bypassed `shouldChange` (autocorrect, dictation, a candidate bar) went over
    /// the limit and its overflow was removed.
    case overflowTrimmed
    /// Emoji were removed because the limit does not allow them.
    case emojiRemoved
    /// Text set by the program was over the limit and the policy truncated it.
    case programmaticTextTruncated
  }

  /// The whole text the change would have produced.
  public var attemptedText: String
  /// The whole text after the limit was applied.
  public var keptText: String
  /// Why the limit acted.
  public var reason: Reason

  /// An event: the text the change would have produced, the text kept, and why.
  public init(attemptedText: String, keptText: String, reason: Reason) {
    self.attemptedText = attemptedText
    self.keptText = keptText
    self.reason = reason
  }
}
