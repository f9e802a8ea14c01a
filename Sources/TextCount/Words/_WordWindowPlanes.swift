/// The word kernel's window planes (`textcount_count_word_run`'s `windowPlanes`): for each
/// window of 128 code points (U+c's is `c >> 7`: 1–15 the two-byte scalars, 16–511 the
/// three-byte ones), five bitmaps of 16 bytes (bit `p & 7` of byte `p >> 3` for the place `p` in
/// the window) that say what the kernel makes of a scalar, from `_WordProperties`: a letter, a
/// digit, an ideograph, an extend, or a stop. A scalar in none is of no word and joins nothing
/// (Other that is no word character, WSegSpace).
enum _WordWindowPlanes {
  /// The bitmaps of one window, in this order.
  enum Plane: Int, CaseIterable {
    /// ALetter and a letter: a run of letters and digits is a word (WB5, WB9, WB10).
    case letter
    /// Numeric and a number (WB8–WB10).
    case digit
    /// Other and a letter, number or ideograph: a word of its own (WB999).
    case ideograph
    /// Extend or Format that is no word character: attached to the scalar before (WB4).
    case extend
    /// Any other class (MidLetter, Katakana, Hebrew_Letter, ZWJ, line breaks...), a letter or
    /// number of another class, an extend that is a word character (which makes its segment a
    /// word: Halfwidth Katakana's sound marks alone in 17.0), and the surrogates (ill-formed in
    /// UTF-8): left to the scalar loop.
    case stop
  }

  static let windowCount = 512
  static let bytesPerWindow = 16 * Plane.allCases.count

  /// The planes a code point's scalar is in, a bit each (bit `Plane.rawValue`).
  static func planes(of codePoint: UInt32) -> UInt8 {
    @inline(__always) func bit(_ plane: Plane) -> UInt8 { 1 << plane.rawValue }
    if (0xD800...0xDFFF).contains(codePoint) { return bit(.stop) }
    let properties = _WordProperties(of: codePoint)
    let isWord = properties.isWordCharacter
    switch properties.wordBreakClass {
    case .aLetter: return isWord ? bit(.letter) : bit(.stop)
    case .numeric: return isWord ? bit(.digit) : bit(.stop)
    case .other: return isWord ? bit(.ideograph) : 0
    case .wSegSpace: return 0
    case .extend, .format: return isWord ? bit(.stop) : bit(.extend)
    default: return bit(.stop)
    }
  }

  /// Every window's planes, window after window (window 0, ASCII, empty).
  static func make() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: windowCount * bytesPerWindow)
    for window in 1..<windowCount {
      for place in 0..<128 {
        let planes = planes(of: UInt32(window << 7 | place))
        for plane in 0..<Plane.allCases.count where planes & (1 << plane) != 0 {
          bytes[window * bytesPerWindow + plane * 16 + place >> 3] |= 1 << (place & 7)
        }
      }
    }
    return bytes
  }
}
