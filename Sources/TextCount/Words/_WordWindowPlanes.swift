/// The word kernel's classes (`textcount_count_word_run`'s `windowPlanes`), from
/// `_WordProperties`, in two forms. First, for each window of 128 code points (U+c's is
/// `c >> 7`: 1–15 the two-byte scalars, 16–511 the three-byte ones), eight bitmaps of 16 bytes
/// (bit `p & 7` of byte `p >> 3` for the place `p` in the window), for the blocks whose scalars
/// are all of one window or of a few. Then, for the blocks whose scalars span windows
/// (ideographs, kana, Hangul), 16 bytes: the first two bytes of the first and of the last
/// scalar of the longest range of three-byte scalars that are all ideographs (the CJK Unified
/// Ideographs, U+4E00–U+9FFF in Unicode 17.0), then the rows of emoji of no word the kernel
/// takes (`emojiRows`), then the row of skin tones (`emojiExtendRow`), then zeros; then a byte
/// per window, the planes it has a scalar in (bit `Plane.rawValue`); then the classes a byte per
/// code point of the Basic Multilingual Plane (bit `Plane.rawValue`), in a table of two levels:
/// 256 block numbers (`c >> 8`'s), then the blocks of 256 bytes. A scalar in no plane is of no
/// word and joins nothing for the count (Other that is no word character, WSegSpace, regional
/// indicators).
enum _WordWindowPlanes {
  /// The bitmaps of one window, in this order; the bits of the table's bytes.
  enum Plane: Int, CaseIterable {
    /// ALetter and a letter: a run of letters and digits is a word (WB5, WB9, WB10).
    case letter
    /// Numeric and a number (WB8–WB10).
    case digit
    /// Other and a letter, number or ideograph: a word of its own (WB999).
    case ideograph
    /// Extend, Format or ZWJ that is no word character: attached to the scalar before (WB4).
    case extend
    /// Any other class (Hebrew_Letter, line breaks...), an Extended_Pictographic scalar that is
    /// a word character or of a class not Other (ℹ, Ⓜ, 🅰), a letter or number of another
    /// class, an extend or middle character that is a word character (Halfwidth Katakana's
    /// sound marks alone in 17.0: an extend that makes its segment a word), and the surrogates
    /// (ill-formed in UTF-8): left to the scalar loop.
    case stop
    /// Katakana and a letter: a run of Katakana is a word (WB13).
    case katakana
    /// MidLetter or MidNumLet: joins two letters (WB6, WB7).
    case letterMiddle
    /// MidNum or MidNumLet: joins two digits (WB11, WB12).
    case digitMiddle
  }

  static let windowCount = 512
  static let bytesPerWindow = 16 * Plane.allCases.count
  /// Where the range of ideographs starts: after the windows' bitmaps.
  static let rangeOffset = windowCount * bytesPerWindow

  /// The planes a code point's scalar is in, a bit each (bit `Plane.rawValue`).
  static func planes(of codePoint: UInt32) -> UInt8 {
    @inline(__always) func bit(_ plane: Plane) -> UInt8 { 1 << plane.rawValue }
    if (0xD800...0xDFFF).contains(codePoint) { return bit(.stop) }
    let properties = _WordProperties(of: codePoint)
    let isWord = properties.isWordCharacter
    // After a ZWJ (an extend below), an Extended_Pictographic scalar joins its segment (WB3c):
    // one of no word and class Other adds nothing to the count, any other (U+2139, a letter, in
    // 17.0) is left to the scalar loop.
    if properties.isExtendedPictographic && (isWord || !properties.isOther) { return bit(.stop) }
    switch properties.wordBreakClass {
    case .aLetter: return isWord ? bit(.letter) : bit(.stop)
    case .numeric: return isWord ? bit(.digit) : bit(.stop)
    case .other: return isWord ? bit(.ideograph) : 0
    case .wSegSpace: return 0
    case .extend, .format: return isWord ? bit(.stop) : bit(.extend)
    // A ZWJ is attached as an extend is (WB4); what it joins after it (WB3c) is above.
    case .zwj: return bit(.extend)
    case .katakana: return isWord ? bit(.katakana) : bit(.stop)
    case .midLetter: return isWord ? bit(.stop) : bit(.letterMiddle)
    case .midNum: return isWord ? bit(.stop) : bit(.digitMiddle)
    case .midNumLet: return isWord ? bit(.stop) : bit(.letterMiddle) | bit(.digitMiddle)
    // Regional indicators join only one another (WB15, WB16), and are no word characters: as
    // characters of no word, for the count.
    case .regionalIndicator: return 0
    default: return bit(.stop)
    }
  }

  /// How many ranges of rows of emoji `emojiRows` gives.
  static let emojiRowRanges = _VectorKernels.wordEmojiRowRanges

  /// The longest ranges (up to `emojiRowRanges`) of rows of 64 scalars of U+1F000–U+1FFFF (of
  /// UTF-8 F0 9F, a row each third byte) whose scalars are all in no plane (Other that is no
  /// word character: emoji, symbols), as the first and last third byte of each, the longest
  /// first; the first range again in place of those missing (none: 0xFF, 0x00, which the kernel
  /// skips). The other rows of the plane (its letters and digits) are stops, but the row of
  /// skin tones (`emojiExtendRow`).
  static func emojiRows() -> [UInt8] {
    let runs = rowRuns(in: 0x1_F000 >> 6..<0x2_0000 >> 6) { row in
      (0..<64).allSatisfy { planes(of: UInt32(row << 6 | $0)) == 0 }
    }
    // A row's third byte: 0x80 and its place under F0 9F.
    let longest = runs.sorted { $0.count > $1.count }.prefix(emojiRowRanges)
    var bytes = longest.flatMap {
      [UInt8(0x80 | $0.lowerBound & 0x3F), UInt8(0x80 | ($0.upperBound - 1) & 0x3F)]
    }
    let first: [UInt8] = bytes.isEmpty ? [0xFF, 0x00] : Array(bytes[0..<2])
    while bytes.count < 2 * emojiRowRanges { bytes += first }
    return bytes
  }

  /// The first row of 64 scalars of U+1F000–U+1FFFF whose scalars are all in no plane or
  /// extends, the extends one range (the skin tones, U+1F3FB–U+1F3FF, in the row of U+1F3C0 in
  /// 17.0): its third byte under F0 9F, then the first and last fourth byte of its extends;
  /// 0xFF, 0xFF, 0x00 where none is (no third byte is 0xFF).
  static func emojiExtendRow() -> [UInt8] {
    let extend = UInt8(1 << Plane.extend.rawValue)
    for row in 0x1_F000 >> 6..<0x2_0000 >> 6 {
      let rowPlanes = (0..<64).map { planes(of: UInt32(row << 6 | $0)) }
      guard rowPlanes.allSatisfy({ $0 == 0 || $0 == extend }),
        let first = rowPlanes.firstIndex(of: extend), let last = rowPlanes.lastIndex(of: extend),
        rowPlanes[first...last].allSatisfy({ $0 == extend })
      else { continue }
      return [UInt8(0x80 | row & 0x3F), UInt8(0x80 | first), UInt8(0x80 | last)]
    }
    return [0xFF, 0xFF, 0x00]
  }

  /// The runs of rows of 64 code points (row `r` is U+(r × 64)…) in `rows` of which
  /// `isOfRun` is true, in order.
  static func rowRuns(in rows: Range<Int>, where isOfRun: (Int) -> Bool) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var runStart = rows.lowerBound
    for row in rows.lowerBound...rows.upperBound {
      if row < rows.upperBound && isOfRun(row) { continue }
      if row > runStart { runs.append(runStart..<row) }
      runStart = row + 1
    }
    return runs
  }

  /// Every window's planes, window after window (window 0, ASCII, empty), then the table a byte
  /// per code point of the Basic Multilingual Plane.
  static func make() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: rangeOffset)
    var byCodePoint = [UInt8](repeating: 0, count: 0x1_0000)
    var planeSets = [UInt8](repeating: 0, count: windowCount)
    for window in 1..<windowCount {
      for place in 0..<128 {
        let planes = planes(of: UInt32(window << 7 | place))
        byCodePoint[window << 7 | place] = planes
        planeSets[window] |= planes
        for plane in 0..<Plane.allCases.count where planes & (1 << plane) != 0 {
          bytes[window * bytesPerWindow + plane * 16 + place >> 3] |= 1 << (place & 7)
        }
      }
    }
    // The longest range of three-byte scalars all ideographs, by runs of 64 code points (those
    // of one lead and second byte; the first of two equally long).
    let ideograph = UInt8(1 << Plane.ideograph.rawValue)
    let ideographRuns = rowRuns(in: 0x800 >> 6..<0x1_0000 >> 6) { row in
      byCodePoint[row << 6..<(row + 1) << 6].allSatisfy { $0 == ideograph }
    }
    let best = ideographRuns.reduce(0..<0) { $1.count > $0.count ? $1 : $0 }
    precondition(!best.isEmpty, "_WordWindowPlanes: no range of ideographs")
    func firstTwoBytes(ofRun run: Int) -> [UInt8] {
      let codePoint = run << 6
      return [UInt8(0xE0 | codePoint >> 12), UInt8(0x80 | (codePoint >> 6) & 0x3F)]
    }
    let range =
      firstTwoBytes(ofRun: best.lowerBound) + firstTwoBytes(ofRun: best.upperBound - 1)
      + emojiRows() + emojiExtendRow() + [UInt8](repeating: 0, count: 9 - 2 * emojiRowRanges)
    // Blocks of 256 code points, each distinct one once (about 120 in Unicode 17.0).
    var blockNumbers: [UInt8] = []
    var blocks: [[UInt8]] = []
    for block in 0..<256 {
      let values = Array(byCodePoint[block << 8..<(block + 1) << 8])
      if let known = blocks.firstIndex(of: values) {
        blockNumbers.append(UInt8(known))
      } else {
        precondition(blocks.count < 256, "_WordWindowPlanes: over 256 distinct blocks")
        blockNumbers.append(UInt8(blocks.count))
        blocks.append(values)
      }
    }
    return bytes + range + planeSets + blockNumbers + blocks.joined()
  }
}
