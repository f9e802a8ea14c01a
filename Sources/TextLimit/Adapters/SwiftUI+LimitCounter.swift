#if canImport(SwiftUI)
  import SwiftUI

  /// The counter under a limited view: `count/max`, red at the limit.
  struct _CounterState: Equatable {
    var text: String
    var remaining: Int

    init(_ limit: TextLimit, _ text: String) {
      self.text = limit.counterText(for: text)
      remaining = limit.remaining(in: text)
    }

    init(_ limiter: TextLimiter) {
      text = limiter.counterText
      remaining = limiter.remaining
    }

    @MainActor var view: some View {
      Text(text)
        .font(.caption)
        .monospacedDigit()
        .foregroundStyle(remaining == 0 ? Color.red : Color.secondary)
        .accessibilityLabel(Text("\(remaining) remaining"))
    }
  }
#endif
