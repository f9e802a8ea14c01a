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

  /// White space and NUL alone, worked out from the server's steps (research §1d: strip NUL and
  /// ASCII white space at both ends, then a blank text counts nothing, the warning alone): a
  /// text blank only once stripped counts its warning; a NUL between kept characters keeps the
  /// text. Found by the Spark check, where the short path (whole text) and a stream (parts)
  /// disagreed on `"\u{0}\u{3000}"`.
  @Test(
    arguments: [
      ("\u{0}\u{3000}", "", 0), ("\u{0}\u{3000}", "cw", 2), ("\u{3000}\u{0}", "", 0),
      ("\u{3000}\u{0}\u{3000}", "", 3), ("\u{0} \u{3000}  \u{0}", "", 0),
      ("\u{0}\u{3000}  \u{3000}", " cw ", 2), ("\u{0}\u{3000}  \u{3000} \u{0} a", "", 8),
      ("\u{0}", "", 0), ("\u{0}\u{0}\u{85}", "cw", 2),
    ] as [(String, String, Int)], allBackends)
  // (An ill-formed sequence cut off at the end is one U+FFFD, no white space: `blankOnceStripped`
  // of bytes below.)
  func blankOnceStripped(_ example: (String, String, Int), _ backend: TextCounter.Backend) {
    let (text, warning, expected) = example
    let unit = TextUnit.post(.mastodon(contentWarning: warning))
    let counter = TextCounter(unit: unit, backend: backend)
    #expect(counter.count(text) == expected)
    let bytes = Array(text.utf8)
    var stream = StreamingTextCounter(unit: unit, backend: backend)
    for byte in bytes { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed a byte at a time")
    stream = StreamingTextCounter(unit: unit, backend: backend)
    bytes.withUnsafeBytes { stream.append(utf8: $0) }
    #expect(stream.finish() == expected, "streamed whole")
    // Cut to its own length, the text is kept whole, in one piece or streamed.
    #expect(
      bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: expected) } == bytes.count
    )
    var cutter = StreamingPrefixCutter(unit: unit, maxCount: expected, backend: backend)
    var kept: [UInt8] = []
    for byte in bytes { [byte].withUnsafeBytes { cutter.append(utf8: $0) { kept += $0 } } }
    cutter.finish { kept += $0 }
    #expect(kept == bytes, "the streaming cut")
  }

  /// Bytes whose last scalar is cut off (one U+FFFD, which the server keeps), streamed.
  @Test(
    arguments: [([0xF0, 0x9F, 0x91], 1), ([0x00, 0xE3, 0x80], 1), ([0x20, 0xC3], 1)]
      as [([UInt8], Int)])
  func unfinishedScalarAtTheEnd(_ example: ([UInt8], Int)) {
    let (bytes, expected) = example
    let unit = TextUnit.post(.mastodon())
    #expect(bytes.withUnsafeBytes { TextCounter(unit: unit).count(utf8: $0) } == expected)
    var stream = StreamingTextCounter(unit: unit)
    for byte in bytes { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed a byte at a time")
  }
}
