import Foundation
import Testing
import TextCount

@testable import TextLimit

/// The counter's state, what it shows and reads in a locale, and its default colours.
@Suite struct CounterPresentationTests {
  struct StateCase: CustomStringConvertible, Sendable {
    var count: Int
    var maxLength: Int
    var threshold: CounterThreshold?
    var state: LimitCounter.State
    var description: String { "\(count)/\(maxLength) \(String(describing: threshold))" }
  }

  @Test(arguments: [
    StateCase(count: 0, maxLength: 20, threshold: .standard, state: .normal),
    StateCase(count: 15, maxLength: 20, threshold: .standard, state: .normal),
    StateCase(count: 16, maxLength: 20, threshold: .standard, state: .warning),
    StateCase(count: 20, maxLength: 20, threshold: .standard, state: .warning),
    StateCase(count: 21, maxLength: 20, threshold: .standard, state: .over),
    StateCase(count: 259, maxLength: 280, threshold: .remaining(20), state: .normal),
    StateCase(count: 260, maxLength: 280, threshold: .remaining(20), state: .warning),
    StateCase(count: 74, maxLength: 100, threshold: .fractionUsed(0.75), state: .normal),
    StateCase(count: 75, maxLength: 100, threshold: .fractionUsed(0.75), state: .warning),
    StateCase(count: 99, maxLength: 100, threshold: nil, state: .normal),
    StateCase(count: 100, maxLength: 100, threshold: nil, state: .warning),
    StateCase(count: 101, maxLength: 100, threshold: nil, state: .over),
  ])
  func theStateFollowsTheThreshold(_ example: StateCase) {
    let counter = LimitCounter(count: example.count, maxLength: example.maxLength, unit: .utf8)
    #expect(counter.state(warningAt: example.threshold) == example.state)
  }

  @Test func theLimitersStateIsTheLimits() {
    var limit = TextLimit(maxLength: 10)
    limit.warningThreshold = .remaining(2)
    let limiter = TextLimiter(limit: limit, text: "abcdefg")
    #expect(limiter.counterState == .normal)
    #expect(limit.counterState(for: "abcdefgh") == .warning)
    #expect(TextLimiter(limit: limit, text: "abcdefgh").counterState == .warning)
  }

  /// The counter is read in the locale it is given (SwiftUI's environment), not the process's.
  @Test(arguments: [
    ("en_US", "88 remaining", "3 over the limit"),
    ("de_DE", "Noch 88", "Limit um 3 überschritten"),
    ("fr_FR", "Restant\u{00A0}: 88", "Limite dépassée de 3"),
    ("ja_JP", "残り 88", "上限を 3 超過"),
  ])
  func theCounterIsReadInTheGivenLocale(_ identifier: String, _ within: String, _ over: String) {
    let locale = Locale(identifier: identifier)
    let below = LimitCounter(count: 12, maxLength: 100, unit: .graphemes)
    let presentation = _CounterPresentation(below, state: .normal, locale: locale)
    #expect(presentation.accessibilityLabel == within)
    #expect(presentation.text == "12/100")
    let beyond = LimitCounter(count: 103, maxLength: 100, unit: .graphemes)
    #expect(_CounterPresentation(beyond, state: .over, locale: locale).accessibilityLabel == over)
  }

  /// WCAG 2's contrast ratio of two sRGB colours (relative luminance, "Understanding Success
  /// Criterion 1.4.3").
  static func contrast(_ a: _CounterPalette.Color, _ b: _CounterPalette.Color) -> Double {
    func luminance(_ color: _CounterPalette.Color) -> Double {
      func channel(_ value: UInt8) -> Double {
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(color.red) + 0.7152 * channel(color.green)
        + 0.0722 * channel(color.blue)
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  static func rgb(_ hex: UInt32) -> _CounterPalette.Color {
    _CounterPalette.Color(
      red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The system backgrounds a counter sits on: white, iOS's grouped background, macOS's window
  /// background (light); black, iOS's secondary and tertiary backgrounds, macOS's window (dark).
  static let lightBackgrounds = [rgb(0xFFFFFF), rgb(0xF2F2F7), rgb(0xECECEC)]
  static let darkBackgrounds = [rgb(0x000000), rgb(0x1C1C1E), rgb(0x2C2C2E), rgb(0x323232)]

  /// Every state's colour passes WCAG AA for small text (4.5:1) on every background of its
  /// appearance.
  @Test(arguments: [LimitCounter.State.normal, .warning, .over])
  func theCountersColoursPassWCAGAA(_ state: LimitCounter.State) {
    let pair = _CounterPalette.text(state)
    for background in Self.lightBackgrounds {
      #expect(Self.contrast(pair.light, background) >= 4.5, "\(state) light on \(background)")
    }
    for background in Self.darkBackgrounds {
      #expect(Self.contrast(pair.dark, background) >= 4.5, "\(state) dark on \(background)")
    }
  }

  /// Text drawn over the over-limit highlight keeps 4.5:1 (black on the light one, white on
  /// the dark one), and the states differ from one another.
  @Test func theOverflowHighlightKeepsTheTextReadable() {
    let highlight = _CounterPalette.overflowBackground
    #expect(Self.contrast(Self.rgb(0x000000), highlight.light) >= 4.5)
    #expect(Self.contrast(Self.rgb(0xFFFFFF), highlight.dark) >= 4.5)
    #expect(_CounterPalette.text(.normal) != _CounterPalette.text(.warning))
    #expect(_CounterPalette.text(.warning) != _CounterPalette.text(.over))
  }
}
