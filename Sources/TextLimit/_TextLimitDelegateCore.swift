import Foundation

/// What `TextLimitDelegate` does for the view it limits, UIKit and AppKit alike, with the
/// platform left out: the adapters turn each platform call into one of these and nothing more,
/// and the Linux tests drive them through a simulated field.
///
/// - Every will-change hook reaches the limiter (one range, several with one string as iOS 26
///   sends them, several with a string each as AppKit does), which decides; then the app's own
///   delegate is asked about the edit that will be applied (the shortened one, when the limiter
///   shortens it); the app's refusal stands.
/// - An undo or a redo is taken as it is (the limiter's rule 8), in the will-change hook and
///   after it, and in `NSTextField`'s formatter check.
/// - The limiter's own edits (a shortened paste, a trim), which the host may send back through
///   the delegate, are let through without asking the app: the app cannot veto a correction.
/// - An app delegate that changes the text itself and refuses the edit (a formatting delegate:
///   `text = …; return false`) has made the user's edit: it is limited after the fact.
/// - Every change that reached the host is reported once (`onTextChange`): the ones the host
///   reported through did-change, and the ones the limiter applied itself, which UIKit does not
///   promise to report (`textViewDidChange` is not called for programmatic changes).
/// - What VoiceOver hears answers the user's edits only (`_AnnouncementPacer`): "Limit reached"
///   when an edit reaches the limit or is refused there, once until the text is below it again;
///   the count when the user pauses typing, past the limit's warning threshold. Attaching to a
///   view, a new limit and text the program set are never announced.
final class _TextLimitDelegateCore {
  /// What an edit puts in its ranges: one string in the range the host picks (UIKit), or one
  /// string per range (AppKit).
  enum Replacement {
    case one(String)
    case each([String])
  }

  /// The engine; replaced by `setLimit(_:on:)`.
  private(set) var limiter: TextLimiter
  /// Called with the host's text after each change that reached it, once per distinct text
  /// (compared code unit by code unit, so a change of normalization alone is a change).
  var onTextChange: ((String) -> Void)?
  /// Told what to say to VoiceOver; nil: nobody is told.
  var announcer: (any LimitAnnouncer)?
  /// The locale of the announcements.
  var locale: Locale = .current
  /// When announcements are said.
  private var pacer = _AnnouncementPacer()
  /// The clock that times the pause before the count is spoken.
  let clock: any _AnnouncementClock
  /// Whether a wake-up at the pacer's deadline is scheduled on the clock.
  private var pauseScheduled = false
  /// The text last reported, nil before the first report.
  private var reportedText: String?
  /// The counter's count when the text was last reported.
  private var reportedCount = 0
  /// Paints the text beyond a soft limit in the view (X's composer paints it red), told after
  /// each change of the text or the limit while text is beyond the limit (or was until this
  /// change): not only when the range moves, since the characters in it may have changed.
  var overflowPainter: (any _OverflowPainting)? {
    didSet { paintedOverflow = nil }
  }
  /// The range last given to `overflowPainter` to paint.
  private var paintedOverflow: NSRange?

  /// - Parameters:
  ///   - limit: The limit to enforce.
  ///   - clock: Times the pause after the user's last edit (the main run loop's in an app).
  init(limit: TextLimit, clock: any _AnnouncementClock) {
    limiter = TextLimiter(limit: limit)
    self.clock = clock
  }

  /// How long the user must stop typing before VoiceOver hears the count, in seconds.
  var announcementPause: Double {
    get { pacer.pause }
    set { pacer.pause = newValue }
  }

  /// Starts limiting `host`: takes its text (cut at once under `.truncate`). Nothing is
  /// announced: nobody typed.
  func attach(_ host: some TextInputHost) {
    limiter.attach(to: host)
    programChanged(host)
  }

  /// Enforces `limit` on `host` from now on, with the same `onLimitReached`. Nothing is
  /// announced.
  func setLimit(_ limit: TextLimit, on host: some TextInputHost) {
    limiter = limiter.replacingLimit(with: limit, on: host)
    programChanged(host)
  }

  /// Which will-change hook the platform called.
  enum Hook {
    /// `textField(_:shouldChangeCharactersIn:replacementString:)` and the like: one range.
    case oneRange
    /// iOS 26's and AppKit's multi-range hooks (iOS 26 reports a commit through it as an empty
    /// range after the marked text).
    case multiRange
  }

  /// A will-change hook: the limiter decides, then the app's delegate is asked about the edit
  /// that will be applied (`askApp` gives its answer for those ranges and strings, nil when it
  /// has no such hook): the user's edit as it is, or the limiter's shortened or repaired edit,
  /// so an app that computes the new text in its will-change hook (UIKit's text field has no
  /// did-change) computes the text the field will show. The app's refusal stands. An edit the
  /// limit refuses outright is not offered to the app: nothing would be applied.
  /// - Returns: What the hook returns to the platform: whether the host applies the edit.
  func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacement: Replacement, hook: Hook,
    askApp: @escaping (_ ranges: [NSRange], _ replacements: [String]) -> Bool?
  ) -> Bool {
    if limiter.isApplyingCorrection { return true }
    let before = host.limitHostText
    var appRefused = false
    let approval: _EditApproval = { ranges, strings in
      appRefused = askApp(ranges, strings) == false
      return !appRefused
    }
    let accepted: Bool
    switch replacement {
    case .one(let string) where hook == .oneRange && ranges.count == 1:
      accepted = limiter.shouldChange(
        host, in: ranges[0], replacementText: string, approval: approval)
    case .one(let string):
      accepted = limiter.shouldChange(
        host, in: ranges, replacementText: string, approval: approval)
    case .each(let strings):
      accepted = limiter.shouldChange(
        host, in: ranges, replacementTexts: strings, approval: approval)
    }
    if appRefused {
      // A formatting delegate (`text = …; return false`) made the edit itself.
      if !Self.sameCodeUnits(host.limitHostText, before) {
        limiter.didChange(host)
        userChanged(host)
      }
      return false
    }
    // An accepted edit is reported at its did-change; a refused one, or one the limiter applied
    // itself (shortened or repaired), now.
    if !accepted { userChanged(host) }
    return accepted
  }

  /// A did-change hook, or the host's own change notification (the path left when the app
  /// replaced the delegate): corrects what went over the limit, reports the text.
  func didChange(_ host: some TextInputHost) {
    limiter.didChange(host)
    userChanged(host)
  }

  /// `NSTextField`'s formatter check (`isPartialStringValid`): the text an edit would make,
  /// before the field shows it, measured as a did-change measures an edit after the fact. An
  /// undo or a redo (`isUndoingOrRedoing`: the field editor's undo manager is at work) is let
  /// through as it is.
  /// - Returns: The text and selection to show instead, or nil to let the edit through.
  func correction(
    ofProposed proposed: String, selectedRange: NSRange, original: String,
    markedTextRange: NSRange?, isUndoingOrRedoing: Bool
  ) -> TextCorrection? {
    limiter.synchronize(with: original)
    guard !isUndoingOrRedoing else { return nil }
    return limiter.textDidChange(
      proposed, selectedRange: selectedRange, markedTextRange: markedTextRange)
  }

  /// Editing began: picks up text the program set since the last edit (and paints its
  /// overflow under a soft limit).
  func didBeginEditing(_ host: some TextInputHost) {
    programSetText(host)
  }

  /// A user's edit reached the host (or was refused): reports the text, says "Limit reached"
  /// if the edit reached the limit, and starts the pause after which the count is spoken.
  private func userChanged(_ host: some TextInputHost) {
    let before = reportedCount
    report(host)
    updateOverflow(host)
    let counter = limiter.counter
    reportedCount = counter.count
    if let message = pacer.userEdited(counter, shrank: counter.count < before, at: clock.now) {
      say(message)
    }
    schedulePause()
  }

  /// The program changed the text or the limit: reported, never announced.
  private func programChanged(_ host: some TextInputHost) {
    report(host)
    updateOverflow(host)
    let counter = limiter.counter
    reportedCount = counter.count
    pacer.programChanged(counter)
  }

  /// The program set the host's text without telling the limiter (`text = …`, a SwiftUI
  /// binding): the limiter takes it, and the overflow's highlight follows. It is not reported
  /// (`onTextChange` hears of the user's changes and the limiter's) nor announced.
  func programSetText(_ host: some TextInputHost) {
    limiter.synchronize(with: host)
    updateOverflow(host)
    let counter = limiter.counter
    reportedCount = counter.count
    pacer.programChanged(counter)
  }

  /// Editing ended (the view lost focus): a count waiting for the pause is not spoken.
  func didEndEditing() {
    pacer.cancelPause()
  }

  /// Clears the painted overflow and lets the painter go (the view is detached).
  func stopPaintingOverflow() {
    guard let painter = overflowPainter else { return }
    if let painted = paintedOverflow { painter.paint(clearing: painted, painting: nil) }
    painter.stop()
    overflowPainter = nil
  }

  /// Tells `overflowPainter` what to clear and paint, while text is (or was) beyond a soft
  /// limit.
  private func updateOverflow(_ host: some TextInputHost) {
    guard let overflowPainter else { return }
    let overflow = limiter.limit.enforcement == .soft ? limiter.overflowRange : nil
    guard overflow != nil || paintedOverflow != nil else { return }
    let length = host.limitHostText.utf16.count
    let clear = paintedOverflow.map { painted -> NSRange in
      let start = min(painted.location, overflow?.location ?? painted.location, length)
      return NSRange(location: start, length: length - start)
    }
    paintedOverflow = overflow
    overflowPainter.paint(clearing: clear.flatMap { $0.length > 0 ? $0 : nil }, painting: overflow)
  }

  /// Wakes up at the end of the pause (once: a wake-up before the deadline, which a later edit
  /// moved, sleeps again until it).
  private func schedulePause() {
    guard !pauseScheduled, let deadline = pacer.deadline else { return }
    pauseScheduled = true
    clock.schedule(after: max(0, deadline - clock.now)) { [weak self] in
      guard let self else { return }
      self.pauseScheduled = false
      guard let deadline = self.pacer.deadline else { return }
      if self.clock.now < deadline {
        self.schedulePause()
      } else if let message = self.pacer.pauseElapsed(
        self.limiter.counter, threshold: self.limiter.limit.warningThreshold, at: self.clock.now)
      {
        self.say(message)
      }
    }
  }

  private func say(_ message: _AnnouncementPacer.Message) {
    guard let announcer else { return }
    switch message {
    case .limitReached: announcer.announce(_LocalizedStrings.limitReached(locale: locale))
    case .remaining(let count):
      announcer.announce(_LocalizedStrings.remaining(count, locale: locale))
    case .overLimit(let count):
      announcer.announce(_LocalizedStrings.overLimit(count, locale: locale))
    }
  }

  /// Reports the host's text if it differs from the last reported.
  /// - Returns: Whether the text was reported (it changed).
  @discardableResult
  private func report(_ host: some TextInputHost) -> Bool {
    let text = host.limitHostText
    if let reportedText, Self.sameCodeUnits(reportedText, text) { return false }
    reportedText = text
    onTextChange?(text)
    return true
  }

  /// Whether two texts have the same UTF-8 code units (`==` on `String` says canonically
  /// equivalent: a change of normalization alone is a change here).
  static func sameCodeUnits(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }
}
