/// UAX #29's Word_Break classes (Unicode 17.0), numbered as `_WordBreakTable` writes them.
enum _WordBreakClass: UInt8, Sendable {
  case other = 0
  case extend, format, katakana, hebrewLetter, aLetter, midNumLet, midLetter, midNum, numeric
  case extendNumLet, wSegSpace, carriageReturn, lineFeed, newline, doubleQuote, singleQuote
  case zwj, regionalIndicator

  /// ALetter or Hebrew_Letter: UAX #29's AHLetter.
  @inline(__always)
  var isAHLetter: Bool { self == .aLetter || self == .hebrewLetter }

  /// MidNumLet or Single_Quote: UAX #29's MidNumLetQ.
  @inline(__always)
  var isMidNumLetQ: Bool { self == .midNumLet || self == .singleQuote }

  /// Extend, Format or ZWJ: what rule WB4 attaches to the character before. (A bit of a mask
  /// each, with no branch: emoji text changes class at every scalar.)
  @inline(__always)
  var isIgnored: Bool {
    let classes: UInt32 =
      1 << Self.extend.rawValue | 1 << Self.format.rawValue | 1 << Self.zwj.rawValue
    return classes & 1 &<< UInt32(rawValue) != 0
  }

  /// CR, LF or Newline: rules WB3a and WB3b break around them.
  @inline(__always)
  var isLineBreak: Bool {
    let classes: UInt32 =
      1 << Self.carriageReturn.rawValue | 1 << Self.lineFeed.rawValue
      | 1 << Self.newline.rawValue
    return classes & 1 &<< UInt32(rawValue) != 0
  }
}

/// A code point's Word_Break class, Extended_Pictographic, and whether it is a letter, number or
/// ideograph, from one byte of `_WordBreakTable`.
struct _WordProperties: Sendable {
  let value: UInt8

  @inline(__always)
  var wordBreakClass: _WordBreakClass {
    // A payload-free enum holds its case's index, here its raw value (the cases in order from
    // 0, which `WordsTests` checks): no call to `init(rawValue:)`.
    let raw = value & 31
    return raw <= _WordBreakClass.regionalIndicator.rawValue
      ? unsafeBitCast(raw, to: _WordBreakClass.self) : .other
  }

  @inline(__always)
  var isExtendedPictographic: Bool { value & 32 != 0 }

  /// A letter (Alphabetic), a number (General_Category N*) or an ideograph (Ideographic): what
  /// makes a segment a word.
  @inline(__always)
  var isWordCharacter: Bool { value & 64 != 0 }

  /// The properties of `codePoint`.
  /// - Complexity: O(1): two loads.
  @inline(__always)
  init(of codePoint: UInt32) { value = _WordBreakTable.lookup[codePoint] }

  /// The properties a value of `_WordBreakTable.lookup` holds.
  @inline(__always)
  init(_ value: UInt8) { self.value = value }

  /// Whether the class is Other (what `wordBreakClass` gives, without its check of the value).
  @inline(__always)
  var isOther: Bool { value & 31 == _WordBreakClass.other.rawValue }

  /// Whether the class is Katakana (what `wordBreakClass` gives, without its check of the value).
  @inline(__always)
  var isKatakana: Bool { value & 31 == _WordBreakClass.katakana.rawValue }
}

extension _WordBreakTable {
  /// The table by code point, built from `ranges` once per process.
  static let lookup: _TwoLevelTable = {
    var values = [UInt8](repeating: 0, count: 0x11_0000)
    var index = 0
    while index + 2 < ranges.count {
      for codePoint in Int(ranges[index])...Int(ranges[index + 1]) {
        values[codePoint] = UInt8(ranges[index + 2])
      }
      index += 3
    }
    return _TwoLevelTable(values: values)
  }()
}
