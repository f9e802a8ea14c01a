#if canImport(SwiftUI)
  import Foundation
  import SwiftUI

  /// The counter under a limited view: `count/max` in the rule the limit's `counterRule` picks,
  /// in the colour of its state (`_CounterPalette`: grey, amber past the warning threshold, red
  /// over the limit), in the environment's locale (`environment(\.locale)`: language and
  /// digits); VoiceOver reads what is left, or how far over it is (`_CounterPresentation`).
  struct _CounterView: View {
    let counter: LimitCounter
    let state: LimitCounter.State
    @Environment(\.locale) private var locale

    var body: some View {
      let presentation = _CounterPresentation(counter, state: state, locale: locale)
      Text(verbatim: presentation.text)
        .font(.caption)
        .monospacedDigit()
        .foregroundStyle(Color(limitPalette: _CounterPalette.text(state)))
        .accessibilityLabel(Text(verbatim: presentation.accessibilityLabel))
    }
  }

  extension Color {
    /// A `_CounterPalette` pair, following the appearance (watchOS, always dark: the dark one).
    init(limitPalette pair: _CounterPalette.Pair) {
      #if canImport(UIKit) && !os(watchOS)
        self.init(uiColor: UIColor(limitPalette: pair))
      #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
        self.init(nsColor: NSColor(limitPalette: pair))
      #else
        self.init(
          red: Double(pair.dark.red) / 255, green: Double(pair.dark.green) / 255,
          blue: Double(pair.dark.blue) / 255)
      #endif
    }
  }
#endif
