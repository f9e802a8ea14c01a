import TextCount

/// A `TextLimit`'s rules and a counter for each, made once with the rules and shared by the
/// limit's copies: a copy of the limit retains one reference (an array of rules and one of
/// counters held inline were two, and a counter copied out of an array is copied field by field
/// and destroyed after each call).
final class _Rules: Sendable, Hashable {
  /// The rules, in order. Never empty.
  let all: [TextLimit.Rule]
  /// One counter per rule, in the rules' order.
  let counters: [TextCounter]
  /// The first rule's counter, also stored apart: a call on a stored property borrows it, while
  /// a call on an array's element copies the counter first (some 60 instructions).
  let firstCounter: TextCounter

  /// - Precondition: `rules` is not empty.
  init(_ rules: [TextLimit.Rule]) {
    precondition(!rules.isEmpty, "TextLimit needs at least one rule")
    all = rules
    counters = rules.map { TextCounter(unit: $0.unit) }
    firstCounter = counters[0]
  }

  /// Equal rules: the counters are made from them.
  static func == (lhs: _Rules, rhs: _Rules) -> Bool { lhs === rhs || lhs.all == rhs.all }

  /// The rules: the counters are made from them.
  func hash(into hasher: inout Hasher) { hasher.combine(all) }
}
