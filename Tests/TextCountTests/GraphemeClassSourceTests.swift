import Foundation
import Testing

@testable import TextCount

/// The generated grapheme classes against libutf8proc-style data of other Unicode versions: the
/// property files of 15.0, 15.1 and 16.0 (Tests/Fixtures/Unicode, from unicode.org) read here as
/// libutf8proc reports them (Grapheme_Cluster_Break and Extended_Pictographic, no
/// Indic_Conjunct_Break), then the comparison `textlimit --version` reports.
@Suite struct GraphemeClassSourceTests {
  /// The raw classes a libutf8proc built on `version`'s data would report, by code point.
  static func rawClasses(_ version: String) -> [UInt8] {
    let categories: [String: UInt8] = [
      "Control": _GraphemeClass.control, "CR": _GraphemeClass.carriageReturn,
      "LF": _GraphemeClass.lineFeed, "Extend": _GraphemeClass.extend,
      "ZWJ": _GraphemeClass.zeroWidthJoiner, "Prepend": _GraphemeClass.prepend,
      "SpacingMark": _GraphemeClass.spacingMark, "L": _GraphemeClass.hangulL,
      "V": _GraphemeClass.hangulV, "T": _GraphemeClass.hangulT, "LV": _GraphemeClass.hangulLV,
      "LVT": _GraphemeClass.hangulLVT, "Regional_Indicator": _GraphemeClass.regionalIndicator,
    ]
    var classes = [UInt8](repeating: _GraphemeClass.other, count: 0x11_0000)
    for (range, value) in propertyRanges(
      readFixture("Unicode/\(version)/GraphemeBreakProperty.txt"))
    {
      for codePoint in range { classes[Int(codePoint)] = categories[value]! }
    }
    for (range, value) in propertyRanges(readFixture("Unicode/\(version)/emoji-data.txt"))
    where value == "Extended_Pictographic" {
      for codePoint in range { classes[Int(codePoint)] = _GraphemeClass.extendedPictographic }
    }
    return classes
  }

  /// `XXXX..YYYY ; Value # comment` lines.
  static func propertyRanges(_ text: String) -> [(ClosedRange<UInt32>, String)] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 2 else { return nil }
      let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
      guard let low = bounds.first, let high = bounds.last else { return nil }
      return (low...high, String(fields[1]))
    }
  }

  @Test func fixturesAreThere() {
    for version in ["15.0.0", "15.1.0", "16.0.0"] {
      #expect(Self.rawClasses(version).count { $0 != 0 } > 10_000, "\(version)")
    }
  }

  /// Fed any of the three versions, the comparison finds differences, so a libutf8proc built on
  /// them would be reported and its classes not used: 16.0 made Kirat Rai's vowel signs V
  /// (Swift's `String` treats them as Other) and added marks; 15.0's and 15.1's emoji-data mark
  /// U+1F777–U+1F77A Extended_Pictographic, which 17.0 (and libutf8proc 2.8.0 itself) do not.
  @Test(
    arguments: [("15.0.0", 0x1F777), ("15.1.0", 0x1F777), ("16.0.0", 0x16D63)] as [(String, UInt32)]
  )
  func otherUnicodeVersionsAreReportedAsDifferent(version: String, knownDifference: UInt32) {
    let raw = Self.rawClasses(version)
    let differences = _GraphemeClassTable.differences { raw[Int($0)] }
    #expect(differences.count > 0, "\(version)")
    var corrected = raw[Int(knownDifference)]
    for entry in _GraphemeClassTable.corrections
    where (entry.first...entry.last).contains(knownDifference) {
      corrected = entry.rawClass
    }
    let generated = _GraphemeClassTable.generated.graphemeClass(of: knownDifference).rawValue
    #expect(corrected != generated, "\(version)")
  }

  /// Every version's verdict is exactly "its corrected classes equal the generated ones", checked
  /// here code point by code point against the table built from the generated ranges.
  @Test(arguments: ["15.0.0", "15.1.0", "16.0.0"])
  func comparisonCountsEveryDifferingCodePoint(version: String) {
    let raw = Self.rawClasses(version)
    var corrected = raw
    for entry in _GraphemeClassTable.corrections {
      for codePoint in entry.first...entry.last { corrected[Int(codePoint)] = entry.rawClass }
    }
    var expected = [UInt8](repeating: 0, count: 0x11_0000)
    for entry in _GraphemeClassTable.generatedRanges {
      for codePoint in entry.first...entry.last { expected[Int(codePoint)] = entry.rawClass }
    }
    let differing = (0..<0x11_0000).filter { corrected[$0] != expected[$0] }
    let differences = _GraphemeClassTable.differences { raw[Int($0)] }
    #expect(differences.count == differing.count, "\(version)")
    #expect(differences.first == differing.prefix(8).map(UInt32.init), "\(version)")
  }

  #if TEXTCOUNT_UTF8PROC
    /// The libutf8proc this build links: the corrections were generated against it, so it agrees,
    /// and `textlimit --version` says so.
    @Test func linkedUTF8ProcIsComparedAndReported() {
      let differences = _GraphemeClassTable.utf8procDifferences
      let description = TextCounter.graphemeClassesDescription
      if _UTF8Proc.version == _GraphemeClassTable.correctedUTF8ProcVersion {
        #expect(differences.count == 0)
        #expect(description.hasSuffix("libutf8proc \(_UTF8Proc.version) agrees"))
      } else {
        #expect(description.contains(differences.count == 0 ? "agrees" : "differs"))
      }
      #expect(description.hasPrefix("Unicode 17.0.0 (generated)"))
    }
  #endif
}
