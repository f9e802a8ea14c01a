import Testing
import TextCount

/// Counts the cases where a count differs from the reference, and records the first few as
/// issues (a sweep of thousands of cases should not print thousands of failures).
struct Mismatches {
  private(set) var count = 0
  private let recorded: Int

  init(recording recorded: Int = 5) { self.recorded = recorded }

  /// Notes a mismatch when `found` differs from `expected`; `description` names the case.
  mutating func check(
    _ found: Int, _ expected: Int, _ description: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard found != expected else { return }
    count += 1
    if count <= recorded {
      Issue.record(
        "\(description()): expected \(expected), found \(found)", sourceLocation: sourceLocation)
    }
  }

  /// Notes a mismatch when `counter` counts `bytes` other than `String(decoding:)` does.
  mutating func check(
    _ counter: TextCounter, _ bytes: [UInt8], _ description: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    check(
      counter.count(utf8: bytes), Reference.count(utf8: bytes, in: counter.unit), description(),
      sourceLocation: sourceLocation)
  }
}
