import Foundation
import TestSupport
import Testing

@testable import TextCount

/// The generated class ranges and correction table are what the generator writes today (the
/// corrections for the libutf8proc this build links; GraphemeClassSourceTests compares).
@Suite struct GeneratedTableTests {
  @Test func traitConditionReachesTheTests() {
    #if TEXTCOUNT_UTF8PROC
      #expect(TextCounter.availableBackends == [.utf8proc, .swift])
    #else
      #expect(TextCounter.availableBackends == [.swift])
    #endif
  }

  #if TEXTCOUNT_UTF8PROC
    @Test func correctionTableIsUpToDate() throws {
      let (passed, output) = try generatorCheck("generate-grapheme-corrections.swift")
      #expect(passed, "\(output)")
    }
  #endif
}

#if TEXTCOUNT_UTF8PROC
  @Suite struct ClassTableTests {
    /// The scanner skips the lookup for U+4000–U+9FFF: they must all be plain Other.
    @Test func cjkIdeographsArePlainOther() {
      let table = _GraphemeClassTable.generated
      for codePoint in UInt32(0x4000)...0x9FFF {
        #expect(
          table.graphemeClass(of: codePoint).rawValue == 0, "U+\(String(codePoint, radix: 16))")
      }
    }
  }
#endif
