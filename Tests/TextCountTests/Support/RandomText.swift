/// Random text built from a weighted alphabet of every grapheme class, and random bytes that
/// are mostly ill-formed UTF-8, for the differential and property tests.
enum RandomText {
  /// Scalars of every class the segmentation rules tell apart, with weights.
  static let alphabet: [(weight: Int, scalars: [UInt32])] = [
    (6, [0x61, 0x20, 0x7A, 0x2E]),  // ASCII
    (2, [0x0D]), (2, [0x0A]), (1, [0x01, 0x1F, 0x7F, 0x85, 0xAD, 0x2028]),  // CR, LF, controls
    (5, [0x0301, 0x0308, 0x0327, 0x20E3, 0xFE0F, 0x1F3FB, 0x1F3FF, 0x093C, 0x0A81]),  // Extend
    (1, [0x200C]),  // ZWNJ
    (4, [0x200D]),  // ZWJ
    (4, [0x1F1E6, 0x1F1EF, 0x1F1F5, 0x1F1FF]),  // regional indicators
    (2, [0x0600, 0x0605, 0x110BD, 0x0D4E]),  // Prepend
    (2, [0x0903, 0x093E, 0x0E33, 0x1D166]),  // SpacingMark
    (2, [0x1100, 0x115F]), (2, [0x1161, 0x11A7]), (2, [0x11A8, 0x11FF]),  // Hangul L, V, T
    (2, [0xAC00, 0xAC1C]), (2, [0xAC01, 0xD7A3]),  // Hangul LV, LVT
    (4, [0x1F600, 0x2764, 0x1F44D, 0x1F468, 0x1F469, 0x1F467, 0x00A9, 0x1F3F3, 0x26A7]),  // ExtPict
    (4, [0x0915, 0x0937, 0x0995, 0x0A95, 0x0B15, 0x0C15, 0x0D15, 0x1000]),  // InCB consonants
    (3, [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D, 0x1039, 0x17D2]),  // linkers and others
    (2, [0x4E00, 0x3042, 0x0416, 0x0628, 0x05D0]),  // CJK, kana, Cyrillic, Arabic, Hebrew
    (1, [0x16D63, 0x16D67, 0x0897, 0x0AFB]),  // Kirat Rai vowels, new Extend
    (1, [0x10FFFF, 0xFFFD, 0xE000, 0x2065]),  // edges, private use, unassigned ignorable
  ]

  static let totalWeight = alphabet.reduce(0) { $0 + $1.weight }

  static func scalar(using random: inout some RandomNumberGenerator) -> UInt32 {
    var pick = Int.random(in: 0..<totalWeight, using: &random)
    for entry in alphabet {
      if pick < entry.weight { return entry.scalars.randomElement(using: &random)! }
      pick -= entry.weight
    }
    fatalError("unreachable")
  }

  /// A random string of up to `maxScalars` scalars.
  static func string(maxScalars: Int, using random: inout some RandomNumberGenerator) -> String {
    let length = Int.random(in: 0...maxScalars, using: &random)
    return String(scalars: (0..<length).map { _ in scalar(using: &random) })
  }

  /// A text of up to about `maxBytes` bytes: runs of standalone scalars one to four bytes long
  /// (what the cluster kernel takes, CR LF among them) between random strings (joiners: the
  /// automaton kernel's).
  static func longText(maxBytes: Int, using random: inout some RandomNumberGenerator) -> String {
    let runs = ["plain ascii text ", "line\r\n", "中文字符串，", "кириллица ", "😀🚀", "\r\n"]
    var text = ""
    while text.utf8.count < Int.random(in: 0...maxBytes, using: &random) {
      if Bool.random(using: &random) {
        text += String(
          repeating: runs.randomElement(using: &random)!,
          count: Int.random(in: 1...12, using: &random))
      } else {
        text += string(maxScalars: 40, using: &random)
      }
    }
    return text
  }

  /// Bytes that mix well-formed scalars with every kind of ill-formed sequence: stray
  /// continuation bytes, overlongs, surrogates, out-of-range leads, truncated sequences.
  static func bytes(maxLength: Int, using random: inout some RandomNumberGenerator) -> [UInt8] {
    let tricky: [UInt8] = [
      0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF,
      0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF, 0x0D, 0x0A, 0x41,
    ]
    var bytes: [UInt8] = []
    let target = Int.random(in: 0...maxLength, using: &random)
    while bytes.count < target {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4: bytes.append(tricky.randomElement(using: &random)!)
      case 4..<8: bytes.append(contentsOf: String(Unicode.Scalar(scalar(using: &random))!).utf8)
      case 8:  // a well-formed scalar cut short
        let encoded = Array(String(Unicode.Scalar(scalar(using: &random))!).utf8)
        bytes.append(contentsOf: encoded.prefix(Int.random(in: 1...encoded.count, using: &random)))
      default: bytes.append(UInt8.random(in: 0...255, using: &random))
      }
    }
    return bytes
  }
}
