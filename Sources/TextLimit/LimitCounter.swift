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
}
