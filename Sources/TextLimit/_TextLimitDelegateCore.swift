import Foundation

/// What `TextLimitDelegate` does for the view it limits, UIKit and AppKit alike, with the
/// platform left out: the adapters turn each platform call into one of these and nothing more,
/// and the Linux tests drive them through a simulated field.
///
/// - Every will-change hook reaches the limiter (one range, several with one string as iOS 26
///   sends them, several with a string each as AppKit does), after the app's own delegate was
///   asked; the app's refusal stands.
/// - The limiter's own edits (a shortened paste, a trim), which the host may send back through
///   the delegate, are let through without asking the app: the app cannot veto a correction.
/// - An app delegate that changes the text itself and refuses the edit (a formatting delegate:
///   `text = …; return false`) has made the user's edit: it is limited after the fact.
/// - Every change that reached the host is reported once (`onTextChange`): the ones the host
///   reported through did-change, and the ones the limiter applied itself, which UIKit does not
///   promise to report (`textViewDidChange` is not called for programmatic changes).
/// - Reaching the limit, or an edit refused at it, is announced once to VoiceOver until the
///   text is below the limit again.
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
  /// Told when the limit is reached; nil: nobody is told.
  var announcer: (any LimitAnnouncer)?
  /// The locale of the announcement.
  var locale: Locale = .current
  /// The text last reported, nil before the first report.
  private var reportedText: String?
  /// Whether the limit was announced since the text was last below it.
  private var announced = false

  init(limit: TextLimit) {
    limiter = TextLimiter(limit: limit)
  }

  /// Starts limiting `host`: takes its text (cut at once under `.truncate`).
  func attach(_ host: some TextInputHost) {
    limiter.attach(to: host)
    report(host)
  }

  /// Enforces `limit` on `host` from now on, with the same `onLimitReached`.
  func setLimit(_ limit: TextLimit, on host: some TextInputHost) {
    limiter = limiter.replacingLimit(with: limit, on: host)
    report(host)
  }

  /// Which will-change hook the platform called.
  enum Hook {
    /// `textField(_:shouldChangeCharactersIn:replacementString:)` and the like: one range.
    case oneRange
    /// iOS 26's and AppKit's multi-range hooks (iOS 26 reports a commit through it as an empty
    /// range after the marked text).
    case multiRange
  }

  /// A will-change hook: the app's delegate is asked first (`askApp` gives its answer, nil when
  /// it has no such hook), then the limiter.
  /// - Returns: What the hook returns to the platform: whether the host applies the edit.
  func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacement: Replacement, hook: Hook,
    askApp: () -> Bool?
  ) -> Bool {
    if limiter.isApplyingCorrection { return true }
    let before = host.limitHostText
    if askApp() == false {
      if !Self.sameCodeUnits(host.limitHostText, before) {
        limiter.didChange(host)
        report(host)
      }
      return false
    }
    let accepted: Bool
    switch replacement {
    case .one(let string) where hook == .oneRange && ranges.count == 1:
      accepted = limiter.shouldChange(host, in: ranges[0], replacementText: string)
    case .one(let string):
      accepted = limiter.shouldChange(host, in: ranges, replacementText: string)
    case .each(let strings):
      accepted = limiter.shouldChange(host, in: ranges, replacementTexts: strings)
    }
    if !accepted && !report(host) { announceLimit() }
    return accepted
  }

  /// A did-change hook, or the host's own change notification (the path left when the app
  /// replaced the delegate): corrects what went over the limit, reports the text.
  func didChange(_ host: some TextInputHost) {
    limiter.didChange(host)
    report(host)
  }

  /// `NSTextField`'s formatter check (`isPartialStringValid`): the text an edit would make,
  /// before the field shows it, measured as a did-change measures an edit after the fact.
  /// - Returns: The text and selection to show instead, or nil to let the edit through.
  func correction(
    ofProposed proposed: String, selectedRange: NSRange, original: String,
    markedTextRange: NSRange?
  ) -> TextCorrection? {
    limiter.synchronize(with: original)
    return limiter.textDidChange(
      proposed, selectedRange: selectedRange, markedTextRange: markedTextRange)
  }

  /// Editing began: picks up text the program set since the last edit.
  func didBeginEditing(_ host: some TextInputHost) {
    limiter.synchronize(with: host)
  }

  /// Reports the host's text if it differs from the last reported, and announces the limit
  /// when the text reaches it.
  /// - Returns: Whether the text was reported (it changed).
  @discardableResult
  private func report(_ host: some TextInputHost) -> Bool {
    if limiter.counter.remaining > 0 {
      announced = false
    } else {
      announceLimit()
    }
    let text = host.limitHostText
    if let reportedText, Self.sameCodeUnits(reportedText, text) { return false }
    reportedText = text
    onTextChange?(text)
    return true
  }

  private func announceLimit() {
    guard !announced else { return }
    announced = true
    announcer?.announce(_LocalizedStrings.limitReached(locale: locale))
  }

  /// Whether two texts have the same UTF-8 code units (`==` on `String` says canonically
  /// equivalent: a change of normalization alone is a change here).
  static func sameCodeUnits(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }
}
