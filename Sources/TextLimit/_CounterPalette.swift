/// The default colours of the counter's states and of the over-limit highlight, for the light
/// and the dark appearance, as sRGB. Each colour of text passes WCAG 2 level AA for the
/// counter's small text (a contrast of 4.5:1 or more) on the system's light and dark
/// backgrounds, and the text drawn over the highlight keeps that contrast too
/// (`CounterPaletteTests` computes the ratios).
enum _CounterPalette {
  /// An sRGB colour.
  struct Color: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
  }

  /// A colour for each appearance.
  struct Pair: Equatable {
    var light: Color
    var dark: Color
  }

  /// The counter's text colour in `state`: a grey within the limit (the system's secondary
  /// label colour falls short of 4.5:1 on white), amber past the warning threshold, red over
  /// the limit.
  static func text(_ state: LimitCounter.State) -> Pair {
    switch state {
    case .normal:
      return Pair(
        light: Color(red: 0x5E, green: 0x5E, blue: 0x63),
        dark: Color(red: 0xAE, green: 0xAE, blue: 0xB2))
    case .warning:
      return Pair(
        light: Color(red: 0x8A, green: 0x4B, blue: 0x00),
        dark: Color(red: 0xFF, green: 0xB3, blue: 0x40))
    case .over:
      return Pair(
        light: Color(red: 0xC4, green: 0x00, blue: 0x1F),
        dark: Color(red: 0xFF, green: 0x6B, blue: 0x6B))
    }
  }

  /// The background painted behind the text beyond a soft limit: a light red under dark text,
  /// a dark red under light text.
  static let overflowBackground = Pair(
    light: Color(red: 0xFF, green: 0xD6, blue: 0xD6),
    dark: Color(red: 0x5C, green: 0x1A, blue: 0x1A))
}
