import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Form values as the HTML Standard has browsers count them (`maxlength`: UTF-16 code units of
/// the value, whose line breaks are LF) and submit them (each line break CR LF):
/// Tests/Fixtures/Forms/cases.tsv, derived from the standard's text (its sections on the
/// `maxlength` attribute, the textarea's API value and constructing the entry list).
@Suite struct FormsTests {
  static let table = CaseTable("Forms/cases.tsv")

  @Test func everyCaseIsRead() { #expect(Self.table.rows.count == 11) }

  @Test(arguments: table.rows, allBackends)
  func formValue(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let received = row.text("value_as_received")
    let browserCount = try #require(row.int("browser_maxlength_count"))
    let counter = TextCounter(unit: .htmlMaxLength, backend: backend)
    #expect(counter.count(received) == browserCount)
    #expect(counter.count(row.text("submitted_value_crlf")) == browserCount)
    #expect(LineBreaks.asTyped.applied(to: received) == row.text("api_value"))
    #expect(LineBreaks.asSubmitted.applied(to: received) == row.text("submitted_value_crlf"))
    let utf16 = TextCounter(unit: .utf16, backend: backend)
    #expect(utf16.count(received, lineBreaks: .asTyped) == browserCount)
    #expect(utf16.count(received, lineBreaks: .asSubmitted) == row.int("submitted_utf16_units"))
    // Streamed a byte at a time (a CR at a piece's end).
    var stream = StreamingTextCounter(unit: .htmlMaxLength, backend: backend)
    for byte in Array(received.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == browserCount)
  }

  /// Random texts of line breaks and other characters: `maxlength`'s count is the UTF-16 length
  /// of the value as typed, in bytes, streams in pieces, and files; its cuts fit, are the
  /// longest, and never split a CR LF; the converters in pieces give what they give whole.
  @Test func randomValues() {
    var random = SeededGenerator(seed: 0xF0_0001)
    let pieces = ["\r", "\n", "\r\n", "a", "é", "😀", "\r\r\n", "日本", "\u{85}", "line\r\nbreak"]
    let counter = TextCounter(unit: .htmlMaxLength)
    for round in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      // Foundation's replacements, not the library's converter: each CR LF, then each CR, an LF.
      let asTyped = text.replacingOccurrences(of: "\r\n", with: "\n")
        .replacingOccurrences(of: "\r", with: "\n")
      let expected = asTyped.utf16.count
      #expect(counter.count(text) == expected, "round \(round): \(text.debugDescription)")
      let bytes = Array(text.utf8)
      var stream = StreamingTextCounter(unit: .htmlMaxLength)
      var typed = _LineBreakConverter(.asTyped)
      var submitted = _LineBreakConverter(.asSubmitted)
      var typedBytes: [UInt8] = []
      var submittedBytes: [UInt8] = []
      var offset = 0
      while offset < bytes.count {
        let end = min(bytes.count, offset + Int.random(in: 1...5, using: &random))
        bytes[offset..<end].withUnsafeBytes { piece in
          stream.append(utf8: piece)
          typed.convert(piece) { typedBytes += $0 }
          submitted.convert(piece) { submittedBytes += $0 }
        }
        offset = end
      }
      typed.finish { typedBytes += $0 }
      submitted.finish { submittedBytes += $0 }
      #expect(stream.finish() == expected, "round \(round) streamed")
      #expect(typedBytes == Array(asTyped.utf8))
      #expect(
        submittedBytes == Array(asTyped.replacingOccurrences(of: "\n", with: "\r\n").utf8))
      var boundaries = [0]
      for character in text { boundaries.append(boundaries.last! + character.utf8.count) }
      for maxCount in Set([0, 1, expected / 2, max(0, expected - 1), expected]) {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxCount) }
        #expect(boundaries.contains(cut), "round \(round): cut inside a cluster")
        let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
        #expect(counter.count(prefix) <= maxCount)
        if let next = boundaries.first(where: { $0 > cut }) {
          let longer = String(decoding: bytes[..<next], as: UTF8.self)
          #expect(counter.count(longer) > maxCount, "round \(round): not the longest")
        }
      }
    }
  }
}
