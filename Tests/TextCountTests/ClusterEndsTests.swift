import TestSupport
import Testing

@testable import TextCount

/// `TextCounter.forEachGraphemeClusterEnd` (and so the C API's `textlimit_grapheme_ends` and the
/// Python package's `graphemes`) against the standard library: on well-formed text, the ends of
/// `String`'s `Character`s; on random bytes, as many clusters as `String(decoding:)` has, each
/// piece one `Character` when decoded alone, every byte in a piece.
@Suite struct ClusterEndsTests {
  static func ends(_ bytes: [UInt8]) -> [Int] {
    var ends: [Int] = []
    bytes.withUnsafeBytes { TextCounter.forEachGraphemeClusterEnd(utf8: $0) { ends.append($0) } }
    return ends
  }

  @Test func wellFormedTextEndsWhereStringsCharactersEnd() {
    var random = SeededGenerator(seed: 0x5EED_0E4D)
    for iteration in 0..<testIterations(4_000) {
      let text = RandomText.string(maxScalars: 24, using: &random)
      var offset = 0
      let expected = text.map { character -> Int in
        offset += character.utf8.count
        return offset
      }
      #expect(
        Self.ends(Array(text.utf8)) == expected,
        "#\(iteration) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    let long = RandomText.longText(maxBytes: 20_000, using: &random)
    #expect(Self.ends(Array(long.utf8)).count == long.count)
  }

  @Test func randomBytesSplitAsStringDecodingDoes() {
    var random = SeededGenerator(seed: 0x5EED_0E4E)
    for iteration in 0..<testIterations(4_000) {
      let bytes = RandomText.bytes(maxLength: 40, using: &random)
      let ends = Self.ends(bytes)
      #expect(ends.count == String(decoding: bytes, as: UTF8.self).count, "#\(iteration) \(bytes)")
      #expect(ends.last ?? 0 == bytes.count)
      var start = 0
      for end in ends {
        #expect(end > start)
        #expect(String(decoding: bytes[start..<end], as: UTF8.self).count == 1, "#\(iteration)")
        start = end
      }
    }
    #expect(Self.ends([]).isEmpty)
  }
}
