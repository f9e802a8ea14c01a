/// The character classes of twitter-text's URL and mention grammar (its `regexp/` files), and of
/// Mastodon's changes to it (Mastodon's `config/initializers/twitter_regex.rb`), a scalar at a
/// time. Facts from both projects' published patterns; the code is ours.
enum _URLCharacters {
  /// An ASCII letter or digit.
  static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
    isASCIILetter(c.value) || isASCIIDigit(c.value)
  }

  /// An ASCII letter, by its value (a scalar's, or a byte's).
  @inline(__always)
  static func isASCIILetter(_ value: UInt32) -> Bool { (value | 0x20) &- 0x61 <= 0x7A - 0x61 }

  /// An ASCII digit, by its value (a scalar's, or a byte's).
  @inline(__always)
  static func isASCIIDigit(_ value: UInt32) -> Bool { value &- 0x30 <= 9 }

  /// An ASCII digit.
  static func isDigit(_ c: Unicode.Scalar) -> Bool { (0x30...0x39).contains(c.value) }

  /// `a`–`z` for ASCII letters of either case, anything else as it is: twitter-text's patterns
  /// are case-insensitive.
  static func asciiFolded(_ c: Unicode.Scalar) -> Unicode.Scalar {
    (0x41...0x5A).contains(c.value) ? Unicode.Scalar(UInt8(c.value | 0x20)) : c
  }

  /// twitter-text's `punct`: ASCII punctuation, but `"` and `` ` ``.
  static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
    guard c.isASCII else { return false }
    switch UInt8(c.value) {
    case UInt8(ascii: "!"), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
      UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "\\"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "?"),
      UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "^"),
      UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"),
      UInt8(ascii: "~"), UInt8(ascii: "$"):
      return true
    default: return false
    }
  }

  /// Unicode's White_Space (what Ruby's `\p{White_Space}` and `[[:space:]]` match), written out:
  /// the property has held these 25 code points since Unicode 6.3 (faster than asking
  /// `Unicode.Scalar.Properties`, a table lookup per call).
  static func isWhiteSpace(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default: return false
    }
  }

  /// The ASCII label characters (`isLabelCharacter`), a bit per code point.
  /// (Literal constants, which the compiler initializes statically: a static computed at first
  /// use is checked at every read, once per scalar of a post. `PostTextConformanceTests` checks
  /// `isLabelCharacter` against `isPunctuation` and `isSpace`.)
  private static let asciiLabelCharacters: (low: UInt64, high: UInt64) = (
    0x03FF_2004_FFFF_C1FF, 0x87FF_FFFF_87FF_FFFE
  )

  /// twitter-text's `spaces`.
  static func isSpace(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
      0x205F, 0x3000:
      return true
    default: return false
    }
  }

  /// twitter-text's `invalidChars`: U+FFFE, U+FEFF, U+FFFF.
  static func isInvalid(_ c: Unicode.Scalar) -> Bool {
    c.value == 0xFFFE || c.value == 0xFEFF || c.value == 0xFFFF
  }

  /// twitter-text's `directionalMarkersGroup`.
  static func isDirectionalMarker(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x202A...0x202E, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// twitter-text's `validDomainChars`: anything but punctuation, spaces, invalid characters and
  /// directional markers (so letters of any script, digits, emoji, `"`).
  static func isDomainCharacter(_ c: Unicode.Scalar) -> Bool {
    !(isPunctuation(c) || isSpace(c) || isInvalid(c) || isDirectionalMarker(c))
  }

  /// A character of a domain label's run: a domain character, `_` or `-`.
  static func isLabelCharacter(_ c: Unicode.Scalar) -> Bool {
    let value = c.value
    if value < 64 { return asciiLabelCharacters.low >> UInt64(value) & 1 != 0 }
    if value < 128 { return asciiLabelCharacters.high >> UInt64(value - 64) & 1 != 0 }
    return isDomainCharacter(c)
  }

  /// Whether an ASCII character may both precede a URL (`mayPrecedeURL`) and start its host
  /// (`isDomainCharacter`): `"`, `` ` `` and the controls that are not twitter-text's spaces.
  /// Read where it stands after white space, it starts a host; read from it, it precedes one.
  /// (Literal masks, as `asciiLabelCharacters`'; `PostTextConformanceTests` checks them.)
  static func mayPrecedeAndStartHost(ascii byte: UInt8) -> Bool {
    let masks: (low: UInt64, high: UInt64) = (0x0000_0004_FFFF_C1FF, 0x8000_0001_0000_0000)
    return byte < 64 ? masks.low >> UInt64(byte) & 1 != 0 : masks.high >> UInt64(byte & 63) & 1 != 0
  }

  /// twitter-text's `validUrlPrecedingChars`: what may stand just before a URL (anything but an
  /// ASCII letter or digit, `@`, `＠`, `$`, `#`, `＃` and the invalid characters).
  static func mayPrecedeURL(_ c: Unicode.Scalar) -> Bool {
    !(isASCIIAlphanumeric(c) || c == "@" || c == "\u{FF20}" || c == "$" || c == "#"
      || c == "\u{FF03}" || isInvalid(c))
  }

  /// twitter-text's `latinAccentChars`.
  static func isLatinAccent(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259,
      0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
      return true
    default: return false
    }
  }

  /// twitter-text's `cyrillicLettersAndMarks`.
  static func isCyrillic(_ c: Unicode.Scalar) -> Bool { (0x400...0x4FF).contains(c.value) }

  /// A letter or digit of a domain's ASCII part (`validAsciiDomain`): ASCII letters and digits,
  /// `-`, the Latin accents.
  static func isASCIIDomainCharacter(_ c: Unicode.Scalar) -> Bool {
    isASCIIAlphanumeric(c) || c == "-" || isLatinAccent(c)
  }

  /// Whether a top-level domain may end before `c`: not an ASCII letter or digit, `@`, `+`, `-`.
  static func mayFollowTopLevelDomain(_ c: Unicode.Scalar) -> Bool {
    !(isASCIIAlphanumeric(c) || c == "@" || c == "+" || c == "-")
  }

  /// Ruby's `[[:word:]]` (Mastodon's mention domains): letters, marks, decimal digits, connector
  /// punctuation.
  static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
    if c.isASCII { return isASCIIAlphanumeric(c) || c == "_" }
    switch c.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
      return true
    default: return c.properties.isAlphabetic
    }
  }

  /// twitter-text's path characters as its Ruby gem writes them (`valid_general_url_path_chars`),
  /// which Mastodon's final parentheses still use: ASCII letters and digits, `!*';:=+,.$/%#[]`,
  /// `_~&|@`, dash punctuation (`\p{Pd}`), Cyrillic letters and marks, the Latin accents.
  static func isRubyTwitterPathCharacter(_ c: Unicode.Scalar) -> Bool {
    if c.isASCII { return isASCIIAlphanumeric(c) || isASCII(c, in: "!*';:=+,.$/%#[]-_~&|@") }
    return isCyrillicScript(c) || isLatinAccent(c)
      || c.properties.generalCategory == .dashPunctuation
  }

  /// Ruby's `\p{Cyrillic}` (the Cyrillic script): its blocks and the letters it has elsewhere.
  static func isCyrillicScript(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x400...0x52F, 0x1C80...0x1C8A, 0x1D2B, 0x1D78, 0x2DE0...0x2DFF, 0xA640...0xA69F,
      0xFE2E, 0xFE2F, 0x1E030...0x1E08F:
      return true
    default: return false
    }
  }

  /// Mastodon's `UCHARS`: the non-ASCII characters its query strings may hold.
  static func isMastodonQueryUnicode(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0xA0...0xD7FF, 0xE000...0xF8FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
    case 0x10000...0x10FFFD:
      return c.value & 0xFFFF <= 0xFFFD && !(0xE0000...0xE0FFF).contains(c.value)
    default: return false
    }
  }

  /// Whether `c` is one of `set`'s ASCII characters.
  static func isASCII(_ c: Unicode.Scalar, in set: StaticString) -> Bool {
    guard c.isASCII else { return false }
    return set.withUTF8Buffer { $0.contains(UInt8(c.value)) }
  }
}

/// (Bluesky's links are found by `_BlueskyPost`, not by this grammar: its cases share twitter-text's.)
extension PostLength.URLSyntax {
  /// The byte every URL of the syntax holds: `.` for twitter-text's (every host ends in a dot
  /// and a top-level domain), `:` for the others (their URLs all have a scheme, and Mastodon's
  /// a `://` after it). Where the scanners look for URLs at all (`_PostCount.candidateBytes`,
  /// `_PostEntityScanner.mayHoldURL`).
  var urlMarkByte: UInt8 { self == .twitter ? UInt8(ascii: ".") : UInt8(ascii: ":") }

  /// A character of a URL's path (`validGeneralUrlPathChars`).
  func isPathCharacter(_ c: Unicode.Scalar) -> Bool {
    switch self {
    case .twitter, .mastodonComposer, .bluesky, .blueskyPublished:
      return _URLCharacters.isASCIIAlphanumeric(c)
        || _URLCharacters.isASCII(c, in: "!*';:=+,.$/%#[]-_~@|&") || c == "\u{2013}"
        || _URLCharacters.isCyrillic(c) || _URLCharacters.isLatinAccent(c)
    case .mastodon:
      return !(_URLCharacters.isWhiteSpace(c) || _URLCharacters.isASCII(c, in: "<>()?"))
    }
  }

  /// A character a URL's path may end with (`validUrlPathEndingChars`, balanced parentheses
  /// aside).
  func isPathEndingCharacter(_ c: Unicode.Scalar) -> Bool {
    switch self {
    case .twitter, .mastodonComposer, .bluesky, .blueskyPublished:
      return _URLCharacters.isASCIIAlphanumeric(c) || _URLCharacters.isASCII(c, in: "+-=_#/")
        || _URLCharacters.isCyrillic(c) || _URLCharacters.isLatinAccent(c)
    case .mastodon:
      return
        !(_URLCharacters.isWhiteSpace(c) || _URLCharacters.isASCII(c, in: "()?!*\"'<>;:=,.$%[]~&|@")
        || c == "\u{300C}" || c == "\u{300D}")
    }
  }

  /// A character of a URL's query (`validUrlQueryChars`).
  func isQueryCharacter(_ c: Unicode.Scalar) -> Bool {
    if _URLCharacters.isASCIIAlphanumeric(c)
      || _URLCharacters.isASCII(c, in: "!?*'@();:&=+$/%#[]-_.,~|")
    {
      return true
    }
    return self == .mastodon && (c == "^" || _URLCharacters.isMastodonQueryUnicode(c))
  }

  /// A character a URL's query may end with (`validUrlQueryEndingChars`).
  func isQueryEndingCharacter(_ c: Unicode.Scalar) -> Bool {
    if _URLCharacters.isASCIIAlphanumeric(c) || _URLCharacters.isASCII(c, in: "-_&=#/") {
      return true
    }
    return self == .mastodon && _URLCharacters.isMastodonQueryUnicode(c)
  }

  /// The schemes a URL may start with, lower case, each with its `://`.
  var schemes: [[Unicode.Scalar]] {
    switch self {
    case .twitter, .mastodonComposer, .bluesky, .blueskyPublished: return Self.twitterSchemes
    case .mastodon: return Self.mastodonSchemes
    }
  }

  private static let twitterSchemes = ["https", "http"].map { Array(($0 + "://").unicodeScalars) }
  private static let mastodonSchemes = [
    "https", "http", "dat", "dweb", "ipfs", "ipns", "ssb", "gopher", "gemini",
  ].map { Array(($0 + "://").unicodeScalars) }
}
