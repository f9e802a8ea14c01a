import TextCount

/// The counters of a `TextLimit`'s rules, one per rule, made with the rules: derived from them,
/// so they take no part in the limit's equality and hash (two limits with equal rules have equal
/// counters).
struct _RuleCounters: Sendable, Hashable {
  /// The counters, in the rules' order.
  let all: [TextCounter]

  init(_ counters: [TextCounter]) { all = counters }

  /// Always true: the rules decide.
  static func == (_: Self, _: Self) -> Bool { true }

  /// Adds nothing: the rules are hashed.
  func hash(into _: inout Hasher) {}
}
