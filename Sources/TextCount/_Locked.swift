/// A value behind a lock, for the little state the parallel counters share between threads.
///
/// On `_Platform.Lock` (a pthread mutex) rather than Synchronization's `Mutex` and `Atomic`, which need
/// macOS 15 and iOS 18: the package supports iOS 15 and macOS 12. The shared state is touched
/// once per part or per 1 MiB read, so a lock costs nothing measurable there.
final class _Locked<Value>: @unchecked Sendable {
  private let mutex = _Platform.Lock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }
}

extension _Locked where Value == Int {
  /// Adds `amount` and returns the value before.
  func fetchAdd(_ amount: Int) -> Int {
    withLock { value in
      let old = value
      value += amount
      return old
    }
  }
}
