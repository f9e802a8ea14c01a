/// Which scalars are standalone (`_GraphemeClass.isStandalone`), in the form the cluster kernel
/// reads: a bitmap below U+20000, and the lead bytes whose every scalar is standalone.
///
/// Above U+1FFFF the kernel takes every scalar as standalone but U+E0000–U+E0FFF (tags and
/// variation selectors); `GeneratedTableTests` checks that against the class table.
struct _StandaloneScalars: Sendable {
  /// The first code point the bitmap does not cover.
  static let bitmapLimit: UInt32 = 0x2_0000

  /// Bit `c & 7` of byte `c >> 3` is set when U+c is standalone.
  let bitmap: [UInt8]
  /// `leadByLowNibble[b & 15] & leadByHighNibble[b >> 4]` is nonzero when every scalar that
  /// lead byte `b` starts is standalone.
  let leadByLowNibble: [UInt8]
  let leadByHighNibble: [UInt8]

  /// - Complexity: O(`bitmapLimit`), once.
  init(_ table: _GraphemeClassTable) {
    var bitmap = [UInt8](repeating: 0, count: Int(Self.bitmapLimit) / 8)
    for codePoint in 0..<Self.bitmapLimit where table.graphemeClass(of: codePoint).isStandalone {
      bitmap[Int(codePoint) >> 3] |= 1 << (codePoint & 7)
    }
    func isStandalone(_ codePoint: UInt32) -> Bool {
      bitmap[Int(codePoint) >> 3] >> (codePoint & 7) & 1 != 0
    }
    var byLow = [UInt8](repeating: 0, count: 16)
    var byHigh = [UInt8](repeating: 0, count: 16)
    // 2- and 3-byte leads only: 4-byte leads always get a look.
    for high in 0xC...0xE { byHigh[high] = 1 << (high - 0xC) }
    for lead in 0xC2...0xEF {
      let first: UInt32 = lead < 0xE0 ? UInt32(lead & 0x1F) << 6 : UInt32(lead & 0x0F) << 12
      let size: UInt32 = lead < 0xE0 ? 64 : 4096
      let lowest: UInt32 = lead < 0xE0 ? 0x80 : 0x800  // shorter forms are overlong
      let scalars = (first..<first + size).filter {
        $0 >= lowest && !(0xD800...0xDFFF).contains($0)
      }
      if scalars.allSatisfy(isStandalone) { byLow[lead & 0xF] |= 1 << (lead >> 4 - 0xC) }
    }
    self.bitmap = bitmap
    leadByLowNibble = byLow
    leadByHighNibble = byHigh
  }

  /// Whether the kernel takes `codePoint` as standalone.
  func isStandalone(_ codePoint: UInt32) -> Bool {
    if codePoint < Self.bitmapLimit {
      return bitmap[Int(codePoint) >> 3] >> (codePoint & 7) & 1 != 0
    }
    return !(0xE_0000...0xE_0FFF).contains(codePoint)
  }

  /// Whether the kernel skips the look-up for scalars that start with `lead`.
  func isStandaloneLead(_ lead: UInt8) -> Bool {
    leadByLowNibble[Int(lead & 0xF)] & leadByHighNibble[Int(lead >> 4)] != 0
  }

  /// Whether the kernel's kana rule takes `codePoint` as standalone without a look: under lead E3
  /// (U+3000–U+3FFF: kana, CJK punctuation), every scalar but U+302A–U+302F and U+3099–U+309A.
  /// The kernel applies it from the two bytes after the lead, in blocks dense in kana.
  static func kanaRuleTakesAsStandalone(_ codePoint: UInt32) -> Bool {
    (0x3000...0x3FFF).contains(codePoint) && !(0x302A...0x302F).contains(codePoint)
      && !(0x3099...0x309A).contains(codePoint)
  }

  static let generated = _StandaloneScalars(.generated)
}
