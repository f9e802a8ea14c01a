import Foundation
import TestSupport
import Testing

@testable import TextCount

/// The generated class ranges, correction table, scalar tables and top-level domains are what
/// their generators write today (the corrections for the libutf8proc this build links;
/// GraphemeClassSourceTests compares).
@Suite struct GeneratedTableTests {
  @Test func traitConditionReachesTheTests() {
    #expect(TextCounter.availableBackends == [.automaton, .swift])
    #if TEXTCOUNT_UTF8PROC
      #expect(TextCounter.utf8procVersion != nil)
    #else
      #expect(TextCounter.utf8procVersion == nil)
    #endif
  }

  /// twitter-text's top-level domains (`_TopLevelDomains.swift`, from `tld_lib.yml`).
  @Test func topLevelDomainsAreUpToDate() throws {
    let (passed, output) = try generatorCheck("generate-top-level-domains.py")
    #expect(passed, "\(output)")
  }

  #if TEXTCOUNT_UTF8PROC
    @Test func correctionTableIsUpToDate() throws {
      let (passed, output) = try generatorCheck("generate-grapheme-corrections.swift")
      #expect(passed, "\(output)")
    }

    /// The Swift backend's widths and Extended_Pictographic (`_ScalarTables.swift`).
    @Test func scalarTablesAreUpToDate() throws {
      let (passed, output) = try generatorCheck("generate-scalar-tables.swift")
      #expect(passed, "\(output)")
    }
  #endif
}

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

/// The SIMD kernels are in every build (they read the generated tables, not libutf8proc): on an
/// x86-64 Linux CPU whose /proc/cpuinfo lists AVX2, they run unless TEXTCOUNT_DISABLE_SIMD says
/// no, in AVX-512 where it also lists AVX-512 F, BW and VBMI and TEXTCOUNT_DISABLE_AVX512 is not
/// set.
@Suite struct KernelPresenceTests {
  @Test func kernelsRunWhereTheCPUHasAVX2() throws {
    #if arch(x86_64) && os(Linux)
      let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let flags = Set(
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?
          .split(separator: " ").map(String.init) ?? [])
      let hasAVX2 = flags.contains("avx2")
      let hasAVX512 = flags.isSuperset(of: ["avx512f", "avx512bw", "avx512vbmi"])
      let environment = ProcessInfo.processInfo.environment
      let disabled = environment["TEXTCOUNT_DISABLE_SIMD"] != nil
      let avx512 = hasAVX512 && environment["TEXTCOUNT_DISABLE_AVX512"] == nil
      #expect(_VectorKernels.isAvailable == (hasAVX2 && !disabled))
      #expect(
        _VectorKernels.instructionSet
          == (disabled || !hasAVX2 ? "none" : avx512 ? "avx512" : "avx2"))
    #elseif arch(arm64)
      // Every 64-bit ARM CPU has NEON (arm64_32, watchOS, is not arch(arm64)).
      let disabled = ProcessInfo.processInfo.environment["TEXTCOUNT_DISABLE_SIMD"] != nil
      #expect(_VectorKernels.instructionSet == (disabled ? "none" : "neon"))
    #endif
  }
}
