import Foundation
import TestSupport
import Testing

@testable import TextCount

/// `TextUnit.stringz` against stringz 2.1.0 with char-regex 1.0.2 run on Node
/// (Tests/Fixtures/Mastodon/stringz-cases.tsv: 36 pieces, 150 random texts of them and 300
/// longer ones of those and 21 more: flags whole and cut short, joiners, selectors, tones), and
/// against the composer's full texts of Mastodon's cases (the `composer_length` Mastodon 4.6.5's
/// composer showed).
@Suite struct StringzTests {
  static let table = CaseTable("Mastodon/stringz-cases.tsv")
  static let mastodon = CaseTable("Mastodon/cases.tsv")

  @Test func everyCaseIsRead() {
    #expect(Self.table.rows.count == 486)
    #expect(Self.mastodon.rows.count == 89)
  }

  @Test(arguments: table.rows)
  func stringzCase(_ row: CaseTable.Row) throws {
    let text = row.text("text")
    let expected = try #require(row.int("stringz_length"))
    let counter = TextCounter(unit: .stringz)
    #expect(counter.count(text) == expected)
    var stream = StreamingTextCounter(unit: .stringz)
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
    // Each match's end is a cut that keeps what is before it: the prefix up to the end of the
    // k-th match, where that is a cluster boundary, counts k.
    var ends: [Int] = []
    var offset = 0
    for match in row.strings("matches") {
      offset += match.utf8.count
      ends.append(offset)
    }
    var clusters = Set([0])
    var clusterEnd = 0
    for character in text {
      clusterEnd += character.utf8.count
      clusters.insert(clusterEnd)
    }
    let bytes = Array(text.utf8)
    for (index, end) in ends.enumerated() where clusters.contains(end) {
      let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: index + 1) }
      #expect(cut >= end, "max \(index + 1): cut \(cut) before \(end)")
    }
  }

  /// Scalars of each lead (and second and third byte) the vector kernel looks at, one that it
  /// takes and one that it leaves to the scalar loop (the marks, selectors, joiner, flags and
  /// skin tones stringz joins, and their neighbours), ill-formed bytes, and long runs of
  /// scalars that are matches alone.
  static let pieces: [[UInt8]] =
    [
      "é", "a\u{301}", "\u{370}", "α", "\u{1AB0}", "\u{1DC0}", "ა", "’", "x\u{200D}y", "\u{20D0}",
      "€", "\u{FE0F}", "\u{FE0E}", "\u{FE20}", "，", "😀", "🇯🇵", "🇯", "👍🏽", "🏽🏽", "🏳", "\u{E0067}",
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "नमस्ते", "字", "ab ", "\r\n",
      "x", String(repeating: "字", count: 40), String(repeating: "ab", count: 70),
      String(repeating: "नमस्ते ", count: 12), String(repeating: "مرحبا ", count: 12),
    ].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x80], [0xF0, 0x9F, 0x8F]]

  /// The vector kernel's counts (whole texts, in which it takes 64-byte blocks) equal the scalar
  /// loop's (the same texts streamed 60 bytes at a time, fewer than it needs), which
  /// `stringzCase` holds to stringz itself, on 400 random texts of `pieces` (seeded).
  @Test func kernelCountsWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x5EED_57A2
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: .stringz)
    for text in 0..<400 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 100...4_000, using: &random)
      // Mostly runs the kernel takes, now and then a piece it leaves.
      while bytes.count < length {
        let index =
          Bool.random(using: &random)
          ? Int.random(in: 27..<32, using: &random)
          : Int.random(in: 0..<Self.pieces.count, using: &random)
        bytes += Self.pieces[index]
      }
      var stream = StreamingTextCounter(unit: .stringz)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      #expect(
        counter.count(utf8: bytes) == stream.finish(), "seed \(seed) text \(text)")
    }
  }

  @Test(arguments: mastodon.rows)
  func composerFullText(_ row: CaseTable.Row) throws {
    #expect(
      TextCounter(unit: .stringz).count(row.text("composer_fulltext"))
        == row.int("composer_length"))
  }
}
