import Foundation

/// What a live counter shows and what VoiceOver reads of it, in a locale (SwiftUI's
/// `environment(\.locale)` for the SwiftUI views): kept apart from the views so the Linux tests
/// check it.
struct _CounterPresentation: Equatable {
  /// The visible counter, "12/100", in the locale's digits.
  var text: String
  /// What VoiceOver reads: "88 remaining", or "3 over the limit".
  var accessibilityLabel: String
  /// The state the counter's colour follows.
  var state: LimitCounter.State

  /// - Parameters:
  ///   - counter: The counter.
  ///   - state: Its state (`LimitCounter.state(warningAt:)`).
  ///   - locale: The language and digits to use.
  init(_ counter: LimitCounter, state: LimitCounter.State, locale: Locale) {
    text = _LocalizedStrings.counter(
      count: counter.count, maxLength: counter.maxLength, locale: locale)
    accessibilityLabel =
      counter.isOverLimit
      ? _LocalizedStrings.overLimit(-counter.remaining, locale: locale)
      : _LocalizedStrings.remaining(counter.remaining, locale: locale)
    self.state = state
  }
}
