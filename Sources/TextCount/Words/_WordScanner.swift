/// Counts words as text arrives: UAX #29's word boundaries (Unicode 17.0, rules WB1–WB999 of
/// revision 47), each segment between two boundaries a word if it holds a letter, number or
/// ideograph (`_WordProperties.isWordCharacter`). O(1) state: the rules look back two units and
/// ahead one (WB6, WB7b and WB12 decide the boundary before a `.`, `'`, `:` or `"` from what
/// follows it), so that boundary waits for the next unit.
///
/// A unit is a character with the Extend, Format and ZWJ characters rule WB4 attaches to it.
struct _WordScanner: Sendable {
  private var reader = _ScalarReader()
  /// The words of the segments ended so far.
  private(set) var words = 0
  private var isAtStart = true
  /// The class of the last scalar, as it is (rules WB3–WB3d look at it).
  private var previous: _WordBreakClass = .other
  /// The classes of the last unit and of the one before it (rules WB5 on).
  private var last: _WordBreakClass = .other
  private var beforeLast: _WordBreakClass = .other
  /// Regional indicators in a row, the last unit included (rules WB15, WB16).
  private var indicators = 0
  /// Whether the segment the next scalar would join holds a word character (without the unit
  /// whose boundary waits, if any).
  private var segmentIsWord = false
  /// Whether the boundary before the last unit waits for the next unit, and whether that unit
  /// holds a word character.
  private var isPending = false
  private var pendingIsWord = false
  /// Byte offsets, kept for cuts: where the current segment starts, where the waiting unit
  /// starts, and the offset of the next scalar.
  private(set) var segmentStart = 0
  private var pendingStart = 0
  private(set) var offset = 0

  init() {}

  /// Reads the next bytes of the text: runs through the kernel (ASCII, two-byte letters of Latin
  /// Extended and Cyrillic, and blocks of two- and three-byte letters, digits, ideographs,
  /// Katakana, marks and characters of no word: most scripts' running text, Chinese, Japanese
  /// and Korean), eight ASCII bytes at a time where none of them is one the rules treat apart (a
  /// line break, `.`, `,`, `:`, `;`, `'`, `"`, `_`), both where no boundary waits; runs of scalars of class Other or Katakana (ideographs, kana) by
  /// their class alone (`addRunOfOtherAndKatakana`); else a scalar at a time.
  /// - Complexity: O(`bytes.count`).
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var reader = self.reader
    defer { self.reader = reader }
    var index = reader.resume(bytes) { add($0, length: 1) }
    let end = bytes.count
    if index == end { return }
    let takesWords = boundaries == nil && segments == nil
    let takesRuns = takesWords && _VectorKernels.isAvailable
    // Statics read once, not at each run or scalar (each read checks their initialization).
    let kernelTables = takesRuns ? _VectorKernels.wordKernelTables : nil
    let takesLetters = Self.hasTwoByteLetterLeads
    let wordBreakTable = _WordBreakTable.lookup
    // After a kernel call that took nothing (its first scalar is one it leaves to this loop, or
    // its first block one it does not take), none before the next scalar; after each such call
    // in a row, none for twice as many bytes (up to 1 KiB: text the kernel does not take tends to
    // go on); the next scalar again after a run.
    var runRetry = 0
    var runRetryDistance = 1
    while index < end {
      // (Not after a quote, which WB7 may join to a letter after a Hebrew letter before it.)
      if takesWords && end &- index >= 8 && !isAtStart && !isPending
        && last != .extendNumLet && last != .katakana && last != .singleQuote
      {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        // At eight ASCII bytes (before fewer, `addPlainASCII` is quicker than the kernel's call),
        // or the lead of a scalar of two or three bytes (not emoji).
        if takesRuns && end &- index > 67 && index >= runRetry && last != .hebrewLetter
          && previous != .zwj
          && (word & 0x8080_8080_8080_8080 == 0 || base[index] &- 0xC2 <= 0xEF &- 0xC2)
        {
          // The unit before joins the run's first letter or digit only where its segment is
          // already a word; else that letter or digit makes it one, as a word that starts.
          let before: UInt32 =
            !segmentIsWord ? 0 : last == .aLetter ? 1 : last == .numeric ? 2 : 0
          // Not after a letter or digit whose segment is no word yet (U+0600, say), which
          // `before` does not tell: the kernel would take a middle character of more than a byte
          // after it, which WB11 and WB12 may join to a digit that follows.
          if before != 0 || (last != .aLetter && last != .numeric) {
            let run = _VectorKernels.wordRun(
              base, from: index, to: end, before: before,
              letterLeads: takesLetters ? kernelTables?.letterLeads : nil,
              windowPlanes: kernelTables?.windowPlanes)
            // Where the kernel read on past the run's end (extends, `_` and middle characters up
            // to a byte it does not take, which decides about them), no run from a byte before
            // where it stopped reading ends before it: the scalar loop reads those bytes, not the
            // kernel again from each (a letter and a megabyte of marks, counted in quadratic time
            // before).
            let readPast = max(run.end, run.scanned)
            if run.end > index {
              let end = addRun(
                base, from: index, to: run.end, startingWords: run.words, table: wordBreakTable)
              if end > index {
                index = end
                runRetry = readPast
                runRetryDistance = 1
                continue
              }
            }
            // Took nothing, or gave the run back whole (scalars of no word up to a regional
            // indicator or an emoji a ZWJ joins): from any scalar before its end the kernel would
            // take and give back the same again (a text of flags alone, counted in quadratic time
            // before).
            runRetry = max(index &+ runRetryDistance, readPast)
            runRetryDistance = min(runRetryDistance &* 2, 1024)
          }
        }
        let taken = addPlainASCII(word)
        if taken > 0 {
          index &+= taken
          continue
        }
      }
      // Leads of the ideographs, kana and CJK symbols (U+3000–U+9FFF), most of class Other or
      // Katakana, and of emoji, their joiner and selectors (E2, EF, F0).
      let lead = base[index]
      if takesWords && (lead &- 0xE2 <= 0xE9 &- 0xE2 || lead == 0xEF || lead == 0xF0) && !isAtStart
        && !isPending
      {
        let taken = addRunOfOtherAndKatakana(base, from: index, to: end, table: wordBreakTable)
        if taken > index {
          index = taken
          continue
        }
      }
      guard let decoded = reader.decode(base, at: index, end: end) else {
        reader.endPiece(bytes, unfinishedFrom: index)
        return
      }
      add(decoded.value, length: decoded.length)
      index &+= decoded.length
    }
    reader.endPiece(bytes, unfinishedFrom: nil)
  }

  /// Adds the leading bytes of `word` (eight bytes, little-endian) that are ASCII and none of
  /// those the rules treat apart: letters and digits (whose runs are the words: WB5, WB8–WB10),
  /// spaces (WB3d joins them) and other characters (each a segment of its own, WB999). Returns
  /// how many it added (0 where the first is not one).
  @inline(__always)
  private mutating func addPlainASCII(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func equal(_ byte: UInt64) -> UInt64 {
      let x = word ^ (ones &* byte)
      return (x &- ones) & ~x & highs
    }
    // Bytes strictly between `low` and `high`, for bytes below 0x80 (Bit Twiddling Hacks).
    @inline(__always) func between(_ low: UInt64, _ high: UInt64) -> UInt64 {
      let seven = word & (ones &* 127)
      return (ones &* (127 &+ high) &- seven) & ~word & (seven &+ ones &* (127 &- low)) & highs
    }
    let apart =
      (word & highs) | between(0x09, 0x0E) | equal(0x22) | equal(0x27) | equal(0x2C) | equal(0x2E)
      | equal(0x3A) | equal(0x3B) | equal(0x5F)
    let count = apart == 0 ? 8 : apart.trailingZeroBitCount >> 3
    guard count > 0 else { return 0 }
    let mask: UInt64 = count == 8 ? .max : (1 &<< UInt64(count &* 8)) &- 1
    let letters = between(0x40, 0x5B) | between(0x60, 0x7B)
    let alphanumerics = (letters | between(0x2F, 0x3A)) & mask & highs
    // Where a run of letters and digits starts: a new word. One that goes on from the unit before
    // (WB5, WB9, WB10) is a new word too where that unit's segment is not one yet (U+0600, of
    // class Numeric, is no number).
    let continues: UInt64 =
      segmentIsWord && (last == .aLetter || last == .hebrewLetter || last == .numeric) ? 0x80 : 0
    let starts = alphanumerics & ~(alphanumerics &<< 8 | continues)
    let total = words &+ (segmentIsWord ? 1 : 0) &+ starts.nonzeroBitCount
    let lastShift = UInt64(count &- 1) &* 8
    segmentIsWord = alphanumerics &>> lastShift & 0x80 != 0
    words = total &- (segmentIsWord ? 1 : 0)
    // The class of a byte taken, from the masks (no table: a static's read checks its
    // initialization): a letter, digit, space or other character.
    let spaces = equal(0x20)
    @inline(__always) func classOfByte(at shift: UInt64) -> _WordBreakClass {
      letters &>> shift & 0x80 != 0
        ? .aLetter
        : alphanumerics &>> shift & 0x80 != 0
          ? .numeric : spaces &>> shift & 0x80 != 0 ? .wSegSpace : .other
    }
    let lastClass = classOfByte(at: lastShift)
    beforeLast = count > 1 ? classOfByte(at: lastShift &- 8) : last
    last = lastClass
    previous = lastClass
    indicators = 0
    offset &+= count
    return count
  }

  /// The leads (C2–DF) of two-byte scalars that are all letters of class ALetter: those the word
  /// kernel takes as letters (`_VectorKernels.wordRun`). From the table: Latin Extended-A and -B,
  /// the IPA and modifier letters (C4–CA), Cyrillic's D0, D1 and D3, Arabic's DA in Unicode 17.0.
  static let twoByteLetterLeads: [UInt8] = (0xC2...0xDF).filter { lead in
    (UInt32(0x80)...0xBF).allSatisfy { second in
      let properties = _WordProperties(of: UInt32(lead & 0x1F) << 6 | second & 0x3F)
      return properties.wordBreakClass == .aLetter && properties.isWordCharacter
    }
  }
  private static let hasTwoByteLetterLeads = !twoByteLetterLeads.isEmpty

  /// Adds a run the kernel took (`_VectorKernels.wordRun`), in which `startingWords` words start
  /// and no boundary waits at the end, and whose last scalar is a letter, a digit, an ideograph
  /// or of no word (the kernel gives back an extend, `_` or middle character at the end): its
  /// segment is a word where that scalar is a word character. But where the last scalar is a
  /// regional indicator (the kernel does not pair them: WB15, WB16) or an Extended_Pictographic
  /// one after a ZWJ (whose segment it joins, WB3c, which may be a word), the scalars at the end
  /// that start no word and are of no word (those, extends, joiners, `_`, middle characters)
  /// are given back, for the scalar loop to read with what is before them. Returns where the run
  /// it added ends (`start` for none). `table` is `_WordBreakTable.lookup`, read once per piece.
  @inline(__always)
  private mutating func addRun(
    _ base: UnsafePointer<UInt8>, from start: Int, to runEnd: Int, startingWords: Int,
    table: _TwoLevelTable
  ) -> Int {
    var end = runEnd
    let lastScalar = _scalar(endingAt: end, in: base)
    var lastProperties = _WordProperties(table[lastScalar])
    if lastProperties.wordBreakClass == .regionalIndicator
      || (lastProperties.isExtendedPictographic
        && Self.followsJoiner(base, from: start, scalarEnd: end, scalar: lastScalar))
    {
      end = Self.endBeforeJoined(base, from: start, to: end, table: table)
      if end == start { return start }
      lastProperties = _WordProperties(table[_scalar(endingAt: end, in: base)])
    }
    let total = words &+ (segmentIsWord ? 1 : 0) &+ startingWords
    segmentIsWord = lastProperties.isWordCharacter
    words = total &- (segmentIsWord ? 1 : 0)
    last = lastProperties.wordBreakClass
    // Read only where the last unit is a middle character (WB7, WB7c, WB12): one of more than a
    // byte, which the kernel takes only where no letter or digit is before it.
    beforeLast = .other
    previous = last
    indicators = 0
    offset &+= end &- start
    return end
  }

  /// Whether a ZWJ (E2 80 8D) ends right before `scalar`, which ends at `scalarEnd`, after
  /// `start`.
  @inline(__always)
  private static func followsJoiner(
    _ base: UnsafePointer<UInt8>, from start: Int, scalarEnd: Int, scalar: UInt32
  ) -> Bool {
    let joinerEnd = scalarEnd &- _utf8Length(of: scalar)
    return joinerEnd &- start >= 3 && base[joinerEnd &- 3] == 0xE2 && base[joinerEnd &- 2] == 0x80
      && base[joinerEnd &- 1] == 0x8D
  }

  /// Where the run `base[start..<end]` the kernel took ends without the scalars at its end that
  /// start no word and are of no word: regional indicators, Extended_Pictographic scalars of
  /// class Other, extends, joiners, `_` and middle characters (none makes the kernel count a
  /// word, so its count of the words that start before holds).
  private static func endBeforeJoined(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, table: _TwoLevelTable
  ) -> Int {
    var end = end
    while end > start {
      let scalar = _scalar(endingAt: end, in: base)
      let properties = _WordProperties(table[scalar])
      guard !properties.isWordCharacter else { break }
      switch properties.wordBreakClass {
      case .regionalIndicator, .extend, .format, .zwj, .extendNumLet, .midLetter, .midNum,
        .midNumLet, .singleQuote:
        break
      case .other where properties.isExtendedPictographic:
        break
      default:
        return end
      }
      end &-= _utf8Length(of: scalar)
    }
    return end
  }

  /// Adds the well-formed scalars from `start` of class Other or Katakana (ideographs, kana, CJK
  /// symbols, emoji) and the Extend, Format and ZWJ scalars among them (selectors, skin tones,
  /// joiners) that follow one another with nothing between them: no rule joins such a unit to
  /// the one before it (WB999) but Katakana to Katakana (WB13) or to ExtendNumLet (WB13b), and an
  /// Extended_Pictographic scalar to a ZWJ (WB3c); WB4 attaches the others to the unit before
  /// (not after a line break); and none waits. So each unit is a segment of its own or joins a
  /// run of Katakana or a ZWJ, a word where it holds a letter or ideograph. Returns where it
  /// stopped: at the first scalar of another class, a Katakana one after ExtendNumLet, an Extend,
  /// Format or ZWJ one after a line break, or an ill-formed or unfinished one. Where no boundary
  /// waits and the text has begun, and no segment is recorded (whose offsets, as the kernel's
  /// runs, it does not keep). `table` is `_WordBreakTable.lookup`, read once per piece, not once
  /// per run.
  @inline(__always)
  private mutating func addRunOfOtherAndKatakana(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, table: _TwoLevelTable
  ) -> Int {
    var at = start
    var words = self.words
    var segmentIsWord = self.segmentIsWord
    var last = self.last
    var beforeLast = self.beforeLast
    var previous = self.previous
    // Whether it added a unit: where it only attached extends to the last one, a regional
    // indicator's pairing goes on (WB4, WB15, WB16).
    var addedUnit = false
    while at < end {
      let decoded = _decodeUTF8Quickly(base + at, available: end &- at)
      guard decoded.isValid else { break }
      let properties = _WordProperties(table[decoded.value])
      let isWord = properties.isWordCharacter
      let current: _WordBreakClass
      let joins: Bool
      if properties.isOther {
        current = .other
        joins = previous == .zwj && properties.isExtendedPictographic  // WB3c
      } else if properties.isKatakana && last != .extendNumLet {
        current = .katakana
        joins = last == .katakana  // WB13
      } else {
        let ignored = properties.wordBreakClass
        // WB4: attached to the unit before, which stays the last.
        guard ignored.isIgnored && !previous.isLineBreak else { break }
        segmentIsWord = segmentIsWord || isWord
        previous = ignored
        at &+= decoded.length
        continue
      }
      if joins {
        segmentIsWord = segmentIsWord || isWord
      } else {
        // A boundary before it ends the segment before.
        if segmentIsWord { words &+= 1 }
        segmentIsWord = isWord
      }
      beforeLast = last
      last = current
      previous = current
      addedUnit = true
      at &+= decoded.length
    }
    guard at > start else { return start }
    self.words = words
    self.segmentIsWord = segmentIsWord
    self.beforeLast = beforeLast
    self.last = last
    self.previous = previous
    if addedUnit { indicators = 0 }
    offset &+= at &- start
    return at
  }

  /// The offset of the first ill-formed byte read, if any.
  var firstInvalidOffset: Int? { reader.firstInvalidOffset }

  /// Ends the text; returns its words.
  mutating func finish() -> Int {
    var reader = self.reader
    reader.finish { add($0, length: 3) }
    self.reader = reader
    // A boundary that waits at the end of the text is one.
    if isPending {
      isPending = false
      endSegment(startingNext: pendingStart)
      segmentIsWord = pendingIsWord
    }
    if segmentIsWord { segments?.append(segmentStart..<offset) }
    return wordsAtEnd
  }

  /// The words of the text read so far, if it ended here.
  var wordsAtEnd: Int {
    var total = words
    if isPending {
      if segmentIsWord { total &+= 1 }
      if pendingIsWord { total &+= 1 }
    } else if segmentIsWord {
      total &+= 1
    }
    return total
  }

  /// Whether the segment that holds the scalar read last is a word, if the text ended here.
  var lastSegmentIsWord: Bool { isPending ? pendingIsWord : segmentIsWord }

  /// Where the segment that holds the scalar read last starts, if the text ended here.
  var lastSegmentStart: Int { isPending ? pendingStart : segmentStart }

  /// Where segments start (byte offsets of the boundaries inside the text), where asked for:
  /// for the tests, which compare them with Unicode's.
  var boundaries: [Int]?
  /// The byte ranges of the segments that are words, where asked for.
  var segments: [Range<Int>]?

  private mutating func endSegment(startingNext start: Int) {
    if segmentIsWord {
      words &+= 1
      segments?.append(segmentStart..<start)
    }
    segmentIsWord = false
    segmentStart = start
    boundaries?.append(start)
  }

  /// Adds a scalar of `length` bytes (its value U+FFFD where it stands for ill-formed bytes).
  @inline(__always)
  mutating func add(_ scalar: UInt32, length: Int) {
    let properties = _WordProperties(of: scalar)
    let current = properties.wordBreakClass
    let isWord = properties.isWordCharacter
    let start = offset
    offset &+= length
    defer { previous = current }
    if isAtStart {
      isAtStart = false
      segmentIsWord = isWord
      newUnit(current)
      return
    }
    // WB3–WB4, on the scalars as they are.
    if previous == .carriageReturn && current == .lineFeed {
      join(current, isWord: isWord, isNewUnit: true)
      return
    }
    if previous.isLineBreak || current.isLineBreak {
      breakBefore(current, isWord: isWord, at: start)
      return
    }
    let joinsAsItIs =
      (previous == .zwj && properties.isExtendedPictographic)
      || (previous == .wSegSpace && current == .wSegSpace)
    if current.isIgnored && !joinsAsItIs {
      join(current, isWord: isWord, isNewUnit: false)
      return
    }
    // A boundary that waited for this unit: a letter, number or Hebrew letter on both sides of
    // the middle character joins the three (WB6 and WB7, WB7b and WB7c, WB11 and WB12).
    if isPending {
      isPending = false
      let joins =
        (beforeLast.isAHLetter && (last == .midLetter || last.isMidNumLetQ) && current.isAHLetter)
        || (beforeLast == .hebrewLetter && last == .doubleQuote && current == .hebrewLetter)
        || (beforeLast == .numeric && (last == .midNum || last.isMidNumLetQ)
          && current == .numeric)
      if joins {
        segmentIsWord = segmentIsWord || pendingIsWord
        join(current, isWord: isWord, isNewUnit: true)
        return
      }
      // The boundary falls before the middle character, which starts a segment of its own.
      endSegment(startingNext: pendingStart)
      segmentIsWord = pendingIsWord
    }
    // WB7 after WB7a: Hebrew_Letter Single_Quote × AHLetter, the quote already joined (WB7a
    // joins it whatever follows, so no boundary waits for this unit).
    if joinsAsItIs || (last == .singleQuote && beforeLast == .hebrewLetter && current.isAHLetter) {
      join(current, isWord: isWord, isNewUnit: true)
      return
    }
    switch Self.rule(last, current, indicators: indicators) {
    case .joins:
      join(current, isWord: isWord, isNewUnit: true)
    case .waits:
      isPending = true
      pendingIsWord = isWord
      pendingStart = start
      newUnit(current)
    case .breaks:
      breakBefore(current, isWord: isWord, at: start)
    }
  }

  /// What rules WB5–WB999 say between a unit of class `last` and one of class `current`.
  private enum Rule { case joins, waits, breaks }

  @inline(__always)
  private static func rule(_ last: _WordBreakClass, _ current: _WordBreakClass, indicators: Int)
    -> Rule
  {
    switch (last, current) {
    case (.aLetter, .aLetter), (.aLetter, .hebrewLetter), (.hebrewLetter, .aLetter),
      (.hebrewLetter, .hebrewLetter):
      return .joins  // WB5
    case (.hebrewLetter, .singleQuote):
      return .joins  // WB7a (and WB7 when a letter follows: `add`)
    case (.aLetter, .midLetter), (.aLetter, .midNumLet), (.aLetter, .singleQuote),
      (.hebrewLetter, .midLetter), (.hebrewLetter, .midNumLet):
      return .waits  // WB6
    case (.hebrewLetter, .doubleQuote):
      return .waits  // WB7b
    case (.numeric, .numeric), (.aLetter, .numeric), (.hebrewLetter, .numeric),
      (.numeric, .aLetter), (.numeric, .hebrewLetter):
      return .joins  // WB8, WB9, WB10
    case (.numeric, .midNum), (.numeric, .midNumLet), (.numeric, .singleQuote):
      return .waits  // WB12
    case (.katakana, .katakana):
      return .joins  // WB13
    case (.aLetter, .extendNumLet), (.hebrewLetter, .extendNumLet), (.numeric, .extendNumLet),
      (.katakana, .extendNumLet), (.extendNumLet, .extendNumLet):
      return .joins  // WB13a
    case (.extendNumLet, .aLetter), (.extendNumLet, .hebrewLetter), (.extendNumLet, .numeric),
      (.extendNumLet, .katakana):
      return .joins  // WB13b
    case (.regionalIndicator, .regionalIndicator):
      return indicators & 1 == 1 ? .joins : .breaks  // WB15, WB16
    default:
      return .breaks  // WB999
    }
  }

  /// The scalar joins the segment: as a new unit, or attached to the last one (WB4).
  @inline(__always)
  private mutating func join(_ current: _WordBreakClass, isWord: Bool, isNewUnit: Bool) {
    if isPending && !isNewUnit {
      pendingIsWord = pendingIsWord || isWord
      return
    }
    segmentIsWord = segmentIsWord || isWord
    if isNewUnit { newUnit(current) }
  }

  /// A boundary before the scalar: the segment ends, and the scalar starts the next as a unit.
  @inline(__always)
  private mutating func breakBefore(_ current: _WordBreakClass, isWord: Bool, at start: Int) {
    if isPending {
      isPending = false
      endSegment(startingNext: pendingStart)
      segmentIsWord = pendingIsWord
    }
    endSegment(startingNext: start)
    segmentIsWord = isWord
    newUnit(current)
  }

  @inline(__always)
  private mutating func newUnit(_ current: _WordBreakClass) {
    indicators =
      current == .regionalIndicator ? (last == .regionalIndicator ? indicators &+ 1 : 1) : 0
    beforeLast = last
    last = current
  }

  /// The length in bytes of the longest prefix of `bytes` (the whole text) that holds at most
  /// `maxWords` words and cuts inside none: up to where the next word's segment starts (a
  /// boundary of the whole text), or the start of the grapheme cluster there, if a cluster
  /// spans it.
  /// - Complexity: O(length of the prefix).
  static func prefixByteCount(_ bytes: UnsafeRawBufferPointer, maxWords: Int) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    var scanner = _WordScanner()
    var index = 0
    while index < bytes.count {
      let decoded = _decodeUTF8(base + index, available: bytes.count &- index)
      // A valid prefix cut off by the end is one U+FFFD, as `String(decoding:)` reads it.
      let length = decoded.length == 0 ? bytes.count &- index : decoded.length
      let value = decoded.isValid && decoded.length > 0 ? decoded.value : 0xFFFD
      scanner.add(value, length: length)
      index &+= length
      if scanner.wordsAtEnd > maxWords {
        let cut = scanner.lastSegmentStart
        // The start of the grapheme cluster that holds the cut, if one does.
        var clusterStart = 0
        TextCounter.forEachGraphemeClusterEnd(
          utf8: UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, cut &+ 64)])
        ) { end in
          if end <= cut { clusterStart = end }
        }
        return clusterStart
      }
    }
    return bytes.count
  }
}

extension TextCounter {
  /// The byte ranges of the words of these UTF-8 bytes (`TextUnit.words`: the segments between
  /// UAX #29's word boundaries that hold a letter, number or ideograph), in order: what a word
  /// limit never cuts inside.
  /// - Complexity: O(n).
  public static func wordRanges(utf8 bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [] }
    var scanner = _WordScanner()
    scanner.segments = []
    var index = 0
    while index < bytes.count {
      let decoded = _decodeUTF8(base + index, available: bytes.count &- index)
      let length = decoded.length == 0 ? bytes.count &- index : decoded.length
      scanner.add(decoded.isValid && decoded.length > 0 ? decoded.value : 0xFFFD, length: length)
      index &+= length
    }
    _ = scanner.finish()
    return scanner.segments ?? []
  }
}
