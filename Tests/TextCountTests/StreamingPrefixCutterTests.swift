import TestSupport
import Testing
import TextCount

/// `StreamingPrefixCutter` emits the bytes of `prefix(of:maxCount:)`, whatever the chunking,
/// passing ill-formed bytes through unchanged.
@Suite struct StreamingPrefixCutterTests {
  static func cut(
    _ bytes: [UInt8], splits: [Int], unit: TextUnit, max: Int, backend: TextCounter.Backend
  ) -> (output: [UInt8], didCut: Bool) {
    var cutter = StreamingPrefixCutter(unit: unit, maxCount: max, backend: backend)
    var output: [UInt8] = []
    var start = 0
    bytes.withUnsafeBytes { raw in
      for end in splits + [bytes.count] {
        cutter.append(utf8: UnsafeRawBufferPointer(rebasing: raw[start..<end])) { output += $0 }
        start = end
      }
    }
    cutter.finish { output += $0 }
    return (output, cutter.didCut)
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func matchesPrefixOnRandomInputAndChunks(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0007
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<iterations(3_000, for: unit) {
      let bytes =
        iteration.isMultiple(of: 3)
        ? RandomText.bytes(maxLength: 30, using: &random)
        : Array(RandomText.string(maxScalars: 14, using: &random).utf8)
      let decoded = String(decoding: bytes, as: UTF8.self)
      let total = Reference.count(decoded, in: unit)
      let max = Int.random(in: 0...(total + 1), using: &random)
      var splits = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Int.random(in: 0...bytes.count, using: &random)
      }
      splits.sort()
      let (output, didCut) = Self.cut(bytes, splits: splits, unit: unit, max: max, backend: backend)
      // Whole `Character`s while their lengths by `Reference` fit.
      let expected = PrefixTests.expectedPrefix(decoded, maxCount: max, unit: unit)
      let context = "seed \(seed) #\(iteration) \(bytes) max \(max) splits \(splits)"
      #expect(String(decoding: output, as: UTF8.self) == String(expected), "\(context)")
      #expect(Array(bytes.prefix(output.count)) == output, "not a byte prefix: \(context)")
      #expect(didCut == (output.count < bytes.count), "\(context)")
    }
  }

  /// Long texts, fed in random pieces (scalars split at piece edges; empty and tiny pieces among
  /// them): in grapheme clusters cut by the counting loop's kernels; in the other units held
  /// until 4 KiB, measured up to a certain cluster boundary and cut by `prefixByteCount`. The
  /// output is the prefix of whole `Character`s whose lengths by `Reference` fit, byte for byte.
  @Test(arguments: allBackends, TextUnit.allCases)
  func matchesReferencePrefixOnLongTextInPieces(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0017
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<iterations(200, for: unit) {
      // Up to 40 KB, so that the held bytes are measured several times before the end.
      let targetLength = Int.random(in: 0...40_000, using: &random)
      var text = ""
      while text.utf8.count < targetLength {
        text += RandomText.longText(maxBytes: 8000, using: &random)
      }
      let bytes = Array(text.utf8)
      let max = Int.random(in: 0...(Reference.count(text, in: unit) + 1), using: &random)
      var splits = (0..<Int.random(in: 0...24, using: &random)).map { _ in
        Int.random(in: 0...bytes.count, using: &random)
      }
      splits.sort()
      var cutter = StreamingPrefixCutter(unit: unit, maxCount: max, backend: backend)
      var output: [UInt8] = []
      bytes.withUnsafeBytes { raw in
        for (start, end) in zip([0] + splits, splits + [bytes.count]) {
          cutter.append(utf8: UnsafeRawBufferPointer(rebasing: raw[start..<end])) { output += $0 }
        }
      }
      cutter.finish { output += $0 }
      let expected = PrefixTests.expectedPrefix(text, maxCount: max, unit: unit)
      let context = "seed \(seed) #\(iteration) max \(max) splits \(splits)"
      #expect(output == Array(expected.utf8), "\(context)")
      #expect(cutter.didCut == (expected.utf8.count < bytes.count), "\(context)")
      #expect(cutter.count == Reference.count(String(expected), in: unit), "\(context)")
      if output != Array(expected.utf8) { return }
    }
  }

  /// A cluster of 200 KB, with no certain boundary to hold back to: kept whole, then cut before
  /// the next one.
  @Test(arguments: [TextUnit.graphemes, .utf16, .displayWidth])
  func aHugeClusterIsKeptWhole(_ unit: TextUnit) {
    let bytes = Array(("a" + String(repeating: "\u{301}", count: 100_000) + "b").utf8)
    let max = Reference.count("a" + String(repeating: "\u{301}", count: 100_000), in: unit)
    let (output, didCut) = Self.cut(
      bytes, splits: [1000, 5001, 5002, 150_000], unit: unit, max: max, backend: .automatic)
    #expect(output.count == bytes.count - 1)
    #expect(didCut)
  }
}
