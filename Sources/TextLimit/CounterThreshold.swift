/// When a live counter starts to warn: the point, short of the limit, from which it shows its
/// warning state (`LimitCounter.State.warning`) and VoiceOver hears the count when the user
/// pauses.
///
/// ```swift
/// var limit = TextLimit(maxLength: 280)
/// limit.warningThreshold = .remaining(20)       // as X's composer: the last 20
/// limit.warningThreshold = .fractionUsed(0.75)  // GOV.UK's example: from 75% used
/// limit.warningThreshold = nil                  // no warning: the count is always spoken
/// ```
public enum CounterThreshold: Sendable, Hashable {
  /// Warn when at most this many remain.
  case remaining(Int)
  /// Warn once this fraction of the maximum is used (0.8: from 80 of 100, 16 of 20).
  case fractionUsed(Double)

  /// The default: from 80% of the maximum used. GOV.UK's character count sets no default (its
  /// example is 75%) and X's composer warns in the last 20 of 280 (93%); 80% warns a nickname of
  /// 20 at 16 and a bio of 1,000 only in its last 200, so the paced count is spoken where it
  /// helps and not from the first letter.
  public static let standard = CounterThreshold.fractionUsed(0.8)

  /// Whether a counter of `count` against `maxLength` has crossed the threshold.
  /// - Complexity: O(1).
  func isCrossed(count: Int, maxLength: Int) -> Bool {
    switch self {
    case .remaining(let remaining):
      return maxLength - count <= remaining
    case .fractionUsed(let fraction):
      return Double(count) >= fraction * Double(maxLength)
    }
  }
}
