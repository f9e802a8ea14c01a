#if !hasFeature(Embedded)
  public import Foundation
#endif

/// A change that the limit prevented or shortened (rule 10), for "limit reached" feedback,
/// a haptic, or a log.
///
/// An event carries what changed — the range, what the change tried to put there and what was
/// kept — so reporting a refused keystroke costs time proportional to the edit. The whole texts
/// (`attemptedText`, `keptText`) are built only when asked for.
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

  /// Why the limit acted.
  public var reason: Reason
  /// The UTF-16 range, in the text before the change, that the change replaced. For an event
  /// made from whole texts (`init(attemptedText:keptText:reason:)`) it is empty, at 0, and the
  /// replacements are the whole texts.
  public var replacedRange: NSRange
  /// What the change tried to put in `replacedRange`: what was typed, pasted or committed.
  public var attemptedReplacement: String
  /// What the limit let it put there; nil when the change was rejected and the text stayed as
  /// it was.
  public var keptReplacement: String?
  /// The text before the change with a range replaced: a snapshot of it that shares its
  /// storage, taken in O(1) (a closure rather than an existential, which Embedded Swift lacks).
  private let before: @Sendable (Range<Int>, Substring) -> String

  /// The whole text the change would have produced.
  /// - Complexity: O(n), built when asked for.
  public var attemptedText: String {
    before(Range(replacedRange)!, attemptedReplacement[...])
  }

  /// The whole text after the limit was applied.
  /// - Complexity: O(n), built when asked for.
  public var keptText: String {
    guard let keptReplacement else { return before(0..<0, "") }
    return before(Range(replacedRange)!, keptReplacement[...])
  }

  /// An event from the whole texts.
  /// - Parameters:
  ///   - attemptedText: The whole text the change would have produced.
  ///   - keptText: The whole text after the limit was applied.
  ///   - reason: Why the limit acted.
  public init(attemptedText: String, keptText: String, reason: Reason) {
    self.init(
      before: _StringDocument(text: ""), range: 0..<0, attempted: attemptedText, kept: keptText,
      reason: reason)
  }

  /// An event from what changed in `before`; O(edit).
  init(
    before: some _LimitedDocument, range: Range<Int>, attempted: String,
    kept: String?, reason: Reason
  ) {
    self.before = { before.text(replacing: $0, with: $1) }
    replacedRange = NSRange(location: range.lowerBound, length: range.count)
    attemptedReplacement = attempted
    keptReplacement = kept
    self.reason = reason
  }

  /// Whether two events tell of the same change: the same reason and the same whole texts.
  /// - Complexity: O(n).
  public static func == (lhs: LimitEvent, rhs: LimitEvent) -> Bool {
    lhs.reason == rhs.reason && lhs.attemptedText == rhs.attemptedText
      && lhs.keptText == rhs.keptText
  }
}
