import TestSupport
import Testing
import TextCount

/// `prefix(of:maxCount:)` returns the longest prefix that fits and never splits a cluster.
@Suite struct PrefixTests {
  /// The reference: whole `Character`s while their total length fits.
  static func expectedPrefix(_ text: String, maxCount: Int, unit: TextUnit) -> Substring {
    var total = 0
    var end = text.startIndex
    for index in text.indices {
      total += Reference.count(String(text[index]), in: unit)
      if total > maxCount { break }
      end = text.index(after: index)
    }
    return text[..<end]
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func longestPrefixThatFitsOnRandomText(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0005
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    for iteration in 0..<iterations(5_000, for: unit) {
      let text = RandomText.string(maxScalars: 16, using: &random)
      let maxCount = Int.random(in: 0...Reference.count(text, in: unit) + 1, using: &random)
      let prefix = counter.prefix(of: text[...], maxCount: maxCount)
      let expected = Self.expectedPrefix(text, maxCount: maxCount, unit: unit)
      #expect(prefix.endIndex == expected.endIndex, "seed \(seed) #\(iteration) max \(maxCount)")
      #expect(counter.count(prefix) <= maxCount)
    }
  }

  static let examples: [(text: String, unit: TextUnit, max: Int, prefix: String)] = [
    ("abcdef", .graphemes, 3, "abc"),
    ("ab👍🏽c", .utf16, 4, "ab"),
    ("ab👍🏽c", .utf16, 6, "ab👍🏽"),
    ("e\u{301}e\u{301}", .unicodeScalars, 3, "e\u{301}"),
    ("🇯🇵🇫🇷", .graphemes, 1, "🇯🇵"),
    ("🇯🇵🇫🇷", .utf8, 7, ""),
    ("👨‍👩‍👧‍👦x", .graphemes, 1, "👨‍👩‍👧‍👦"),
    ("क्षa", .graphemes, 1, "क्ष"),
    ("\r\nx", .utf16, 1, ""),
    ("", .graphemes, 0, ""),
    ("abc", .graphemes, 0, ""),
  ]

  @Test(arguments: allBackends, examples.indices)
  func knownExamples(_ backend: TextCounter.Backend, _ index: Int) {
    let example = Self.examples[index]
    let counter = TextCounter(unit: example.unit, backend: backend)
    #expect(String(counter.prefix(of: example.text[...], maxCount: example.max)) == example.prefix)
  }
}
