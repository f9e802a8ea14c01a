import Foundation
import TestSupport
import Testing

@testable import TextCount

/// `TextUnit.stringz` against stringz 2.1.0 with char-regex 1.0.2 run on Node
/// (Tests/Fixtures/Mastodon/stringz-cases.tsv: 36 pieces and 150 random texts of them), and
/// against the composer's full texts of Mastodon's cases (the `composer_length` Mastodon 4.6.5's
/// composer showed).
@Suite struct StringzTests {
  static let table = CaseTable("Mastodon/stringz-cases.tsv")
  static let mastodon = CaseTable("Mastodon/cases.tsv")

  @Test func everyCaseIsRead() {
    #expect(Self.table.rows.count == 186)
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

  @Test(arguments: mastodon.rows)
  func composerFullText(_ row: CaseTable.Row) throws {
    #expect(
      TextCounter(unit: .stringz).count(row.text("composer_fulltext"))
        == row.int("composer_length"))
  }
}
