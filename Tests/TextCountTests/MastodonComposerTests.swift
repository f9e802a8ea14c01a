import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Mastodon's web composer's count against what Mastodon 4.6.5's own composer code gave when
/// run (Tests/Fixtures/Mastodon/cases.tsv, `composer_length`: `counter.js`, `url_regex.js` over
/// twitter-text 3.1.0's JavaScript patterns, stringz 2.1.0, on Node 20), the content warning
/// counted where its toggle was on.
@Suite struct MastodonComposerTests {
  static let table = CaseTable("Mastodon/cases.tsv")

  @Test(arguments: table.rows, allBackends)
  func composerCount(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let text = row.text("text")
    let warning = row["composer_cw_toggle_on"] == "true" ? row.text("spoiler_text") : ""
    let expected = try #require(row.int("composer_length"))
    let length = PostLength.mastodonComposer(contentWarning: warning)
    let counter = TextCounter(unit: .post(length), backend: backend)
    #expect(counter.count(text) == expected)
    var stream = StreamingTextCounter(unit: .post(length), backend: backend)
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
    #expect(PostRule.mastodonComposer(contentWarning: warning).lengths(of: text) == [expected])
  }

  /// The text the composer's rule rewrites is well-formed UTF-8 whatever the bytes: ill-formed
  /// ones are written as U+FFFD, three bytes long as some of them are (a four-byte lead and two
  /// continuation bytes cut short), and only the others copied as they are. 1,000 random texts
  /// (seeded) of such bytes beside URLs and mentions.
  @Test func rewrittenTextIsWellFormed() {
    let seed: UInt64 = 0x3A57_0D09
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = [
      [0xF0, 0x90, 0x80], [0xF4, 0x8F, 0xBF], [0xA3], [0xFF], [0xE3, 0x81], [0xEF, 0xBF, 0xBD],
      Array("http://a.b/c".utf8), Array("@al@b.cd".utf8), Array(" ".utf8), Array("x".utf8),
      Array("é".utf8),
    ]
    for index in 0..<1_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        bytes += pieces.randomElement(using: &random)!
      }
      let rewritten = bytes.withUnsafeBytes {
        _PostCount.composerRewritten(
          $0, length: .mastodonComposer(), urlXs: _PostCount.countedURLXs)
      }
      #expect(
        String(validating: rewritten.bytes, as: UTF8.self) != nil,
        "seed \(seed) text \(index): \(bytes)")
    }
  }

  /// Cuts of bytes holding ill-formed sequences (read as U+FFFD, three bytes where the text
  /// has one or two) beside URLs and mentions: each fits, and keeps as much as the same cut of
  /// the text as Swift repairs it. The offsets of the replaced text mapped back to the bytes
  /// failed a precondition here (`printf '\\xa3://' | textlimit truncate --max 2`).
  @Test func cutsOfIllFormedBytes() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = [
      [0xA3], [0xFF], [0xE3, 0x81], [0xF0, 0x9F], Array("://".utf8), Array("http://a.b/c".utf8),
      Array("@al@b.cd".utf8), Array(" ".utf8), Array("x".utf8), Array("é".utf8), [0x40],
    ]
    let counter = TextCounter(unit: .post(.mastodonComposer()))
    var failures: [String] = []
    for _ in 0..<testIterations(2_000) {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        bytes += pieces.randomElement(using: &random)!
      }
      let repaired = String(decoding: bytes, as: UTF8.self)
      let total = counter.count(repaired)
      for max in 0...total {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: max) }
        let kept = bytes.withUnsafeBytes {
          counter.count(utf8: UnsafeRawBufferPointer(rebasing: $0[..<cut]))
        }
        let keptAsText = counter.count(counter.prefix(of: repaired[...], maxCount: max))
        if kept > max || kept != keptAsText {
          failures.append("\(bytes) max \(max): cut \(cut) keeps \(kept), the text \(keptAsText)")
        }
      }
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  /// A count writes each URL as two `x`s and counts the rest; a cut writes as many as it needs:
  /// the two agree (the whole text fits in its count, and no more), whatever the URL length,
  /// mentions whose domain runs on over a URL's `x`s among them. Both rules.
  @Test(arguments: [PostLength.mastodonComposer(), .mastodon()])
  func countsAndCutsAgreeOnURLs(_ rule: PostLength) {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let pieces = [
      "@al@b.-", "http://x.co/y", "https://a.b ", " ", "x", "\u{301}", "\u{600}", "@bo@ex.com",
      ".", "-", "日本", "👍🏽",
    ]
    var failures: [String] = []
    for _ in 0..<testIterations(1_500) {
      var text = ""
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      var length = rule
      length.urlLength = [0, 1, 2, 3, 23, 1_000].randomElement(using: &random)!
      let counter = TextCounter(unit: .post(length))
      let total = counter.count(text)
      let bytes = Array(text.utf8)
      let whole = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: total) }
      if whole != bytes.count {
        failures.append(
          "\(text.debugDescription) url \(length.urlLength!): \(total) keeps \(whole)")
      }
      if total > 0 {
        let less = bytes.withUnsafeBytes {
          counter.prefixByteCount(utf8: $0, maxCount: total - 1)
        }
        if less >= bytes.count {
          failures.append(
            "\(text.debugDescription) url \(length.urlLength!): \(total - 1) keeps all")
        }
      }
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  @Test func ruleByName() {
    #expect(PostRule(name: "mastodon-composer") == .mastodonComposer())
    #expect(PostRule.names.contains("mastodon-composer"))
  }
}
