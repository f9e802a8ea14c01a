/// What a SwiftUI view that wraps a UIKit or AppKit text view does with its binding, kept out of
/// the adapters so Linux tests drive it: it tells the program's writes to the binding from the
/// echoes of the user's edits, which the view itself wrote.
///
/// SwiftUI calls the view's update with the binding's value both when the program wrote it and
/// after the view published the user's edit. Only a value other than the one last published is
/// the program's: it goes through `TextLimiter.setText(_:)` (rule 8) and is shown in the host.
/// Values are compared code unit by code unit: a program write that only changes normalization
/// (`é` for `e` + U+0301, which `==` calls equal) is a write.
///
/// While an input method composes, the binding keeps the text from before the composition: the
/// field shows the marked text, the binding receives the committed text (trimmed to the limit,
/// if need be) at the commit. So the binding never holds pinyin, kana or jamo in progress, and
/// holds over-limit text only when the program put it there.
///
/// A publish normally reaches the binding in the same turn as the edit. One made while SwiftUI
/// updates the view (state may not change then) reaches it only after the update; until it
/// does, the binding still holds the text published before, and an update that brings that text
/// back is not the program's write: taken as one, it would reset the field, losing the
/// keystroke, moving the caret to the end and clearing undo.
final class _BindingBridge {
  /// The text last published to the binding or taken from it.
  private(set) var published: String
  /// While a publish waits for the end of an update: the text the binding still holds.
  private var awaitingPublish: String?

  init(text: String) { published = text }

  /// SwiftUI updated the view with the binding's `value`.
  /// - Parameters:
  ///   - value: The binding's value now.
  ///   - limiter: The limiter of the host.
  ///   - show: Sets the host's text as the program does (`text = …`, no delegate call).
  /// - Returns: The text to write back to the binding when `setText` cut the program's text
  ///   (`.truncate`), else nil.
  func bindingChanged(
    to value: String, limiter: TextLimiter, show: (String) -> Void
  ) -> String? {
    guard !_TextLimitDelegateCore.sameCodeUnits(value, published) else { return nil }
    if let stale = awaitingPublish, _TextLimitDelegateCore.sameCodeUnits(value, stale) {
      return nil  // the binding has not received the text published during the update yet
    }
    awaitingPublish = nil  // the program's write supersedes the publish still to come
    let shown = limiter.setText(value)
    show(shown)
    published = shown
    return _TextLimitDelegateCore.sameCodeUnits(shown, value) ? nil : shown
  }

  /// The host's text after the user's edit (and the limiter's correction).
  /// - Parameter isComposing: Whether the host holds marked text: then nothing is published.
  /// - Returns: The text to publish to the binding, or nil when it is already there or a
  ///   composition is in progress.
  func hostChanged(to text: String, isComposing: Bool = false) -> String? {
    guard !isComposing, !_TextLimitDelegateCore.sameCodeUnits(text, published) else { return nil }
    published = text
    return text
  }

  /// The text `hostChanged` returned will be written to the binding only after the current
  /// update; `stale` is what the binding holds until then.
  func publishDeferred(replacing stale: String) {
    if awaitingPublish == nil { awaitingPublish = stale }
  }

  /// Whether a deferred publish is still to be written (not superseded by the program's write).
  var isAwaitingPublish: Bool { awaitingPublish != nil }

  /// The deferred publish reached the binding.
  func publishLanded() {
    awaitingPublish = nil
  }
}
