/// A test's window into the parallel path: how many threads each large count in its task took,
/// and a core count to assume in place of the machine's, so that a test on a two-core machine
/// that shares its cores with other tests still takes the parallel path it means to check.
///
/// Bound with `_ParallelCountProbe.bound.withValue(probe) { … }` (a task-local value: it
/// reaches only the counts of that task and its child tasks). Unset, it costs a task-local read
/// per count of a buffer or file large enough to be counted on several threads.
final class _ParallelCountProbe: Sendable {
  /// The task-local value: bind it with `bound.withValue(probe) { … }`. (A `TaskLocal` spelled
  /// out rather than `@TaskLocal`, whose older property-wrapper form, in the macOS 14 SDK, makes
  /// a `static var` that the Swift 6 mode rejects as shared mutable state.)
  static let bound = _TaskLocal<_ParallelCountProbe?>(wrappedValue: nil)

  /// The probe of the current task, if a test bound one.
  static var current: _ParallelCountProbe? { bound.get() }

  /// The cores to share among large counts in flight instead of the machine's.
  let assumedCoreCount: Int?
  private let recorded = _Locked<[Int]>([])

  init(assumedCoreCount: Int? = nil) {
    self.assumedCoreCount = assumedCoreCount
  }

  /// The threads each large count took, in the order they started.
  var threadCounts: [Int] { recorded.withLock { $0 } }

  func record(threads: Int) {
    recorded.withLock { $0.append(threads) }
  }
}
