import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Post lengths beyond twitter-text's cases (PostTextConformanceTests): Mastodon's and Bluesky's
/// rules written out by hand (each expected length is the standard library's count of the text
/// as the platform rewrites it, spelled out in the case), and properties that hold for every
/// post length: bytes, streams, files and every backend agree; a cut is never inside a URL.
@Suite struct PostLengthTests {
  struct MastodonCase: Sendable, CustomTestStringConvertible {
    var text: String
    var contentWarning = ""
    /// The content warning and the text as Mastodon's `StatusLengthValidator` rewrites them.
    var countedAs: String
    var testDescription: String { text }
  }

  static let x23 = String(repeating: "x", count: 23)

  static let mastodonCases: [MastodonCase] = [
    MastodonCase(text: "hi @alice@example.social", countedAs: "hi @alice"),
    MastodonCase(text: "hi @alice", countedAs: "hi @alice"),
    MastodonCase(
      text: "see https://example.com/a/very/long/path?x=1 ok", countedAs: "see \(x23) ok"),
    MastodonCase(text: "no scheme: example.com/path", countedAs: "no scheme: example.com/path"),
    MastodonCase(text: "gemini://gemini.circumlunar.space/docs/", countedAs: x23),
    MastodonCase(text: "ipfs://example.org/x ssb://example.net", countedAs: "\(x23) \(x23)"),
    MastodonCase(text: "ftp://example.com/file", countedAs: "ftp://example.com/file"),
    MastodonCase(text: "https://ja.wikipedia.org/wiki/日本語 end", countedAs: "\(x23) end"),
    MastodonCase(text: "HTTPS://EXAMPLE.COM/A", countedAs: x23),
    MastodonCase(text: "(https://example.com/foo).", countedAs: "(\(x23))."),
    MastodonCase(text: "https://example.com/wiki/Foo_(bar) x", countedAs: "\(x23) x"),
    MastodonCase(
      text: "https://mastodon.social/@alice@example.com", countedAs: x23),
    MastodonCase(text: "mail a@b.example.com", countedAs: "mail a@b.example.com"),
    MastodonCase(text: "@bob@mastodon.social@", countedAs: "@bob@mastodon.social@"),
    MastodonCase(text: "=@bob@example.com", countedAs: "=@bob@example.com"),
    MastodonCase(text: "@a.b-c_d@sub.example.org.", countedAs: "@a.b-c_d."),
    MastodonCase(text: "👨‍👩‍👧 https://x.org", countedAs: "👨‍👩‍👧 \(x23)"),
    MastodonCase(
      text: "body", contentWarning: "spoiler https://example.com/long/path",
      countedAs: "spoiler https://example.com/long/pathbody"),
    MastodonCase(text: " \n\t ", contentWarning: "CW", countedAs: "CW"),
    MastodonCase(text: "\u{3000}", countedAs: ""),
    MastodonCase(text: "e\u{301} https://example.com", countedAs: "e\u{301} \(x23)"),
  ]

  @Test(arguments: mastodonCases, allBackends)
  func mastodon(_ example: MastodonCase, _ backend: TextCounter.Backend) {
    let counter = TextCounter(
      unit: .post(.mastodon(contentWarning: example.contentWarning)), backend: backend)
    #expect(counter.count(example.text) == example.countedAs.count)
    let bytes = Array(example.text.utf8)
    #expect(bytes.withUnsafeBytes { counter.count(utf8: $0) } == example.countedAs.count)
  }

  @Test func mastodonURLLengthIsTheServers() {
    let counter = TextCounter(unit: .post(.mastodon(urlLength: 5)))
    #expect(counter.count("a https://example.com/long") == "a xxxxx".count)
    let rule = PostRule(name: "mastodon", maxLength: 1000, urlLength: 5)!
    #expect(rule.limits[0].maxLength == 1000)
    #expect(rule.lengths(of: "a https://example.com/long") == [7])
  }

  @Test func xCountsEachURLAs23() {
    let counter = TextCounter(unit: .post(.x))
    let long = "Check https://example.com/a/very/long/path/that/is/longer/than/twenty/three ok"
    #expect(counter.count(long) == "Check ".count + 23 + " ok".count)
    #expect(counter.count("example.com/path and www.example.org") == 23 + " and ".count + 23)
    // A CJK character weighs 2, an emoji sequence 2, Latin 1 (twitter-text v3).
    #expect(counter.count("日本 👨‍👩‍👧 t.co") == 4 + 1 + 2 + 1 + 23)
    #expect(PostRule.x.allows(String(repeating: "a", count: 256) + " example.com"))
    #expect(!PostRule.x.allows(String(repeating: "a", count: 257) + " example.com"))
    // Not a URL (no top-level domain `comm`): 12 characters, not 23.
    #expect(counter.count(String(repeating: "a", count: 256) + " example.comm") == 269)
  }

  @Test func blueskyCountsClustersAndBytes() {
    let family = "👨‍👩‍👧‍👦"
    #expect(family.utf8.count == 25)
    #expect(PostRule.bluesky.allows(String(repeating: "a", count: 300)))
    #expect(!PostRule.bluesky.allows(String(repeating: "a", count: 301)))
    let families = String(repeating: family, count: 121)
    #expect(PostRule.bluesky.lengths(of: families) == [121, 3025])
    #expect(!PostRule.bluesky.allows(families))
    let bytes = Array(families.utf8)
    #expect(bytes.withUnsafeBytes { PostRule.bluesky.prefixByteCount(utf8: $0) } == 3000)
  }

  @Test func rulesByName() {
    #expect(PostRule(name: "x") == .x)
    #expect(PostRule(name: "bluesky") == .bluesky)
    #expect(PostRule(name: "mastodon") == .mastodon())
    #expect(PostRule(name: "bluesky", urlLength: 10) == nil)
    #expect(PostRule(name: "threads") == nil)
    #expect(PostRule(name: "x", maxLength: -1) == nil)
    #expect(TextUnit.post(.x).description == "x")
    #expect(TextUnit.post(.mastodon()).description == "mastodon")
    // The new rules by name, and a Mastodon count named so whatever its URL length or warning.
    #expect(PostRule(name: "mastodon-composer") == .mastodonComposer())
    #expect(PostRule(name: "bluesky-composer") == .blueskyComposer)
    #expect(PostRule(name: "bluesky-composer", urlLength: 10) == nil)
    #expect(PostRule(name: "x", contentWarning: "cw") == nil)
    #expect(
      PostRule(name: "mastodon", urlLength: 5, contentWarning: "cw")
        == .mastodon(urlLength: 5, contentWarning: "cw"))
    #expect(TextUnit.post(.mastodon(urlLength: 5, contentWarning: "cw")).description == "mastodon")
    #expect(
      PostRule.blueskyComposer.limits.map(\.unit.description)
        == ["bluesky-composer", "bluesky-published-utf8"])
    for name in ["mastodon-composer", "bluesky-composer", "sms", "words", "maxlength", "stringz"] {
      #expect(TextUnit(name: name)?.description == name)
    }
  }

  // MARK: Properties

  /// Texts dense in what post lengths treat apart: URLs with and without schemes, hosts in
  /// other scripts, mentions with domains, white space alone, and the random text of the other
  /// suites between them.
  static func postText(using random: inout SeededGenerator) -> String {
    let pieces = [
      "https://example.com/a/b?c=d", "example.com", "t.co/abc", "http://日本.jp/パス", "@alice",
      "@bob@example.social", "gemini://x.org/", " ", "\n", "\t", "a.", ".com", "(", ")",
      "https://t.co/" + String(repeating: "a", count: 41), "\u{202A}", "e\u{301}", "日本語",
      "👨‍👩‍👧", "xn--80ak6aa92e.com", "a_b.c-d.com:8080/x", "@", "://", "RT @x", "\u{200D}",
      "a\u{200D}", "@u@d.c-", "=@a@b.cd", "/@a@b.cd", "http://x.org=",
      "https://example.com/a/very/long/path/x", "(http://a.b/c).", "\n\n\n", " \u{A0}\n",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...14, using: &random) {
      text +=
        Bool.random(using: &random)
        ? pieces.randomElement(using: &random)!
        : RandomText.string(maxScalars: 6, using: &random)
    }
    return text
  }

  static let lengths: [PostLength] = [
    .x, .mastodon(), .mastodon(urlLength: 4, contentWarning: "cw "), .mastodonComposer(),
    .mastodonComposer(urlLength: 3, contentWarning: " cw\u{301} "), .blueskyComposer,
    .blueskyPublished(unit: .utf8),
    PostLength(unit: .graphemes, urlLength: nil, urlSyntax: .mastodon, mentions: .withoutDomain),
    PostLength(unit: .utf16, urlLength: 0),
  ]

  @Test(arguments: lengths)
  func bytesStreamsAndBackendsAgree(_ length: PostLength) {
    var random = SeededGenerator(seed: 0x9057_0001)
    for round in 0..<300 {
      let text = Self.postText(using: &random)
      let bytes = Array(text.utf8)
      let expected = TextCounter(unit: .post(length), backend: .swift).count(text)
      for backend in allBackends {
        let counter = TextCounter(unit: .post(length), backend: backend)
        #expect(
          counter.count(text) == expected, "round \(round) \(backend): \(text.debugDescription)")
        #expect(bytes.withUnsafeBytes { counter.count(utf8: $0) } == expected)
      }
      // Streamed in random pieces, cut anywhere (inside scalars too).
      var stream = StreamingTextCounter(unit: .post(length))
      var offset = 0
      while offset < bytes.count {
        let end = min(bytes.count, offset + Int.random(in: 1...7, using: &random))
        bytes[offset..<end].withUnsafeBytes { stream.append(utf8: $0) }
        offset = end
      }
      #expect(stream.finish() == expected, "round \(round) streamed: \(text.debugDescription)")
    }
  }

  /// X's length where white space is followed by a character that may both precede a URL and
  /// start its host (`"`, `` ` ``, an ASCII control): twitter-text reads the host from that
  /// character, so that a label of 63 letters after it is 64 characters, no URL. Expected values
  /// from twitter-text-parser 3.0.0 (PyPI, the port of twitter-text's JavaScript library),
  /// `parse_tweet(text).weightedLength`. Each text's cut for every limit fits it (a count that
  /// read a stretch from that character, 26 for the first text, made the cut fail, a crash).
  @Test(arguments: [
    ("x \"" + String(repeating: "a", count: 63) + ".com", 70),
    ("x \"" + String(repeating: "a", count: 62) + ".com", 26),
    ("x \u{0}" + String(repeating: "a", count: 63) + ".com", 70),
    ("x `" + String(repeating: "a", count: 63) + ".com", 70),
    ("x\t\u{7F}" + String(repeating: "a", count: 63) + ".com/path", 75),
    ("x\n\u{1F}" + String(repeating: "a", count: 62) + ".com", 26),
    ("x -" + String(repeating: "a", count: 63) + ".com", 70),
    ("x _" + String(repeating: "a", count: 63) + ".com", 70),
  ])
  func hostsStartAfterWhiteSpaceAsTwitterTextReadsThem(_ text: String, _ expected: Int) {
    let counter = TextCounter(unit: .post(.x))
    #expect(counter.count(text) == expected, "\(text.debugDescription)")
    var stream = StreamingTextCounter(unit: .post(.x))
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed: \(text.debugDescription)")
    for limit in 0...expected + 1 {
      let cut = Array(text.utf8).withUnsafeBytes {
        counter.prefixByteCount(utf8: $0, maxCount: limit)
      }
      let prefix = String(decoding: Array(text.utf8)[..<cut], as: UTF8.self)
      #expect(counter.count(prefix) <= limit, "limit \(limit): \(text.debugDescription)")
    }
  }

  /// A stream counts the text between safe cuts apart: a cut before `e` and U+0301 (`é` in NFC,
  /// which twitter-text reads as part of a host after white space but as the character before
  /// one at the start of a text) would change the length.
  @Test func partsAfterWhiteSpaceReadAsTheWholeText() {
    for text in ["\te\u{301}example.com x", "a e\u{301}example.com", " <\u{338}example.com b"] {
      for length in Self.lengths {
        let expected = TextCounter(unit: .post(length)).count(text)
        var stream = StreamingTextCounter(unit: .post(length))
        for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
        #expect(stream.finish() == expected, "\(length.unit): \(text.debugDescription)")
      }
    }
  }

  /// Texts with published lengths joined into one long text, with plain words (no byte where a
  /// URL or mention may start) and line feeds between: the joins are safe cuts (`_PostStream`:
  /// white space, then an ASCII byte), where lengths add up, so the length of the whole is the
  /// sum of the published lengths and the plain text's (a unit per ASCII character in every
  /// length joined here). Only texts that start with such a cut and are not white space alone
  /// are joined. The plain words run from none (texts a line apart, read as one stretch) to past
  /// `_PostCount.stretchGap` and, over the whole, past `stretchSize`.
  static func joined(
    _ cases: [(text: String, length: Int)], using random: inout SeededGenerator
  ) -> (text: String, length: Int) {
    let joinable = cases.filter { example in
      let bytes = Array(example.text.utf8)
      return bytes.first.map { $0 < 0x80 } == true
        && (bytes.count < 2 || (bytes[1] != 0xCC && bytes[1] != 0xCD))
        && !example.text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
    #expect(joinable.count >= cases.count / 2, "most cases are joinable")
    let words = ["plain", "words", "between", "the", "posts", "x", "y"]
    var text = ""
    var length = 0
    for _ in 0..<Int.random(in: 1...60, using: &random) {
      let example = joinable.randomElement(using: &random)!
      text += example.text + "\n"
      length += example.length + 1
      var plain = ""
      let wordCount = [0, 1, 5, 40, 120].randomElement(using: &random)!
      for _ in 0..<wordCount { plain += words.randomElement(using: &random)! + " " }
      text += plain
      length += plain.count
      if !plain.isEmpty {
        text += "\n"
        length += 1
      }
    }
    return (text, length)
  }

  /// Mastodon's cases above joined into long texts: their lengths add up.
  @Test func joinedMastodonCasesAddUp() {
    var random = SeededGenerator(seed: 0x9057_0004)
    let cases = Self.mastodonCases.filter(\.contentWarning.isEmpty).map {
      ($0.text, $0.countedAs.count)
    }
    let counter = TextCounter(unit: .post(.mastodon()))
    for round in 0..<40 {
      // Ended by a word: Mastodon's server strips the white space at the end.
      var (text, length) = Self.joined(cases, using: &random)
      text += "end"
      length += 3
      #expect(counter.count(text) == length, "round \(round): \(text.debugDescription)")
    }
  }

  /// The lengths of `stretchesReadAsTheWholeText`: every length above, and X's with a content
  /// warning that holds a URL.
  static let stretchLengths: [PostLength] = {
    var warned = PostLength.x
    warned.contentWarning = "cw example.com "
    // The text Bluesky's app publishes is trimmed and cleaned whole, never read in stretches.
    return lengths.filter { $0.urlSyntax != .blueskyPublished } + [warned]
  }()

  /// A text is read for URLs and mentions only in the stretches around the bytes where one may
  /// start; read whole at once (`_PostCount.entityTotal`, the platform's reading of the whole
  /// text), it has the same length. Long texts of the dense pieces above, plain words and a few
  /// ill-formed bytes; every length, content warnings included, with and without NFKC (under
  /// which `．` becomes a dot, so URLs start where no `.` is).
  @Test(arguments: stretchLengths, [Normalization.none, .nfkc])
  func stretchesReadAsTheWholeText(_ length: PostLength, _ normalization: Normalization) {
    var random = SeededGenerator(seed: 0x9057_0005)
    let characters = TextCounter(unit: .post(length), normalization: normalization)
      .characterCounter(length)
    for round in 0..<120 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        bytes += Self.postText(using: &random).utf8
        bytes +=
          [
            " a．com ", "．", "ｅｘ．ｊｐ/x", "\u{80}", "words ",
            // A host from a character after white space that may also precede it.
            " \"" + String(repeating: "a", count: 63) + ".com ",
            "\n\u{1}" + String(repeating: "b", count: 62) + ".org/x ",
          ].randomElement(using: &random)!.utf8
        if Int.random(in: 0..<8, using: &random) == 0 { bytes.append(0xFF) }
        bytes +=
          String(repeating: "words ", count: [0, 1, 12, 60].randomElement(using: &random)!)
          .utf8
      }
      let (whole, stretches) = bytes.withUnsafeBytes {
        (
          _PostCount.entityTotal($0, length: length, characters: characters),
          _PostCount.count($0, length: length, characters: characters, appliesBlankRule: false)
        )
      }
      #expect(stretches == whole, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
    }
  }

  /// Under NFKC, twitter-text's URLs are found in the normalized text, where `．` (U+FF0E) is a
  /// `.`: a text counts as Foundation's NFKC of it counts.
  @Test func compatibilityDotsMakeURLsUnderNFKC() {
    let counter = TextCounter(unit: .post(.x), normalization: .nfkc)
    for text in [
      "ａ．ｃｏｍ", "x.yz see ａ．ｃｏｍ", "words " + String(repeating: "a ", count: 40) + "ａ．ｃｏｍ",
    ] {
      let normalized = text.precomposedStringWithCompatibilityMapping
      #expect(counter.count(text) == TextCounter(unit: .post(.x)).count(normalized), "\(text)")
    }
  }

  @Test func aFileCountsAsItsText() throws {
    var random = SeededGenerator(seed: 0x9057_0002)
    var text = ""
    while text.utf8.count < 300_000 { text += Self.postText(using: &random) + " " }
    let path = NSTemporaryDirectory() + "post-\(UInt32.random(in: 0...UInt32.max)).txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for length in Self.lengths {
      let counter = TextCounter(unit: .post(length))
      #expect(try counter.countFile(atPath: path) == counter.count(text))
    }
  }

  /// The URLs and mentions of `text` that `length` counts apart, as the counter finds them.
  static func urls(_ text: String, _ length: PostLength) -> [Range<Int>] {
    Array(text.utf8).withUnsafeBytes { _PostCount.keptWhole($0, length: length) }
  }

  @Test(arguments: lengths)
  func prefixesFitAreLongestAndNeverCutAURLOrACluster(_ length: PostLength) {
    var random = SeededGenerator(seed: 0x9057_0003)
    let counter = TextCounter(unit: .post(length))
    for round in 0..<150 {
      // In NFC: twitter-text finds URLs in the normalized text, this test in the text.
      let text = Self.postText(using: &random).precomposedStringWithCanonicalMapping
      let bytes = Array(text.utf8)
      let total = counter.count(text)
      let entities = Self.urls(text, length)
      // The cluster boundaries of the text, by the standard library.
      var boundaries: [Int] = [0]
      for character in text { boundaries.append(boundaries.last! + character.utf8.count) }
      for maxCount in Set([0, 1, total / 2, max(0, total - 1), total, total + 1]) {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxCount) }
        let context =
          "\(length.unit) \(length.urlSyntax) round \(round) max \(maxCount): \(text.debugDescription)"
        #expect(boundaries.contains(cut), "cut inside a cluster: \(context)")
        let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
        // Empty when even that is too long (a content warning longer than the limit).
        #expect(cut == 0 || counter.count(prefix) <= maxCount, "prefix too long: \(context)")
        #expect(
          !entities.contains { $0.lowerBound < cut && cut < $0.upperBound },
          "cut inside a URL or mention: \(context)")
        // Longest: the next boundary that cuts no URL or mention makes it too long, unless the
        // longer prefix reads differently from the text (a URL or mention of its own, such as
        // `a.com` cut from `a.comx`, or a t.co link whose whole slug was too long): a length is
        // then no longer the same function, and the cut only has to fit.
        if let next = boundaries.first(where: { boundary in
          boundary > cut
            && !entities.contains { $0.lowerBound < boundary && boundary < $0.upperBound }
        }) {
          let longer = String(decoding: bytes[..<next], as: UTF8.self)
          let readsAlike = Self.urls(longer, length) == entities.filter { $0.upperBound <= next }
          if readsAlike {
            #expect(counter.count(longer) > maxCount, "not the longest (\(next)): \(context)")
          }
        }
      }
    }
  }
}
