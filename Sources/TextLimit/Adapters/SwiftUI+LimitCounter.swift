#if canImport(SwiftUI)
  import Foundation
  import SwiftUI

  /// The counter under a limited view: `count/max` in the rule the limit's `counterRule` picks,
  /// red at and over the limit; VoiceOver reads what is left, or how far over it is, in the
  /// user's language.
  struct _CounterState: Equatable {
    var counter: LimitCounter

    init(_ limit: TextLimit, _ text: String) { counter = limit.counter(for: text) }

    init(_ limiter: TextLimiter) { counter = limiter.counter }

    @MainActor var view: some View {
      let locale = Locale.current
      let label =
        counter.isOverLimit
        ? _LocalizedStrings.overLimit(-counter.remaining, locale: locale)
        : _LocalizedStrings.remaining(counter.remaining, locale: locale)
      return Text(
        verbatim: _LocalizedStrings.counter(
          count: counter.count, maxLength: counter.maxLength, locale: locale)
      )
      .font(.caption)
      .monospacedDigit()
      .foregroundStyle(counter.remaining <= 0 ? Color.red : Color.secondary)
      .accessibilityLabel(Text(verbatim: label))
    }
  }
#endif
