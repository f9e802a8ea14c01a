#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  import Foundation

  /// Runs `body` on the main actor from code the compiler cannot prove runs there (a
  /// `Formatter` override, a `deinit`, an announcer the engine calls), which UIKit and AppKit
  /// call on the main thread: `MainActor.assumeIsolated` where the system has it (iOS 17, macOS
  /// 14), else a check that this is the main thread and the call.
  func _assumeMainActor<Result: Sendable>(_ body: @MainActor () -> Result) -> Result {
    if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
      return MainActor.assumeIsolated(body)
    }
    precondition(Thread.isMainThread, "TextLimit: UIKit and AppKit call this on the main thread")
    return withoutActuallyEscaping(body) { body in
      unsafeBitCast(body, to: (() -> Result).self)()
    }
  }
#endif
