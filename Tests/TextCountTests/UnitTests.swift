import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Display width, weighted lengths (twitter-text v3, "CJK counts double") and normalization.
@Suite struct UnitTests {
  /// Hand-checked widths, for every width class and the wide/narrow boundaries.
  static let widths: [(text: String, width: Int, why: String)] = [
    ("a", 1, "ASCII"), ("é", 1, "precomposed Latin"), ("e\u{301}", 1, "combining mark adds 0"),
    ("中", 2, "CJK ideograph, wide"), ("ｱ", 1, "halfwidth katakana"), ("Ａ", 2, "fullwidth Latin"),
    ("한", 2, "Hangul syllable"), ("\u{1100}\u{1161}", 2, "Hangul jamo L+V: the L is wide"),
    ("😀", 2, "emoji presentation"), ("❤", 1, "text presentation heart"), ("❤️", 2, "with U+FE0F"),
    ("🇯🇵", 2, "flag"), ("👍🏽", 2, "skin tone"), ("👨‍👩‍👧‍👦", 2, "ZWJ family"),
    ("\u{0}", 0, "NUL is a control"), ("\t", 0, "tab is a control"), ("\u{200B}", 0, "ZWSP (Cf)"),
    ("\u{2028}", 0, "line separator"), ("\u{300}", 1, "a lone mark still takes a cell"),
    ("\u{10FF}", 1, "last narrow before Hangul jamo"), ("\u{115F}", 2, "Hangul filler, wide"),
    ("\u{2E7F}", 1, "unassigned before CJK radicals"), ("\u{2E80}", 2, "first CJK radical"),
    ("\u{303E}", 2, "ideographic variation indicator"), ("\u{FF61}", 1, "halfwidth punctuation"),
    ("\u{3000}", 2, "ideographic space"), ("\u{1F600}", 2, "emoticon block"),
  ]

  @Test(arguments: widths.indices, allBackends)
  func displayWidth(_ index: Int, _ backend: TextCounter.Backend) {
    let example = Self.widths[index]
    #expect(
      TextCounter(unit: .displayWidth, backend: backend).count(example.text) == example.width,
      "\(example.why)")
  }

  /// Every scalar alone, on every backend, against the width Unicode's data files give
  /// (`UnicodeDataWidths`: UnicodeData.txt and EastAsianWidth.txt, read by the test) and the
  /// documented cluster rule.
  @Test(arguments: allBackends)
  func everyScalarIsAsWideAsUnicodesDataFilesSay(_ backend: TextCounter.Backend) {
    let counter = TextCounter(unit: .displayWidth, backend: backend)
    var mismatches: [String] = []
    // Every scalar; a sample (every 13th) in the quick runs under the sanitizers.
    let step = UInt32(testIterations(13) == 13 ? 1 : 13)
    for value in stride(from: UInt32(0), through: 0x10FFFF, by: Int(step))
    where !(0xD800...0xDFFF).contains(value) {
      let character = Character(Unicode.Scalar(value)!)
      let counted = counter.count(String(character))
      let expected = Reference.width(of: character)
      if counted != expected && mismatches.count < 10 {
        mismatches.append("U+\(String(value, radix: 16)): \(counted), expected \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func displayWidthOfALine() {
    #expect(TextCounter(unit: .displayWidth).count("Hello, 世界! 👋") == 7 + 4 + 2 + 2)
  }

  /// The Swift backend's generated tables against Unicode's data files read here, for every
  /// scalar: the width `UnicodeDataWidths` derives from UnicodeData.txt and EastAsianWidth.txt
  /// (the rule libutf8proc's generator follows, so the two backends measure alike), and
  /// Extended_Pictographic from emoji-data.txt.
  @Test func swiftBackendTablesMatchUnicodesDataFiles() {
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
      let width = _ScalarProperties.swift.width(of: value)
      if width != UnicodeDataWidths.width(value) && mismatches.count < 10 {
        mismatches.append("U+\(String(value, radix: 16)): width \(width)")
      }
      if _ScalarProperties.swift.isExtendedPictographic(value)
        != UnicodeDataEmoji.isExtendedPictographic(value) && mismatches.count < 10
      {
        mismatches.append("U+\(String(value, radix: 16)): Extended_Pictographic")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// twitter-text v3: the weighted length, and whether 280 accepts it.
  static let twitter: [(text: String, length: Int, why: String)] = [
    ("", 0, "empty"), ("hello", 5, "ASCII"), ("Привет", 6, "Cyrillic weighs 1"),
    ("שלום", 4, "Hebrew weighs 1"), ("مرحبا", 5, "Arabic weighs 1"),
    ("ก", 1, "Thai (U+0E01) weighs 1"),
    ("\u{10FF}", 1, "U+10FF, last of the first range"), ("\u{1100}", 2, "U+1100, first weighing 2"),
    ("你好", 4, "CJK weighs 2"), ("こんにちは", 10, "kana weigh 2"), ("안녕", 4, "Hangul syllables weigh 2"),
    ("\u{1100}\u{1161}", 2, "jamo L+V: NFC makes one syllable"),
    ("नमस्ते", 6, "Devanagari (below U+1100) weighs 1 per scalar"),
    ("\u{2000}", 1, "U+2000, second range"), ("\u{200D}", 1, "U+200D ZWJ, end of second range"),
    ("\u{200E}", 2, "U+200E, just after the second range"), ("\u{2010}", 1, "U+2010, third range"),
    ("\u{201F}", 1, "U+201F, end of third range"), ("\u{2020}", 2, "U+2020, just after it"),
    ("\u{2032}", 1, "U+2032, fourth range"), ("\u{2037}", 1, "U+2037, end of fourth range"),
    ("\u{2038}", 2, "U+2038, just after it"), ("…", 2, "U+2026 ellipsis is not in a range"),
    ("😀", 2, "an emoji weighs 2"), ("👍🏽", 2, "skin tone: still 2"),
    ("👨‍👩‍👧‍👦", 2, "ZWJ family: 2 as a whole"),
    ("🏳️‍🌈", 2, "rainbow flag"), ("🇯🇵", 2, "flag: a regional indicator pair"),
    ("🇯", 2, "a lone regional indicator weighs 2 (U+1F1EF is above the ranges)"),
    ("1️⃣", 2, "keycap"), ("#️⃣", 2, "keycap #"), ("1⃣", 2, "keycap without U+FE0F"),
    ("©", 1, "© alone is no RGI emoji (it needs U+FE0F): its code point's 1"),
    ("©️", 2, "© with U+FE0F: an emoji"), ("🇦🇧", 4, "no flag: two regional indicators"),
    ("k\u{20E3}", 3, "no keycap: k and U+20E3"), ("😀\u{301}", 3, "an emoji, then a mark's 1"),
    ("❤️", 2, "heart with U+FE0F"), ("e\u{301}", 1, "NFC: é"),
    ("a\u{301}\u{327}", 2, "NFC: á + U+0327, two scalars of weight 1"),
    ("Å", 1, "U+212B ANGSTROM → U+00C5 under NFC"),
    ("ﬁ", 2, "U+FB01 stays (NFC, not NFKC), above the ranges"),
    ("a😀b", 4, "mixed"), ("日本語 text", 11, "CJK and ASCII"), ("🇯🇵🇫🇷", 4, "two flags"),
    (String(repeating: "a", count: 280), 280, "exactly the limit"),
    (String(repeating: "a", count: 281), 281, "one over"),
    (String(repeating: "中", count: 140), 280, "140 CJK characters"),
    (String(repeating: "中", count: 141), 282, "141 CJK characters"),
    (String(repeating: "a", count: 278) + "👨‍👩‍👧‍👦", 280, "an emoji at the end"),
    (String(repeating: "e\u{301}", count: 280), 280, "280 é, decomposed: NFC makes them 280"),
  ]

  @Test(arguments: twitter.indices, allBackends)
  func twitterV3(_ index: Int, _ backend: TextCounter.Backend) {
    let example = Self.twitter[index]
    let counter = TextCounter(unit: .weighted(.twitterV3), backend: backend)
    #expect(counter.count(example.text) == example.length, "\(example.why)")
    #expect(counter.count(utf8: Array(example.text.utf8)) == example.length, "\(example.why)")
    // A post is valid at 280 exactly when its length is at most 280; TextLimitTests' RuleTests
    // check that the engine enforces it.
    #expect((counter.count(example.text) <= 280) == (example.length <= 280), "\(example.why)")
  }

  @Test(arguments: allBackends)
  func twitterLimitOf280(_ backend: TextCounter.Backend) {
    let limit = 280
    let counter = TextCounter(unit: .weighted(.twitterV3), backend: backend)
    #expect(counter.count(String(repeating: "a", count: 280)) <= limit)
    #expect(counter.count(String(repeating: "a", count: 281)) > limit)
    #expect(counter.count(String(repeating: "中", count: 140)) <= limit)
    #expect(counter.count(String(repeating: "中", count: 141)) > limit)
    #expect(counter.count(String(repeating: "😀", count: 140)) <= limit)
    #expect(counter.count(String(repeating: "a", count: 278) + "👨‍👩‍👧‍👦") <= limit)
    #expect(counter.count(String(repeating: "a", count: 279) + "👨‍👩‍👧‍👦") > limit)
  }

  static let wideAsTwo: [(text: String, length: Int)] = [
    ("abc", 3), ("中文", 4), ("ｱｲ", 2), ("Ａ", 2), ("한글", 4), ("😀", 2), ("e\u{301}", 1), ("🇯🇵", 2),
    ("a中", 3),
  ]

  @Test(arguments: wideAsTwo.indices, allBackends)
  func chineseCharactersCountDouble(_ index: Int, _ backend: TextCounter.Backend) {
    let example = Self.wideAsTwo[index]
    #expect(
      TextCounter(unit: .weighted(.wideAsTwo), backend: backend).count(example.text)
        == example.length)
  }

  static let normalized: [(text: String, nfc: Int, nfkc: Int, unit: TextUnit)] = [
    ("e\u{301}", 1, 1, .unicodeScalars), ("ﬁ", 1, 2, .unicodeScalars), ("ﬁ", 1, 2, .graphemes),
    ("①", 3, 1, .utf8), ("Å", 2, 2, .utf8), ("\u{1100}\u{1161}\u{11A8}", 1, 1, .unicodeScalars),
    ("가\u{11A7}", 2, 2, .unicodeScalars), ("ｶﾞ", 2, 1, .unicodeScalars),
  ]

  @Test(arguments: normalized.indices, allBackends)
  func normalizationBeforeCounting(_ index: Int, _ backend: TextCounter.Backend) {
    let example = Self.normalized[index]
    #expect(
      TextCounter(unit: example.unit, backend: backend, normalization: .nfc).count(example.text)
        == example.nfc)
    #expect(
      TextCounter(unit: example.unit, backend: backend, normalization: .nfkc).count(example.text)
        == example.nfkc)
    var stream = StreamingTextCounter(unit: example.unit, backend: backend, normalization: .nfkc)
    Array(example.text.utf8).withUnsafeBytes { stream.append(utf8: $0) }
    #expect(stream.finish() == example.nfkc)
  }

  /// Counting in NFC cluster by cluster, against an NFC written in the test from Unicode's data
  /// files (`UnicodeDataNFC`), not the standard library's that the Swift backend uses.
  /// (Foundation's `precomposedStringWithCanonicalMapping` on Linux cannot serve: it leaves a
  /// Hangul LV syllable and a trailing jamo, U+AC00 U+11A8, apart.)
  @Test(arguments: allBackends)
  func normalizedCountsMatchUnicodeDataNFCOnRandomText(_ backend: TextCounter.Backend) {
    var random = SeededGenerator(seed: 0x5EED_000D)
    for iteration in 0..<3_000 {
      let text = RandomText.string(maxScalars: 12, using: &random)
      let unknown = text.unicodeScalars.filter {
        !UnicodeDataNFC.isKnown($0.value) && !(0xE000...0xF8FF).contains($0.value)
          && !(0x10_FFFE...0x10_FFFF).contains($0.value)
      }
      #expect(
        unknown.allSatisfy { $0.properties.generalCategory == .unassigned },
        "the oracle's data lacks \(unknown.map { String($0.value, radix: 16) })")
      let expected = text.reduce(0) {
        $0 + UnicodeDataNFC.nfc($1.unicodeScalars.map(\.value)).count
      }
      let counted = TextCounter(unit: .unicodeScalars, backend: backend, normalization: .nfc).count(
        text)
      #expect(
        counted == expected,
        "#\(iteration) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
