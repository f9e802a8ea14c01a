import Testing

@testable import TextCount

/// The cluster kernel's view of which scalars are standalone agrees with the class table, for
/// every scalar: the bitmap below U+20000, the rule above it, and the lead bytes it skips.
@Suite struct StandaloneScalarsTests {
  let scalars = _StandaloneScalars.generated
  let table = _GraphemeClassTable.generated

  @Test func everyScalarTheKernelTakesAsStandaloneIs() {
    // Exact below U+20000; above, it may only be cautious, and only about U+E0000–U+E0FFF.
    var wrong: [UInt32] = []
    for codePoint in UInt32(0)...0x10_FFFF where !(0xD800...0xDFFF).contains(codePoint) {
      let isStandalone = table.graphemeClass(of: codePoint).isStandalone
      let taken = scalars.isStandalone(codePoint)
      let cautious =
        codePoint >= _StandaloneScalars.bitmapLimit
        && (0xE_0000...0xE_0FFF).contains(codePoint)
      if taken ? !isStandalone : (isStandalone && !cautious) { wrong.append(codePoint) }
    }
    let firstWrong = wrong.prefix(20).map { String($0, radix: 16) }
    #expect(wrong.count == 0, "disagree: \(firstWrong)")
  }

  @Test func skippedLeadBytesStartOnlyStandaloneScalars() {
    var skipped: [UInt8] = []
    for lead in UInt8(0)...0xFF where scalars.isStandaloneLead(lead) {
      skipped.append(lead)
      #expect((0xC2...0xEF).contains(lead), "\(lead) is not a 2- or 3-byte lead")
      let first: UInt32 = lead < 0xE0 ? UInt32(lead & 0x1F) << 6 : UInt32(lead & 0x0F) << 12
      let count: UInt32 = lead < 0xE0 ? 64 : 4096
      for codePoint in first..<first + count
      where codePoint >= (lead < 0xE0 ? 0x80 : 0x800) && !(0xD800...0xDFFF).contains(codePoint) {
        #expect(table.graphemeClass(of: codePoint).isStandalone, "U+\(codePoint) under \(lead)")
      }
    }
    // Cyrillic and the CJK ideographs are what make the kernel fast on those scripts.
    for lead: UInt8 in [0xD0, 0xD1, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9] {
      #expect(skipped.contains(lead), "lead \(lead) should be skipped")
    }
  }

  @Test func theKanaRuleTakesOnlyStandaloneScalars() {
    var taken = 0
    for codePoint in UInt32(0x3000)...0x3FFF
    where _StandaloneScalars.kanaRuleTakesAsStandalone(codePoint) {
      taken += 1
      #expect(
        table.graphemeClass(of: codePoint).isStandalone, "U+\(String(codePoint, radix: 16))")
    }
    // Everything under lead E3 but the eight marks the rule leaves to the look-up.
    #expect(taken == 0x1000 - 8)
    // Hiragana, katakana and the ideographic full stop are what make the kernel fast on Japanese.
    for codePoint: UInt32 in [0x3042, 0x3093, 0x30A2, 0x30F3, 0x30FC, 0x3002] {
      #expect(_StandaloneScalars.kanaRuleTakesAsStandalone(codePoint))
    }
  }

  @Test func standaloneMeansNoStateIsNeeded() {
    // A standalone scalar after a standalone scalar is always a new cluster (but LF after CR).
    let standalone: [UInt32] = [0x61, 0x0D, 0x0A, 0x01, 0xAC00, 0xAC01, 0x1F600, 0x0915, 0x4E00]
    for first in standalone {
      for second in standalone where !(first == 0x0D && second == 0x0A) {
        let text = String(scalars: [first, second])
        #expect(text.count == 2, "U+\(first) U+\(second)")
        #expect(table.graphemeClass(of: first).isStandalone)
      }
    }
  }
}
