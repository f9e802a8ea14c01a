/// When assistive technology hears about a limited field, decided apart from any platform (the
/// time is passed in, in seconds on any monotonic clock), so UIKit, AppKit, SwiftUI and the web
/// speak alike and the Linux tests drive it with a clock they control. It follows GOV.UK's
/// character count (the count is announced once the user stops typing, never on every
/// keystroke) and X's composer (a warning as the limit nears). Package-visible: the web's
/// field limiter drives it through the WebAssembly module (JavaScript/wasm/WebExports.swift).
/// - "Limit reached", at once, when a user's edit reaches the limit or is refused there, or
///   crosses a soft limit; once, until the text is below the limit again. Text the program sets
///   (a draft restored at the limit, a new limit) is never announced: nobody typed.
/// - The count ("12 remaining", "3 over the limit") when the user pauses typing for `pause`
///   seconds after an edit, if the counter is past its warning threshold (at every pause when
///   there is none). A pause in which "Limit reached" was said says nothing more, and at the
///   limit itself the pause is silent: nothing is spoken twice for one pause.
package struct _AnnouncementPacer {
  /// What to say, to be put in the user's language.
  package enum Message: Equatable {
    /// The limit is reached.
    case limitReached
    /// This many remain.
    case remaining(Int)
    /// The text is this far over the limit.
    case overLimit(Int)
  }

  /// How long the user must stop typing before the count is spoken, in seconds.
  package var pause: Double
  /// When the pause after the last edit ends, if one is running.
  package private(set) var deadline: Double?
  /// Whether "Limit reached" was said since the text was last below the limit.
  private var limitAnnounced = false
  /// Whether something was said since the last pause ended.
  private var spokeSinceLastPause = false

  /// A pacer that speaks the count after `pause` seconds without an edit.
  package init(pause: Double = 1) {
    self.pause = pause
  }

  /// A user's edit (applied, shortened, trimmed or refused) left the counter at `counter`; the
  /// pause starts again.
  /// - Parameters:
  ///   - counter: The counter after the edit.
  ///   - shrank: Whether the edit made the text shorter (a deletion): deleting from text over
  ///     the limit does not reach the limit, and says nothing.
  ///   - now: The time.
  /// - Returns: What to say at once: `.limitReached` when the edit reached or crossed the
  ///   limit, or was refused there, and it was not said since the text was last below it.
  package mutating func userEdited(_ counter: LimitCounter, shrank: Bool, at now: Double)
    -> Message?
  {
    deadline = now + pause
    guard counter.remaining <= 0 else {
      limitAnnounced = false
      return nil
    }
    guard !limitAnnounced, !shrank else { return nil }
    limitAnnounced = true
    spokeSinceLastPause = true
    return .limitReached
  }

  /// The program changed the text or the limit: nothing is said, and the limit is announced
  /// again when a user's edit next reaches it if the text is now below it.
  package mutating func programChanged(_ counter: LimitCounter) {
    if counter.remaining > 0 { limitAnnounced = false }
  }

  /// Editing ended (the field lost focus, or the limit was removed): the count waiting for the
  /// pause is not said.
  package mutating func cancelPause() {
    deadline = nil
    spokeSinceLastPause = false
  }

  /// Time passed; call it when `deadline` is reached (or later).
  /// - Returns: The count to say, if the pause has ended and something is to be said.
  package mutating func pauseElapsed(
    _ counter: LimitCounter, threshold: CounterThreshold?, at now: Double
  ) -> Message? {
    guard let deadline, now >= deadline else { return nil }
    self.deadline = nil
    let spoke = spokeSinceLastPause
    spokeSinceLastPause = false
    guard !spoke else { return nil }
    if counter.remaining < 0 { return .overLimit(-counter.remaining) }
    guard counter.remaining > 0, counter.state(warningAt: threshold) != .normal || threshold == nil
    else { return nil }
    return .remaining(counter.remaining)
  }
}
