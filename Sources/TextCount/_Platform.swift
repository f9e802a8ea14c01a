// What TextCount asks of the system, one `#if` per concern, all in this file: the C library,
// processors, environment variables, threads, locks and task-local values. The WebAssembly build
// (Embedded Swift on wasm32-unknown-none-wasm, Scripts/build-wasm) has none of them: it counts
// on the calling thread, reads no environment and needs no lock. Native builds make the same
// calls as before, inlined.

// Concern: the C library (sysconf, getenv, pthread).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Concern: threads (Dispatch's concurrentPerform).
#if !hasFeature(Embedded)
  import Dispatch
#endif

/// The system services TextCount uses, each with its WebAssembly stand-in (one thread, no
/// environment).
enum _Platform {
  /// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
  static func onlineCoreCount() -> Int {
    #if hasFeature(Embedded)
      1
    #else
      max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #endif
  }

  /// Whether the environment variable `name` is set (the kernels' switches for tests).
  static func environmentHas(_ name: String) -> Bool {
    #if hasFeature(Embedded)
      false
    #else
      getenv(name) != nil
    #endif
  }

  /// Runs `body(0)`, …, `body(iterations - 1)`, on as many threads as the system gives
  /// (Dispatch's `concurrentPerform`), or one after the other where there are no threads.
  static func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) {
    #if hasFeature(Embedded)
      for iteration in 0..<iterations { body(iteration) }
    #else
      DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    #endif
  }

  /// A mutual-exclusion lock (`pthread_mutex_t`; nothing where there is one thread).
  ///
  /// Written on pthread rather than Synchronization's `Mutex`, which needs macOS 15 and iOS 18:
  /// the package supports iOS 15 and macOS 12.
  final class Lock: @unchecked Sendable {
    #if !hasFeature(Embedded)
      private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
      #if !hasFeature(Embedded)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
      #endif
    }

    deinit {
      #if !hasFeature(Embedded)
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
      #endif
    }

    @inline(__always) func lock() {
      #if !hasFeature(Embedded)
        pthread_mutex_lock(mutex)
      #endif
    }

    @inline(__always) func unlock() {
      #if !hasFeature(Embedded)
        pthread_mutex_unlock(mutex)
      #endif
    }
  }
}

// Concern: task-local values (a test's probe of the parallel path). The WebAssembly build has
// no tasks: its probe is never bound, and reads as its default.
#if hasFeature(Embedded)
  /// A value no task can bind: `get()` gives the default.
  struct _TaskLocal<Value>: @unchecked Sendable {
    private let defaultValue: Value
    init(wrappedValue: Value) { defaultValue = wrappedValue }
    func get() -> Value { defaultValue }
  }
#else
  /// Swift's `TaskLocal`.
  typealias _TaskLocal<Value: Sendable> = TaskLocal<Value>
#endif
