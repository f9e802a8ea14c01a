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
      // In grapheme clusters the standard library's `Character`s are the oracle; in the other
      // units, the counter's own prefix.
      let expected =
        unit == .graphemes
        ? decoded.prefix(max)
        : TextCounter(unit: unit, backend: backend).prefix(of: decoded[...], maxCount: max)
      let context = "seed \(seed) #\(iteration) \(bytes) max \(max) splits \(splits)"
      #expect(String(decoding: output, as: UTF8.self) == String(expected), "\(context)")
      #expect(Array(bytes.prefix(output.count)) == output, "not a byte prefix: \(context)")
      #expect(didCut == (output.count < bytes.count), "\(context)")
    }
  }

  /// Long texts in grapheme clusters, cut by the counting loop's kernels, fed in random pieces
  /// (scalars split at piece edges; empty and tiny pieces among them): the output is the standard
  /// library's prefix of `Character`s, byte for byte.
  @Test(arguments: allBackends)
  func matchesStringPrefixOnLongTextInPieces(_ backend: TextCounter.Backend) {
    let seed: UInt64 = 0x5EED_0017
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(200) {
      let text = RandomText.longText(maxBytes: 5000, using: &random)
      let bytes = Array(text.utf8)
      let max = Int.random(in: 0...(text.count + 1), using: &random)
      var splits = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        Int.random(in: 0...bytes.count, using: &random)
      }
      splits.sort()
      let (output, didCut) = Self.cut(
        bytes, splits: splits, unit: .graphemes, max: max, backend: backend)
      let expected = Array(text.prefix(max).utf8)
      let context = "seed \(seed) #\(iteration) max \(max) of \(text.count) splits \(splits)"
      #expect(output == expected, "\(context)")
      #expect(didCut == (expected.count < bytes.count), "\(context)")
    }
  }

  @Test func aHugeClusterCountsOnceInGraphemes() {
    let bytes = Array(("a" + String(repeating: "\u{301}", count: 100_000) + "b").utf8)
    let (output, _) = Self.cut(
      bytes, splits: [1000, 5001], unit: .graphemes, max: 1, backend: .automatic)
    #expect(output.count == bytes.count - 1)
  }
}
