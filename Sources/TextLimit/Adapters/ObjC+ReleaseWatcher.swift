#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  import Foundation
  import ObjectiveC

  /// Tells a `TextLimitDelegate` when the object it forwards to is released: an object
  /// associated with that object is released with it, and its `deinit` makes the views the
  /// delegate serves ask it again which methods it implements (a scroll view would otherwise
  /// keep sending the methods the released object had).
  final class _ReleaseWatcher {
    private weak var delegate: TextLimitDelegate?

    private init(_ delegate: TextLimitDelegate) { self.delegate = delegate }

    deinit {
      let delegate = self.delegate
      if Thread.isMainThread {
        _assumeMainActor { delegate?.refreshDelegateCaches() }
      } else {
        Task { @MainActor in delegate?.refreshDelegateCaches() }
      }
    }

    /// Watches `object` for `delegate` (one watcher per delegate and object).
    @MainActor static func watch(_ object: AnyObject, for delegate: TextLimitDelegate) {
      let key = UnsafeRawPointer(Unmanaged.passUnretained(delegate).toOpaque())
      objc_setAssociatedObject(
        object, key, _ReleaseWatcher(delegate), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
#endif
