import Dispatch
import Foundation

/// The adapters' announcement clock: the system's uptime, and wake-ups on the main queue, where
/// UIKit, AppKit and SwiftUI drive their views.
final class _MainQueueAnnouncementClock: _AnnouncementClock {
  var now: Double { ProcessInfo.processInfo.systemUptime }

  func schedule(after delay: Double, _ action: @escaping () -> Void) {
    // The action touches the delegate's state, which lives on the main thread: it runs there.
    nonisolated(unsafe) let action = action
    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { action() }
  }
}
