/// Speaks to assistive technologies: the adapters tell VoiceOver when a field reaches its
/// limit through one (UIKit's `UIAccessibility.post(notification: .announcement, argument:)`,
/// AppKit's `NSAccessibility.post(element:notification:userInfo:)` with
/// `.announcementRequested`). Replace it to route announcements elsewhere, or to test them.
public protocol LimitAnnouncer: AnyObject {
  /// Speaks `message` (already localized).
  func announce(_ message: String)
}
