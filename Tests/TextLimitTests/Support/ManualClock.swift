@testable import TextLimit

/// A clock the tests advance by hand: `advance(by:)` runs, in order, every action scheduled to
/// come due by then (as the main run loop would, had that much time passed with no input).
final class ManualClock: _AnnouncementClock {
  private(set) var now: Double = 0
  private var scheduled: [(due: Double, order: Int, action: () -> Void)] = []
  private var made = 0

  func schedule(after delay: Double, _ action: @escaping () -> Void) {
    made += 1
    scheduled.append((now + max(0, delay), made, action))
  }

  /// Lets `seconds` pass, running what comes due, at the time it comes due.
  func advance(by seconds: Double) {
    let end = now + seconds
    while let next = scheduled.indices.min(by: {
      (scheduled[$0].due, scheduled[$0].order) < (scheduled[$1].due, scheduled[$1].order)
    }), scheduled[next].due <= end {
      let (due, _, action) = scheduled.remove(at: next)
      now = max(now, due)
      action()
    }
    now = end
  }
}
