import Foundation
import TestSupport
import Testing

@testable import TextCount

/// URL and mention extraction and X's post length against twitter-text's own conformance cases
/// (Tests/Fixtures/twitter-text, Apache 2.0; read by the test, never by the library):
/// `extract.yml`'s URL and mention sections, every top-level domain of `tlds.yml`, and every
/// weighted-length case of `validate.yml`, URLs included.
///
/// Out of scope, and so not read: `extract.yml`'s `replies`, `hashtags*` and `cashtags*`
/// (a post length does not count them apart), `validate.yml`'s `tweets`, `usernames`, `lists`,
/// `hashtags`, `urls` and `urls_without_protocol` (they validate a whole string as one URL by
/// RFC 3986, which counting never does), and the `valid` field where a text holds U+FFFE, U+FEFF
/// or U+FFFF (twitter-text's invalid characters make a tweet invalid at any length; a length
/// does not judge characters).
@Suite struct PostTextConformanceTests {
  /// The UTF-16 offsets of a byte range of `text` (twitter-text's indices).
  static func utf16Range(_ range: Range<Int>, in text: String) -> [Int] {
    let bytes = Array(text.utf8)
    return [range.lowerBound, range.upperBound].map {
      String(decoding: bytes[..<$0], as: UTF8.self).utf16.count
    }
  }

  static func substring(_ range: Range<Int>, of text: String) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
  }

  static func entities(_ text: String, mentions: Bool) -> [_PostEntity] {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes {
      mentions
        ? _PostEntityScanner(UnsafeRawBufferPointer($0), syntax: .twitter).twitterMentions()
        : _PostEntityScanner.urls(in: UnsafeRawBufferPointer($0), syntax: .twitter)
    }
  }

  // MARK: extract.yml

  static let urlCases = ConformanceYAML.cases(
    "twitter-text/extract.yml",
    sections: [
      "urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params",
    ])

  static let mentionCases = ConformanceYAML.cases(
    "twitter-text/extract.yml",
    sections: ["mentions", "mentions_with_indices", "mentions_or_lists_with_indices"])

  @Test func everySectionIsRead() {
    // Counted in the file: a reader that lost cases would make the tests below pass vacuously.
    #expect(Self.urlCases.count == 108)
    #expect(Self.mentionCases.count == 31)
    #expect(Self.topLevelDomainCases.count == 1574)
    #expect(Self.weightedCases.count == 44)
  }

  @Test(arguments: urlCases)
  func urls(_ example: ConformanceYAML.Case) {
    let found = Self.entities(example.text, mentions: false)
    if example.section == "urls" || example.section == "tco_urls_with_params" {
      let expected = example.expected.items.compactMap(\.string)
      #expect(found.map { Self.substring($0.range, of: example.text) } == expected)
    } else {
      let expected = example.expected.items.map {
        ($0["url"]?.string ?? "", $0["indices"]?.items.compactMap(\.int) ?? [])
      }
      #expect(found.count == expected.count)
      for (entity, (url, indices)) in zip(found, expected) {
        #expect(Self.substring(entity.range, of: example.text) == url)
        #expect(Self.utf16Range(entity.range, in: example.text) == indices)
      }
    }
  }

  @Test(arguments: mentionCases)
  func mentions(_ example: ConformanceYAML.Case) {
    let found = Self.entities(example.text, mentions: true)
    func parts(_ entity: _PostEntity) -> (name: String, list: String) {
      guard case .mention(_, let listStart) = entity.kind else { return ("", "") }
      let nameEnd = listStart ?? entity.range.upperBound
      let name = Self.substring(entity.range.lowerBound + 1..<nameEnd, of: example.text)
      let list = listStart.map { Self.substring($0..<entity.range.upperBound, of: example.text) }
      return (name, list ?? "")
    }
    switch example.section {
    case "mentions":
      let names = found.map(parts).filter { $0.list.isEmpty }.map(\.name)
      #expect(names == example.expected.items.compactMap(\.string))
    default:
      let kept =
        example.section == "mentions_with_indices" ? found.filter { parts($0).list.isEmpty } : found
      let expected = example.expected.items
      #expect(kept.count == expected.count)
      for (entity, wanted) in zip(kept, expected) {
        #expect(parts(entity).name == wanted["screen_name"]?.string)
        if let list = wanted["list_slug"]?.string { #expect(parts(entity).list == list) }
        #expect(
          Self.utf16Range(entity.range, in: example.text)
            == wanted["indices"]?.items.compactMap(\.int))
      }
    }
  }

  // MARK: tlds.yml

  static let topLevelDomainCases = ConformanceYAML.cases(
    "twitter-text/tlds.yml", sections: ["country", "generic"])

  @Test(arguments: topLevelDomainCases)
  func topLevelDomain(_ example: ConformanceYAML.Case) {
    let found = Self.entities(example.text, mentions: false)
    #expect(
      found.map { Self.substring($0.range, of: example.text) }
        == example.expected.items.compactMap(\.string))
  }

  // MARK: validate.yml

  static let weightedCases = ConformanceYAML.cases(
    "twitter-text/validate.yml",
    sections: [
      "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest",
      "UnicodeDirectionalMarkerCounterTest",
    ])

  /// twitter-text's configuration for a section: v2 (no emoji parsing) for
  /// `WeightedTweetsCounterTest`, v3 for the others, each read from its published JSON.
  static func postLength(for section: String) -> PostLength {
    let configuration = TwitterTextConfiguration.load(
      section == "WeightedTweetsCounterTest" ? "twitter-text/v2.json" : "twitter-text/v3.json")
    let table = WeightTable(
      ranges: configuration.ranges.map {
        WeightTable.Range($0.range.lowerBound, $0.range.upperBound, weight: $0.weight)
      },
      defaultWeight: configuration.defaultWeight, scale: configuration.scale,
      emojiClusterWeight: configuration.emojiParsingEnabled ? configuration.defaultWeight : nil,
      normalizesToNFC: true)
    return PostLength(unit: .weighted(table), urlLength: configuration.transformedURLLength)
  }

  @Test(arguments: weightedCases, allBackends)
  func weightedLength(_ example: ConformanceYAML.Case, _ backend: TextCounter.Backend) {
    let length = Self.postLength(for: example.section)
    if example.section != "WeightedTweetsCounterTest" {
      #expect(length == .x, "v3.json and PostLength.x agree")
    }
    let counter = TextCounter(unit: .post(length), backend: backend)
    let count = counter.count(example.text)
    #expect(count == example.expected["weightedLength"]?.int)
    let hasInvalidCharacter = example.text.unicodeScalars.contains {
      [0xFFFE, 0xFEFF, 0xFFFF].contains($0.value)
    }
    if !hasInvalidCharacter {
      let valid = example.expected["valid"]?.string == "true"
      #expect((count > 0 && count <= 280) == valid)
    }
    // The same over bytes, and the longest prefix within the published length is the text.
    let bytes = Array(example.text.utf8)
    #expect(bytes.withUnsafeBytes { counter.count(utf8: $0) } == count)
    #expect(
      bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: count) } == bytes.count)
  }

  /// `entities(in:)`, which reads no scalar of a text that holds none of the bytes a URL or
  /// mention needs, finds mentions after a full-width `＠` alone (twitter-text's `atSigns`,
  /// `[@＠]`; its published cases have none without a `.` or `@` in the text) and Mastodon's
  /// URLs, which all have `://`, and nothing in text without those bytes.
  @Test func entitiesWithoutTheirUsualBytes() {
    func found(_ text: String, _ syntax: PostLength.URLSyntax, mentions: Bool) -> [String] {
      var bytes = Array(text.utf8)
      return bytes.withUnsafeMutableBytes { buffer in
        _PostEntityScanner.entities(
          in: UnsafeRawBufferPointer(buffer), syntax: syntax, mentions: mentions
        ).map { Self.substring($0.range, of: text) }
      }
    }
    #expect(found("hi ＠alice and ＠bob", .twitter, mentions: true) == ["＠alice", "＠bob"])
    #expect(
      found("see gemini://example.com/a", .mastodon, mentions: true) == ["gemini://example.com/a"])
    #expect(found("ratio 3:2, time 10:30 / 11//", .mastodon, mentions: true).isEmpty)
    #expect(found("no dots here ＠", .twitter, mentions: false).isEmpty)
  }

  /// The ASCII label characters' masks (literal constants) say what their definition says: `_`,
  /// `-`, and what is neither twitter-text's punctuation nor a space.
  @Test func asciiLabelCharacterMasks() {
    for value in UInt8(0)..<128 {
      let c = Unicode.Scalar(value)
      let expected =
        c == "_" || c == "-" || !(_URLCharacters.isPunctuation(c) || _URLCharacters.isSpace(c))
      #expect(_URLCharacters.isLabelCharacter(c) == expected, "U+\(String(value, radix: 16))")
    }
  }

  /// The masks of the ASCII characters that may both precede a URL and start its host say what
  /// the two definitions say.
  @Test func asciiCharactersThatPrecedeAndStartAHost() {
    for value in UInt8(0)..<128 {
      let c = Unicode.Scalar(value)
      let expected = _URLCharacters.mayPrecedeURL(c) && _URLCharacters.isDomainCharacter(c)
      #expect(
        _URLCharacters.mayPrecedeAndStartHost(ascii: value) == expected,
        "U+\(String(value, radix: 16))")
    }
  }

  /// Each section's cases joined into long texts at safe cuts (`PostLengthTests.joined`): the
  /// length is the sum of twitter-text's lengths and the plain text's.
  @Test func joinedCasesAddUp() {
    var random = SeededGenerator(seed: 0x9057_0006)
    for section in Set(Self.weightedCases.map(\.section)).sorted() {
      let cases = Self.weightedCases.filter { $0.section == section }.compactMap { example in
        example.expected["weightedLength"]?.int.map { (example.text, $0) }
      }
      let counter = TextCounter(unit: .post(Self.postLength(for: section)))
      for round in 0..<40 {
        let (text, length) = PostLengthTests.joined(cases, using: &random)
        #expect(
          counter.count(text) == length, "\(section) round \(round): \(text.debugDescription)")
      }
    }
  }
}
