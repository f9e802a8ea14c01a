/// The grapheme-breaking class of one Unicode scalar, packed in a byte: what the segmentation state
/// machine needs to know about a scalar, and nothing else.
///
/// The low four bits hold the Grapheme_Cluster_Break category (with CR, LF and
/// Extended_Pictographic as categories of their own, as Swift's `String` treats them); the high
/// bits are flags for rule GB9c. The byte values are part of the generated correction table
/// (`Scripts/generate-grapheme-corrections.swift` writes them as numbers), so they never change.

struct _GraphemeClass: Hashable, Sendable {
  var rawValue: UInt8

  init(rawValue: UInt8) { self.rawValue = rawValue }

  var category: UInt8 { rawValue & 0x0F }
  var isLinkingConsonant: Bool { rawValue & Self.linkingConsonantFlag != 0 }
  var isExcludedFromIndicExtend: Bool { rawValue & Self.notIndicExtendFlag != 0 }
  var isVirama: Bool { rawValue & Self.viramaFlag != 0 }
  /// Whether an Extend or ZWJ scalar of this class goes on with a GB9c sequence: a linker, or an
  /// Extend that is neither a consonant nor U+200C.
  var isLinkerOrIndicExtend: Bool {
    isVirama || !(isLinkingConsonant || isExcludedFromIndicExtend)
  }

  /// Whether a boundary always separates this scalar from a standalone neighbour (except CR LF):
  /// true for every class but Extend, ZWJ, SpacingMark, Prepend, Regional_Indicator and Hangul L,
  /// V and T. Runs of standalone scalars are counted without the state machine.
  var isStandalone: Bool {
    switch category {
    case Self.extend, Self.zeroWidthJoiner, Self.spacingMark, Self.prepend, Self.regionalIndicator,
      Self.hangulL, Self.hangulV, Self.hangulT:
      false
    default: true
    }
  }

  // Categories (low nibble).
  static let other: UInt8 = 0
  static let control: UInt8 = 1
  static let carriageReturn: UInt8 = 2
  static let lineFeed: UInt8 = 3
  static let extend: UInt8 = 4
  static let zeroWidthJoiner: UInt8 = 5
  static let prepend: UInt8 = 6
  static let spacingMark: UInt8 = 7
  static let hangulL: UInt8 = 8
  static let hangulV: UInt8 = 9
  static let hangulT: UInt8 = 10
  static let hangulLV: UInt8 = 11
  static let hangulLVT: UInt8 = 12
  static let regionalIndicator: UInt8 = 13
  static let extendedPictographic: UInt8 = 14

  // Flags (high bits), used by rule GB9c as Swift's `String` implements it.
  /// Indic_Conjunct_Break=Consonant.
  static let linkingConsonantFlag: UInt8 = 0x10
  /// An Extend scalar that does not continue a GB9c sequence (U+200C ZERO WIDTH NON-JOINER).
  static let notIndicExtendFlag: UInt8 = 0x20
  /// One of the six viramas Swift treats as Indic_Conjunct_Break=Linker.
  static let viramaFlag: UInt8 = 0x40
}
