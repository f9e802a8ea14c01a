/// The time the announcements are paced by, and a way to be woken later: the main run loop in
/// an app (`_MainQueueAnnouncementClock`), a clock the tests advance by hand.
protocol _AnnouncementClock: AnyObject {
  /// Seconds on a monotonic clock.
  var now: Double { get }
  /// Calls `action` once, `delay` seconds from now, on the thread that drives the field.
  func schedule(after delay: Double, _ action: @escaping () -> Void)
}
