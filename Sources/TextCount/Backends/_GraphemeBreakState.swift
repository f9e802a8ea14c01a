/// The grapheme-cluster state machine of the utf8proc backend: a scalar-by-scalar mirror of how
/// Swift's `String` finds `Character` boundaries on this toolchain (rules GB3–GB999 of UAX #29,
/// with Swift's reading of GB9c), driven by precomputed `_GraphemeClass` bytes.
///
/// It carries O(1) state across scalars, so a stream can be fed in any number of pieces. Like the
/// standard library's recognizer, it forgets everything at a boundary.
struct _GraphemeBreakState: Sendable, Hashable {
  /// The class of the previous scalar; `control` at the start of text (GB1 via GB4).
  private var last = _GraphemeClass(rawValue: _GraphemeClass.control)
  private var flags: UInt8 = 0

  /// A GB9c linker was seen since the consonant that opened the sequence.
  private static let seenLinker: UInt8 = 1
  /// The previous scalar continues `ExtPict Extend*` (GB11).
  private static let inEmojiSequence: UInt8 = 2
  /// The previous scalar continues `Consonant [Extend Linker]*` (GB9c).
  private static let inIndicSequence: UInt8 = 4
  /// The next regional indicator pairs with the previous one's pair partner: break (GB12/13).
  private static let shouldBreakRegionalIndicator: UInt8 = 8

  init() {}

  /// Feeds the class of the next scalar and tells whether a cluster boundary precedes it.
  ///
  /// The first call after `init()` always returns `true`.
  /// - Complexity: O(1).
  @inline(__always)
  mutating func hasBreak(before next: _GraphemeClass) -> Bool {
    let isBreak = decide(next)
    if isBreak { flags = 0 }
    last = next
    return isBreak
  }

  /// Feeds eight ASCII bytes (`word`, little-endian) and returns how many of them a boundary
  /// precedes: every one, except an LF after a CR (GB3) and a non-control after a Prepend (GB9b).
  /// No other rule can join an ASCII scalar to what precedes it, and a boundary always falls
  /// inside the word, so the state after it is just the class of its last byte.
  /// - Complexity: O(1), a few word operations.
  @inline(__always)
  mutating func breaks(inASCIIWord word: UInt64) -> Int {
    let first = UInt8(truncatingIfNeeded: word)
    let x = last.category
    var breaks = 8
    if x == _GraphemeClass.carriageReturn && first == 0x0A {
      breaks = 7
    } else if x == _GraphemeClass.prepend && first >= 0x20 && first != 0x7F {
      breaks = 7
    }
    // CR immediately followed by LF inside the word (byte k + 1 sits 8 bits higher).
    let pairs = ((Self.bytes(equalTo: 0x0D, in: word) &<< 8) & Self.bytes(equalTo: 0x0A, in: word))
    breaks &-= pairs.nonzeroBitCount
    let final = UInt8(truncatingIfNeeded: word &>> 56)
    last = _GraphemeClass(rawValue: Self.asciiCategory(final))
    flags = 0
    return breaks
  }

  /// Whether a run of standalone scalars may follow with a boundary before each (but an LF after
  /// a CR): the previous scalar is standalone and not a CR.
  var endsStandalone: Bool {
    last.isStandalone && last.category != _GraphemeClass.carriageReturn
  }

  /// Sets the state to just after a scalar of class `previous` that a boundary preceded (or an
  /// LF), as after a run of standalone scalars.
  /// - Complexity: O(1).
  @inline(__always)
  mutating func resume(after previous: _GraphemeClass) {
    last = previous
    flags = 0
  }

  /// The high bit of each byte of `word` (all ASCII) that equals `byte`.
  @inline(__always)
  private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
    let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    let nonzero = ((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference
    return ~nonzero & 0x8080_8080_8080_8080
  }

  @inline(__always)
  private static func asciiCategory(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x0D: _GraphemeClass.carriageReturn
    case 0x0A: _GraphemeClass.lineFeed
    case 0x00..<0x20, 0x7F: _GraphemeClass.control
    default: _GraphemeClass.other
    }
  }

  @inline(__always)
  private mutating func decide(_ next: _GraphemeClass) -> Bool {
    let x = last.category
    let y = next.category
    if x == _GraphemeClass.other && y == _GraphemeClass.other { return true }  // the common case
    // GB3, then GB4 (CR and LF are controls too).
    if x == _GraphemeClass.carriageReturn && y == _GraphemeClass.lineFeed { return false }
    if x != _GraphemeClass.other && x <= _GraphemeClass.lineFeed { return true }

    // After every decision below, only what this scalar re-enters survives of the two sequences.
    let wasInEmojiSequence = flags & Self.inEmojiSequence != 0
    let wasInIndicSequence = flags & Self.inIndicSequence != 0
    flags &= ~(Self.inEmojiSequence | Self.inIndicSequence)

    switch (x, y) {
    case (_GraphemeClass.other, _GraphemeClass.other):
      return true
    // GB5
    case (_, _GraphemeClass.control), (_, _GraphemeClass.carriageReturn),
      (_, _GraphemeClass.lineFeed):
      return true
    // GB6
    case (_GraphemeClass.hangulL, _GraphemeClass.hangulL),
      (_GraphemeClass.hangulL, _GraphemeClass.hangulV),
      (_GraphemeClass.hangulL, _GraphemeClass.hangulLV),
      (_GraphemeClass.hangulL, _GraphemeClass.hangulLVT):
      return false
    // GB7
    case (_GraphemeClass.hangulLV, _GraphemeClass.hangulV),
      (_GraphemeClass.hangulV, _GraphemeClass.hangulV),
      (_GraphemeClass.hangulLV, _GraphemeClass.hangulT),
      (_GraphemeClass.hangulV, _GraphemeClass.hangulT):
      return false
    // GB8
    case (_GraphemeClass.hangulLVT, _GraphemeClass.hangulT),
      (_GraphemeClass.hangulT, _GraphemeClass.hangulT):
      return false
    // GB9, with the bookkeeping for GB11 and GB9c.
    case (_, _GraphemeClass.extend), (_, _GraphemeClass.zeroWidthJoiner):
      if x == _GraphemeClass.extendedPictographic
        || (wasInEmojiSequence && x == _GraphemeClass.extend)
      {
        flags |= Self.inEmojiSequence
      }
      let isLinker = next.isVirama
      let isIndicExtend = !(next.isLinkingConsonant || isLinker || next.isExcludedFromIndicExtend)
      if (isLinker || isIndicExtend) && (last.isLinkingConsonant || wasInIndicSequence) {
        flags |= Self.inIndicSequence
        if isLinker { flags |= Self.seenLinker }
      }
      return false
    // GB9a
    case (_, _GraphemeClass.spacingMark):
      return false
    // GB9b
    case (_GraphemeClass.prepend, _):
      return false
    // GB11
    case (_GraphemeClass.zeroWidthJoiner, _GraphemeClass.extendedPictographic):
      return !wasInEmojiSequence
    // GB12, GB13
    case (_GraphemeClass.regionalIndicator, _GraphemeClass.regionalIndicator):
      flags ^= Self.shouldBreakRegionalIndicator
      return flags & Self.shouldBreakRegionalIndicator == 0
    // GB9c, then GB999
    default:
      if wasInIndicSequence && flags & Self.seenLinker != 0 && next.isLinkingConsonant {
        flags &= ~Self.seenLinker
        return false
      }
      return true
    }
  }
}
