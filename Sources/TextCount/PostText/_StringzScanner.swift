/// Counts what the JavaScript package stringz 2.1 counts (`length`: the matches of char-regex
/// 1.0.2, lodash's `unicodeSize` pattern), as text arrives: the length Mastodon's web composer
/// shows (`TextUnit.stringz`).
///
/// The pattern, read as the rules it applies at each place (over UTF-16 code units; a scalar
/// above U+FFFF is a surrogate pair, U+FFFD stands for ill-formed bytes, so no lone surrogate
/// occurs here), first that matches:
/// 1. England's, Scotland's or Wales's flag (U+1F3F4, tags `g b`, `e|s|w`, `n|c|l`, `g|t|s`,
///    U+E007F): one.
/// 2. A skin tone followed by another: the first alone.
/// 3. A symbol, then its sequence: a scalar below U+10000 with a combining mark after it
///    (U+0300–U+036F, U+1AB0–U+1AFF, U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F) if one
///    follows, or two regional indicators, or one scalar above U+FFFF; then a variation selector
///    (U+FE0E, U+FE0F) if one follows, a combining mark or a skin tone if one follows, and any
///    number of U+200D each followed by a scalar below U+10000, two regional indicators or a
///    scalar above U+FFFF, each with its own optional selector and mark or tone.
/// So CR LF is two, Hangul jamo L V T three, a letter with two accents one and with three two.
///
/// Each match takes what follows it as long as the rules let it, and no rule takes back what it
/// took but the flag's, so the scanner reads a scalar at a time and keeps only where the open
/// match stands (`Place`): each scalar joins it or opens the next. Two places wait on what
/// comes: a joiner (the match ends before it where nothing follows; it is then a match of its
/// own) and the flag's tags (where they stop short of the flag, U+1F3F4 and each tag are
/// matches of their own), counted at the end (`finish`) or when the next scalar decides.
struct _StringzScanner: Sendable {
  private var reader = _ScalarReader()
  private var matches = Matches()

  init() {}

  /// The matches opened so far: the count, but for a joiner or flag tags that still wait.
  var count: Int { matches.count }

  /// The offset of the first ill-formed byte read, if any.
  var firstInvalidOffset: Int? { reader.firstInvalidOffset }

  /// Reads the next bytes: 64-byte blocks through the vector kernel (those where every scalar
  /// is a match of its own, text of no combining mark, selector, joiner, skin tone or flag, at
  /// once; others a scalar a step of `Matches.transitions`), up to a flag; else eight ASCII
  /// bytes at a time (eight matches), else a scalar at a time, each by its kind.
  /// - Complexity: O(`bytes.count`).
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var reader = self.reader
    var matches = self.matches
    defer {
      self.reader = reader
      self.matches = matches
    }
    var index = reader.resume(bytes) { matches.take($0) }
    let end = bytes.count
    if index == end { return }
    let transitions = Matches.transitions
    let kinds = ScalarKind.allCases.count
    // Where the vector kernel may next be tried: after a try that took less than a block, the
    // scalar loop takes the next 512 bytes to 4 KiB.
    var kernelFrom = 0
    var misses = 0
    // Not where the kernels are off (`TEXTCOUNT_DISABLE_SIMD`, a CPU without them): the scalar
    // loop alone then, with no automaton built for the kernel.
    let takesKernel = _VectorKernels.isAvailable
    while index < end {
      if takesKernel && index >= kernelFrom && end &- index >= 128 && matches.place != .flag {
        let run = _VectorKernels.stringzMatches(
          base, from: index, to: end, place: matches.place.rawValue, automaton: Self.automaton.value
        )
        matches.count &+= run.matches
        matches.place = Place(rawValue: run.place).unsafelyUnwrapped
        if run.end &- index >= 64 {
          misses = 0
        } else {
          misses = min(misses &+ 1, 4)
          kernelFrom = run.end &+ (256 &<< misses)
        }
        index = run.end
        if index == end { break }
      }
      if base[index] < 0x80 && matches.nextOpensMatch {
        // Symbols below U+10000, the last still open (a mark may follow): eight at a time.
        if end &- index >= 8
          && UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            & 0x8080_8080_8080_8080 == 0
        {
          matches.count &+= 8
          index &+= 8
        } else {
          matches.count &+= 1
          index &+= 1
        }
        matches.place = .symbol
        continue
      }
      let decoded = _decodeUTF8Quickly(base + index, available: end &- index)
      if decoded.isValid && matches.place != .flag {
        let kind = ScalarKind(decoded.value)
        let entry = transitions[Int(matches.place.rawValue) &* kinds &+ kind.rawValue]
        matches.count &+= Int(entry >> 4)
        matches.place = Place(rawValue: entry & 0x0F).unsafelyUnwrapped
        index &+= decoded.length
        continue
      }
      // The flag's tags, ill-formed bytes, a scalar the piece leaves unfinished.
      guard let decoded = reader.decode(base, at: index, end: end) else {
        reader.endPiece(bytes, unfinishedFrom: index)
        return
      }
      matches.take(decoded.value)
      index &+= decoded.length
    }
    reader.endPiece(bytes, unfinishedFrom: nil)
  }

  /// Ends the text; returns the count.
  mutating func finish() -> Int {
    reader.finish { matches.take($0) }
    return matches.finish()
  }

  /// Where the open match stands, by what it has taken last.
  private enum Place: UInt8, CaseIterable {
    /// No match is open, or the open one takes nothing more.
    case closed
    /// A scalar below U+10000 opened it: a combining mark may complete the symbol.
    case symbol
    /// A regional indicator opened it, or was joined: a second may complete the symbol.
    case regionalIndicator
    /// A skin tone opened it: another opens the next match (rule 2).
    case skinTone
    /// U+1F3F4 and `Matches.flagTags` tags of England's, Scotland's or Wales's flag (rule 1).
    case flag
    /// The symbol (or a joined one) is whole: a selector, a mark or tone, a joiner may follow.
    case symbolTaken
    /// A selector: a mark or tone, a joiner may follow.
    case selectorTaken
    /// A mark or tone after the symbol: a joiner may follow.
    case markTaken
    /// A joiner: whatever follows is joined.
    case joiner
  }

  /// `Matches.transitions` for the vector kernel (`_VectorKernels.stringzAutomaton`): each
  /// scalar's kind, and each step but those into and in the flag's tags, which the scalar loop
  /// takes (`Matches.takeFlagTag`). Kinds 0 and 1 are the kernel's ordinary scalars; place 0,
  /// `closed`, its place of no open match.
  static let automaton = _UncheckedSendable<UnsafeRawPointer>(
    {
      let kindCount = ScalarKind.allCases.count
      precondition(
        kindCount == _VectorKernels.stringzKinds && Place.closed.rawValue == 0
          && ScalarKind.belowU10000.rawValue == 0 && ScalarKind.aboveUFFFF.rawValue == 1,
        "_StringzScanner: kinds or places not as the kernel numbers them")
      let steps = Place.allCases.flatMap { place in
        ScalarKind.allCases.map { kind in
          let step = Matches.transitions[Int(place.rawValue) * kindCount + kind.rawValue]
          return place == .flag || step & 0x0F == Place.flag.rawValue
            ? _VectorKernels.stringzStop : step
        }
      }
      return _VectorKernels.stringzAutomaton(
        kinds: _TwoLevelTable { UInt8(ScalarKind($0).rawValue) }, steps: steps,
        placeCount: Place.allCases.count)
    }())

  /// The place of a joiner that waits for what it joins (the kernel's runs may end in it).
  static var joinerPlace: UInt8 { Place.joiner.rawValue }

  /// What a scalar may do to the open match, which but in the flag's tags is all that decides
  /// where it goes: each kind with a scalar of its own to stand for it.
  private enum ScalarKind: Int, CaseIterable {
    case belowU10000, aboveUFFFF, combiningMark, selector, skinTone, joiner, regionalIndicator
    case blackFlag

    @inline(__always)
    init(_ scalar: UInt32) {
      if scalar < 0x300 {
        self = .belowU10000
      } else if scalar <= 0xFFFF {
        self =
          _StringzScanner.isCombiningMark(scalar)
          ? .combiningMark
          : scalar == 0xFE0E || scalar == 0xFE0F
            ? .selector : scalar == 0x200D ? .joiner : .belowU10000
      } else if scalar < 0x1F1E6 || scalar > 0x1F3FF {
        self = .aboveUFFFF
      } else {
        self =
          _StringzScanner.isRegionalIndicator(scalar)
          ? .regionalIndicator
          : _StringzScanner.isSkinTone(scalar)
            ? .skinTone : scalar == 0x1F3F4 ? .blackFlag : .aboveUFFFF
      }
    }

    /// A scalar of this kind.
    var representative: UInt32 {
      switch self {
      case .belowU10000: 0x61
      case .aboveUFFFF: 0x1F600
      case .combiningMark: 0x301
      case .selector: 0xFE0F
      case .skinTone: 0x1F3FB
      case .joiner: 0x200D
      case .regionalIndicator: 0x1F1E6
      case .blackFlag: 0x1F3F4
      }
    }
  }

  /// The matches read: how many are open, and where the last stands.
  private struct Matches {
    var count = 0
    var place = Place.closed
    /// In `Place.flag`, the tags read after U+1F3F4; 0 in every other place (a flag's match
    /// opens there, on the table's transitions too).
    var flagTags = 0

    /// Whether the next scalar opens a match unless it is one of those that join or start a
    /// sequence (the combining marks, selectors, joiner, skin tones, regional indicators and
    /// U+1F3F4): anywhere but after a joiner or in the flag's tags (where the ASCII loop takes
    /// eight at a time).
    var nextOpensMatch: Bool { place != .joiner && place != .flag }

    /// What `take` does with a scalar of each kind in each place but `.flag`, by place then
    /// kind: the matches it opens (high four bits) and the place it leaves (low four).
    static let transitions: [UInt8] = Place.allCases.flatMap { place in
      ScalarKind.allCases.map { kind in
        var matches = Matches(place: place)
        matches.take(kind.representative)
        return UInt8(matches.count) << 4 | matches.place.rawValue
      }
    }

    /// Ends the text; returns the count.
    mutating func finish() -> Int {
      switch place {
      // The match ends before a last joiner, which is then a match of its own.
      case .joiner: count &+= 1
      // U+1F3F4 is a match alone, and so is each tag after it.
      case .flag: count &+= flagTags
      default: break
      }
      flagTags = 0
      place = .closed
      return count
    }

    /// Reads the next scalar: it joins the open match or opens the next.
    mutating func take(_ scalar: UInt32) {
      switch place {
      case .closed: open(scalar)
      case .symbol:
        if _StringzScanner.isCombiningMark(scalar) { place = .symbolTaken } else { follow(scalar) }
      case .regionalIndicator:
        if _StringzScanner.isRegionalIndicator(scalar) {
          place = .symbolTaken
        } else {
          follow(scalar)
        }
      case .skinTone:
        if _StringzScanner.isSkinTone(scalar) { open(scalar) } else { follow(scalar) }
      case .flag: takeFlagTag(scalar)
      case .symbolTaken: follow(scalar)
      case .selectorTaken:
        if _StringzScanner.isCombiningMark(scalar) || _StringzScanner.isSkinTone(scalar) {
          place = .markTaken
        } else if scalar == 0x200D {
          place = .joiner
        } else {
          open(scalar)
        }
      case .markTaken: if scalar == 0x200D { place = .joiner } else { open(scalar) }
      // A joined regional indicator may take a second; any other scalar is whole.
      case .joiner:
        place = _StringzScanner.isRegionalIndicator(scalar) ? .regionalIndicator : .symbolTaken
      }
    }

    /// Reads `scalar` after a whole symbol: its selector, its mark or tone, a joiner, or the
    /// next match.
    private mutating func follow(_ scalar: UInt32) {
      if scalar == 0xFE0E || scalar == 0xFE0F {
        place = .selectorTaken
      } else if _StringzScanner.isCombiningMark(scalar) || _StringzScanner.isSkinTone(scalar) {
        place = .markTaken
      } else if scalar == 0x200D {
        place = .joiner
      } else {
        open(scalar)
      }
    }

    /// Opens the next match with `scalar`.
    private mutating func open(_ scalar: UInt32) {
      count &+= 1
      if scalar <= 0xFFFF {
        place = .symbol
      } else if scalar == 0x1F3F4 {
        place = .flag
      } else if _StringzScanner.isSkinTone(scalar) {
        place = .skinTone
      } else if _StringzScanner.isRegionalIndicator(scalar) {
        place = .regionalIndicator
      } else {
        place = .symbolTaken
      }
    }

    /// Reads `scalar` after U+1F3F4 and `flagTags` tags: the next tag of the flag, its end (the
    /// flag is one match), or the end of the try. Then U+1F3F4 and each tag are symbols of their
    /// own (a tag neither joins nor attaches), the last still open to `scalar`.
    private mutating func takeFlagTag(_ scalar: UInt32) {
      let allowed: Bool
      switch flagTags {
      case 0: allowed = scalar == 0xE0067
      case 1: allowed = scalar == 0xE0062
      case 2: allowed = scalar == 0xE0065 || scalar == 0xE0073 || scalar == 0xE0077
      case 3: allowed = scalar == 0xE006E || scalar == 0xE0063 || scalar == 0xE006C
      case 4: allowed = scalar == 0xE0067 || scalar == 0xE0074 || scalar == 0xE0073
      default: allowed = scalar == 0xE007F
      }
      if allowed && flagTags == 5 {
        place = .closed
        flagTags = 0
      } else if allowed {
        flagTags &+= 1
      } else {
        count &+= flagTags
        flagTags = 0
        place = .symbolTaken
        follow(scalar)
      }
    }
  }

  static func isCombiningMark(_ s: UInt32) -> Bool {
    (0x300...0x36F).contains(s) || (0xFE20...0xFE2F).contains(s) || (0x20D0...0x20FF).contains(s)
      || (0x1AB0...0x1AFF).contains(s) || (0x1DC0...0x1DFF).contains(s)
  }

  static func isSkinTone(_ s: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(s) }
  static func isRegionalIndicator(_ s: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(s) }

  /// The length in bytes of the longest prefix of `bytes` that ends on a grapheme-cluster
  /// boundary and counts at most `maxCount`. A count may fall as text is added (a ZWJ at the end
  /// is a match of its own until what it joins follows), but the matches already closed stay:
  /// the search ends once they alone are too many.
  /// - Complexity: O(length of the prefix).
  static func prefixByteCount(_ bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    var scanner = _StringzScanner()
    var fitting = 0
    var start = 0
    var stopped = false
    TextCounter.forEachGraphemeClusterEnd(utf8: bytes) { end in
      guard !stopped else { return }
      scanner.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
      start = end
      if scanner.count > maxCount {
        stopped = true
        return
      }
      var ended = scanner
      if ended.finish() <= maxCount { fitting = end }
    }
    return fitting
  }
}
