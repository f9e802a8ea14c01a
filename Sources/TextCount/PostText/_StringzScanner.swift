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
/// So CR LF is two, Hangul jamo L V T three, a letter with two accents two.
struct _StringzScanner: Sendable {
  private var reader = _ScalarReader()
  private(set) var count = 0
  /// Scalars read but not yet matched: a match needs up to seven scalars after its start.
  private var pending: [UInt32] = []

  init() {}

  /// The offset of the first ill-formed byte read, if any.
  var firstInvalidOffset: Int? { reader.firstInvalidOffset }

  /// Reads the next bytes: 64-byte blocks where every scalar is a match of its own through the
  /// vector kernel (text of no combining mark, selector, joiner, skin tone or flag), eight ASCII
  /// bytes at a time (eight matches) where no match waits and an ASCII byte follows them, else
  /// a scalar at a time.
  /// - Complexity: O(`bytes.count`).
  /// With `endsText`, the bytes are the last of the text (`finish()` still to be called): a
  /// last scalar that is a match alone is counted without being kept.
  mutating func append(_ bytes: UnsafeRawBufferPointer, endsText: Bool = false) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var reader = self.reader
    defer { self.reader = reader }
    var index = reader.resume(bytes) { add($0) }
    let end = bytes.count
    if index == end { return }
    // Where the vector kernel may next be tried: after a try that took less than a block, the
    // scalar loop takes the next 512 bytes to 4 KiB.
    var kernelFrom = 0
    var misses = 0
    while index < end {
      if pending.isEmpty && index >= kernelFrom && end &- index >= 128 {
        let run = _VectorKernels.stringzMatches(base, from: index, to: end)
        count &+= run.matches
        if run.end &- index >= 64 {
          misses = 0
        } else {
          misses = min(misses &+ 1, 4)
          kernelFrom = run.end &+ (256 &<< misses)
        }
        index = run.end
        if index == end { break }
      }
      if pending.isEmpty && end &- index > 8 && base[index &+ 8] < 0x80 {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          count &+= 8
          index &+= 8
          continue
        }
      }
      guard let decoded = reader.decode(base, at: index, end: end) else {
        reader.endPiece(bytes, unfinishedFrom: index)
        return
      }
      let next = index &+ decoded.length
      // A scalar no match reaches past, with no match waiting: one match, never kept. What
      // follows it decides (`matchLength`): nothing that attaches (a mark, a selector, a skin
      // tone, a joiner), and it starts no flag or tag sequence.
      if pending.isEmpty && !Self.startsSequence(decoded.value) {
        if next < end {
          let following = _decodeUTF8(base + next, available: end &- next)
          if following.length > 0 && !Self.attaches(following.value) {
            count &+= 1
            index = next
            continue
          }
        } else if endsText {
          count &+= 1
          index = next
          continue
        }
      }
      add(decoded.value)
      index = next
    }
    reader.endPiece(bytes, unfinishedFrom: nil)
  }

  /// Whether a match starting with `scalar` may take the scalar after it whatever that is: a
  /// regional indicator (a flag), the black flag (a tag sequence), a skin tone (before another).
  @inline(__always)
  static func startsSequence(_ scalar: UInt32) -> Bool {
    isRegionalIndicator(scalar) || scalar == 0x1F3F4 || isSkinTone(scalar)
  }

  /// Whether `scalar` joins the match before it: a combining mark, a variation selector of
  /// emoji (U+FE0E, U+FE0F), a skin tone, a zero width joiner.
  @inline(__always)
  static func attaches(_ scalar: UInt32) -> Bool {
    scalar >= 0x300
      && (isCombiningMark(scalar) || scalar == 0xFE0E || scalar == 0xFE0F || isSkinTone(scalar)
        || scalar == 0x200D)
  }

  /// Ends the text; returns the count.
  mutating func finish() -> Int {
    var reader = self.reader
    reader.finish { add($0) }
    self.reader = reader
    while !pending.isEmpty { matchFirst(atEnd: true) }
    return count
  }

  /// Where matching is tried next: once more scalars than a match may look at are read, or,
  /// after a match that reached past them (a long chain of joiners), twice as many.
  private var matchesAt = 9

  @inline(__always)
  private mutating func add(_ scalar: UInt32) {
    pending.append(scalar)
    guard pending.count >= matchesAt else { return }
    while pending.count >= 9 && matchFirst(atEnd: false) {}
    matchesAt = pending.count >= 9 ? 2 * pending.count : 9
  }

  static func isCombiningMark(_ s: UInt32) -> Bool {
    (0x300...0x36F).contains(s) || (0xFE20...0xFE2F).contains(s) || (0x20D0...0x20FF).contains(s)
      || (0x1AB0...0x1AFF).contains(s) || (0x1DC0...0x1DFF).contains(s)
  }

  static func isSkinTone(_ s: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(s) }
  static func isRegionalIndicator(_ s: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(s) }

  /// Matches at the start of `pending`, counts the match and removes it; false (nothing done)
  /// where the match may reach past what is read and more may come.
  @discardableResult
  private mutating func matchFirst(atEnd: Bool) -> Bool {
    guard let length = Self.matchLength(pending[...], atEnd: atEnd) else { return false }
    count &+= 1
    pending.removeFirst(length)
    return true
  }

  /// The length, in scalars, of the match at the start of `scalars` (not empty); nil where it
  /// may reach past their end and more may come (`atEnd` false).
  static func matchLength(_ scalars: ArraySlice<UInt32>, atEnd: Bool) -> Int? {
    let start = scalars.startIndex
    let end = scalars.endIndex
    // A scalar at `index`, or nil past the end (an undecided match where more may come).
    var undecided = false
    func at(_ index: Int) -> UInt32? {
      if index < end { return scalars[index] }
      if !atEnd { undecided = true }
      return nil
    }
    // 1. The black flag's tag sequences.
    func allowed(_ offset: Int, _ scalar: UInt32) -> Bool {
      switch offset {
      case 1: scalar == 0xE0067
      case 2: scalar == 0xE0062
      case 3: scalar == 0xE0065 || scalar == 0xE0073 || scalar == 0xE0077
      case 4: scalar == 0xE006E || scalar == 0xE0063 || scalar == 0xE006C
      case 5: scalar == 0xE0067 || scalar == 0xE0074 || scalar == 0xE0073
      default: scalar == 0xE007F
      }
    }
    if scalars[start] == 0x1F3F4 {
      var matches = true
      for offset in 1..<7 {
        guard let scalar = at(start + offset) else {
          if undecided { return nil }
          matches = false
          break
        }
        if !allowed(offset, scalar) {
          matches = false
          break
        }
      }
      if matches { return 7 }
    }
    // 2. A skin tone before another.
    if isSkinTone(scalars[start]) {
      guard let next = at(start + 1) else {
        if undecided { return nil }
        return 1
      }
      if isSkinTone(next) { return 1 }
    }
    // 3. A symbol, then its sequence.
    var index = start
    let first = scalars[start]
    if first <= 0xFFFF {
      index += 1
      guard let next = at(index) else { return undecided ? nil : index - start }
      if isCombiningMark(next) { index += 1 }
    } else if isRegionalIndicator(first) {
      guard let next = at(start + 1) else { return undecided ? nil : 1 }
      index += isRegionalIndicator(next) ? 2 : 1
    } else {
      index += 1
    }
    // The optional selector and mark (or tone) after a symbol or a joined one.
    func selectorAndMark() -> Bool {
      guard let next = at(index) else { return !undecided }
      if next == 0xFE0E || next == 0xFE0F { index += 1 }
      guard let mark = at(index) else { return !undecided }
      if isCombiningMark(mark) || isSkinTone(mark) { index += 1 }
      return true
    }
    guard selectorAndMark() else { return nil }
    while true {
      guard let joiner = at(index) else { return undecided ? nil : index - start }
      guard joiner == 0x200D else { break }
      guard let joined = at(index + 1) else { return undecided ? nil : index - start }
      if joined <= 0xFFFF {
        index += 2
      } else if isRegionalIndicator(joined) {
        // Two regional indicators, or one as any scalar above U+FFFF.
        let second = at(index + 2)
        if second == nil && undecided { return nil }
        index += second.map(isRegionalIndicator) == true ? 3 : 2
      } else {
        index += 2
      }
      guard selectorAndMark() else { return nil }
    }
    return index - start
  }

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
