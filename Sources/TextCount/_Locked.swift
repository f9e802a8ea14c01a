#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a lock, for the little state the parallel counters share between threads.
///
/// Written on a `pthread_mutex_t` rather than Synchronization's `Mutex` and `Atomic`, which need
/// macOS 15 and iOS 18: the package supports iOS 15 and macOS 12. The shared state is touched
/// once per part or per 1 MiB read, so a lock costs nothing measurable there.
final class _Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the lock held.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
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
