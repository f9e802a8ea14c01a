import Testing
import TextCount

/// Inputs where Swift 6.3.1's `String` departs from plain Unicode 17.0 (or from libutf8proc's
/// Unicode 15.0). A toolchain that changes any of these must be noticed at once: update the
/// generator's quirks and these expectations together.
@Suite struct CanaryTests {
  static let canaries: [(scalars: [UInt32], graphemes: Int, why: String)] = [
    ([0x0915, 0x094D, 0x0937], 1, "GB9c with a Unicode 15.1 virama joins the conjunct"),
    ([0x1000, 0x1039, 0x1000], 2, "Myanmar U+1039 is a 17.0 linker, not one of Swift's six"),
    ([0x16D63, 0x16D67], 2, "Kirat Rai vowel signs are GCB=V in 17.0 but act as Other in Swift"),
    ([0x2701, 0x200D, 0x2701], 2, "U+2701 stopped being Extended_Pictographic after 15.0"),
  ]

  @Test(arguments: canaries.indices)
  func standardLibraryStillBehavesAsRecorded(_ index: Int) {
    let canary = Self.canaries[index]
    #expect(String(scalars: canary.scalars).count == canary.graphemes, "\(canary.why)")
  }

  @Test(arguments: canaries.indices, allBackends)
  func backendsMatchTheStandardLibrary(_ index: Int, _ backend: TextCounter.Backend) {
    let canary = Self.canaries[index]
    let text = String(scalars: canary.scalars)
    let counter = TextCounter(unit: .graphemes, backend: backend)
    #expect(counter.count(text) == canary.graphemes, "\(canary.why)")
    #expect(counter.count(utf8: Array(text.utf8)) == canary.graphemes, "\(canary.why)")
  }
}
