/// The grapheme-cluster state machine of the utf8proc backend: a scalar-by-scalar mirror of how
/// Swift's `String` finds `Character` boundaries on this toolchain (rules GB3–GB999 of UAX #29,
/// with Swift's reading of GB9c), driven by precomputed `_GraphemeClass` bytes. The counting loops
/// run it compiled into a table (`_GraphemeBreakAutomaton`); this is where the rules are written.
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

  /// The state after a scalar of class `last` that continues (`inIndicSequence`) or does not
  /// continue a GB9c sequence, with a linker seen (`seenLinker`) or not since a boundary or
  /// GB9c's last join, and no emoji or regional-indicator sequence open: the states the
  /// automaton kernel's boundary masks find after a block.
  init(after last: _GraphemeClass, inIndicSequence: Bool, seenLinker: Bool) {
    self.last = last
    flags = (inIndicSequence ? Self.inIndicSequence : 0) | (seenLinker ? Self.seenLinker : 0)
  }

  /// The class of the previous scalar.
  var previousClass: _GraphemeClass { last }
  /// Whether the previous scalar continues a GB9c sequence.
  var continuesIndicSequence: Bool { flags & Self.inIndicSequence != 0 }
  /// Whether a GB9c linker was seen since a boundary or GB9c's last join.
  var hasSeenLinker: Bool { flags & Self.seenLinker != 0 }
  /// Whether an emoji sequence (GB11) or a pair of regional indicators (GB12, GB13) is open.
  var hasEmojiOrRegionalIndicatorSequence: Bool {
    flags & (Self.inEmojiSequence | Self.shouldBreakRegionalIndicator) != 0
  }

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

  /// Whether a run of standalone scalars may follow with a boundary before each (but an LF after
  /// a CR): the previous scalar is standalone and not a CR.
  var endsStandalone: Bool {
    last.isStandalone && last.category != _GraphemeClass.carriageReturn
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
      if next.isLinkerOrIndicExtend && (last.isLinkingConsonant || wasInIndicSequence) {
        flags |= Self.inIndicSequence
        if next.isVirama { flags |= Self.seenLinker }
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
