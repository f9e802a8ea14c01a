public import TextCount

/// What a live counter shows: a length, its maximum and what is left, in one rule's unit.
///
/// `remaining` goes below zero when the text is over the limit (text the program set, or any
/// text under a soft limit), so a composer can show `-12` as X and Mastodon do.
public struct LimitCounter: Sendable, Hashable {
  /// The text's length in `unit`.
  public var count: Int
  /// The rule's maximum.
  public var maxLength: Int
  /// The rule's unit.
  public var unit: TextUnit

  /// A counter showing `count` of `maxLength` in `unit`.
  public init(count: Int, maxLength: Int, unit: TextUnit) {
    self.count = count
    self.maxLength = maxLength
    self.unit = unit
  }

  /// What is left: negative when the text is over the limit.
  public var remaining: Int { maxLength - count }

  /// Whether the text is over this rule's maximum.
  public var isOverLimit: Bool { count > maxLength }

  /// `"count/max"`, e.g. `"12/100"`.
  public var text: String { "\(count)/\(maxLength)" }

  /// How a counter should look: within the limit, near it, or over it. Each state has a default
  /// colour in the SwiftUI counter; UIKit and AppKit apps style their own counter from it.
  public enum State: Sendable, Hashable {
    /// Well within the limit (below the warning threshold).
    case normal
    /// At the warning threshold or past it, up to and including the limit itself.
    case warning
    /// Over the limit (text the program set, or any text under a soft limit).
    case over
  }

  /// The state of this counter for a warning threshold: `.over` past the maximum, `.warning`
  /// from the threshold up to the maximum (at the maximum itself even with no threshold),
  /// `.normal` below.
  /// - Parameter threshold: Where warning starts; nil for no warning before the limit.
  /// - Complexity: O(1).
  public func state(warningAt threshold: CounterThreshold?) -> State {
    if count > maxLength { return .over }
    if count == maxLength || threshold?.isCrossed(count: count, maxLength: maxLength) == true {
      return .warning
    }
    return .normal
  }
}
