import Foundation

/// A weak reference any thread may read, behind a lock: the adapters' forwarding delegate, which
/// the Objective-C runtime reads from `responds(to:)` and `forwardingTarget(for:)`, overrides
/// that are not main-actor isolated and so must not read main-actor state.
final class _WeakReference: @unchecked Sendable {
  private let lock = NSLock()
  private weak var storage: AnyObject?

  init(_ object: AnyObject? = nil) { storage = object }

  /// The object, while something else keeps it alive.
  var object: AnyObject? {
    get {
      lock.lock()  // not `withLock`: NSLocking gained it in macOS 14 and iOS 17
      defer { lock.unlock() }
      return storage
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      storage = newValue
    }
  }
}
