import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Mastodon's server count against the values Mastodon 4.6.5's own code gave when run
/// (Tests/Fixtures/Mastodon/cases.tsv: `StatusLengthValidator`, its `Extractor`, its initializer's
/// patterns, `Status#prepare_contents` and `PostStatusService`'s content-warning line, on Ruby
/// with twitter-text 3.1.0), in the column segmented by Unicode 17 (`server_length_u17`: Ruby
/// 3.1's Unicode 13 splits an Indic conjunct in two). Every backend; strings, bytes and streams
/// in pieces.
@Suite struct MastodonServerTests {
  static let table = CaseTable("Mastodon/cases.tsv")

  @Test func everyCaseIsRead() {
    #expect(Self.table.rows.count == 89)
  }

  @Test(arguments: table.rows, allBackends)
  func serverCount(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let text = row.text("text")
    let warning = row.text("spoiler_text")
    let expected = try #require(row.int("server_length_u17"))
    let counter = TextCounter(unit: .post(.mastodon(contentWarning: warning)), backend: backend)
    #expect(counter.count(text) == expected)
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { counter.count(utf8: $0) } == expected)
    // Streamed a byte at a time, and in one piece.
    var stream = StreamingTextCounter(
      unit: .post(.mastodon(contentWarning: warning)), backend: backend)
    for byte in bytes { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
    let rule = PostRule.mastodon(contentWarning: warning)
    #expect(rule.lengths(of: text) == [expected])
    #expect(rule.allows(text) == (row["server_valid_at_500"] == "true"))
  }
}
