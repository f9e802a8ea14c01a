import Foundation
import TestSupport
import Testing
import TextCount

@testable import TextLimit

/// `TextLimiter`'s chunked copy of the text: after any edit, on texts of many chunks, its text
/// and cached lengths equal a full recount, and every chunk ends on a cluster boundary.
@Suite struct ChunkedTextTests {
  static let units: [TextUnit] = [
    .graphemes, .utf16, .unicodeScalars, .utf8, .post(.x), .post(.mastodon(contentWarning: "cw")),
  ]

  /// Long texts with runs that cross chunk boundaries: regional indicators, ZWJ chains, marks.
  static func bigText(using random: inout SeededGenerator) -> String {
    var text = ""
    while text.utf8.count < 40_000 {
      switch Int.random(in: 0..<7, using: &random) {
      case 0: text += String(repeating: "🇯", count: Int.random(in: 1...3000, using: &random))
      case 1:
        text +=
          "👩" + String(repeating: "\u{200D}👩", count: Int.random(in: 1...1500, using: &random))
      case 2:
        text += "e" + String(repeating: "\u{301}", count: Int.random(in: 1...3000, using: &random))
      case 3:
        // What post lengths count apart, and the white space their chunks are cut after.
        let pieces = [
          " https://example.com/a?b=c ", "example.com", " @alice@example.social", "\n", " ",
          "t.co/x", "gemini://x.org/", "@bob",
        ]
        for _ in 0..<Int.random(in: 1...60, using: &random) {
          text += pieces.randomElement(using: &random)!
        }
      default: text += RandomEdits.string(maxPieces: 400, using: &random)
      }
    }
    return text
  }

  static func check(_ document: _ChunkedText, equals text: String, _ context: String) {
    #expect(document.text == text, "text differs: \(context)")
    #expect(document.utf16Count == text.utf16.count, "utf16 differs: \(context)")
    for unit in units {
      #expect(
        document.total(in: unit) == TextCounter(unit: unit).count(text),
        "\(unit) differs: \(context)")
    }
    var offset = 0
    for chunk in document.chunks {
      #expect(!chunk.text.isEmpty)
      offset += chunk.utf16
      #expect(
        text.isCharacterBoundary(utf16Offset: offset), "chunk ends inside a cluster: \(context)")
    }
  }

  @Test func randomEditsOnLongTexts() {
    let seed: UInt64 = 0xC4_0001
    var random = SeededGenerator(seed: seed)
    for round in 0..<12 {
      var text = Self.bigText(using: &random)
      var document = _ChunkedText(text, units: Self.units)
      // Post lengths cut chunks only after ASCII white space: fewer, but still several.
      #expect(document.chunks.count >= 3)
      Self.check(document, equals: text, "seed \(seed) round \(round) start")
      for step in 0..<40 {
        var range = text.repairedRange(RandomEdits.range(in: text, using: &random))
        if document.chunks.count > 1 && Int.random(in: 0..<3, using: &random) == 0 {
          // An edit at a chunk's start, as typing at the end of a chunk is: the window then
          // starts a chunk earlier.
          let number = Int.random(in: 1..<document.chunks.count, using: &random)
          let start = document.chunks[..<number].reduce(0) { $0 + $1.utf16 }
          range = text.repairedRange(NSRange(location: start, length: range.count))
        }
        let replacement: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0: replacement = String(repeating: "🇫", count: Int.random(in: 1...5, using: &random))
        case 1: replacement = "\u{200D}"
        case 2: replacement = ""
        default: replacement = RandomEdits.string(maxPieces: 5, using: &random)
        }
        let nsRange = NSRange(location: range.lowerBound, length: range.count)
        text = text.replacingUTF16(nsRange, with: replacement)
        // Measured first, as the limiter checks an edit before it applies it: applying it then
        // takes the measured window (`aMeasuredEditIsReusedOnlyWhereItHolds`).
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1: _ = document.lengths(Self.limit, replacing: range, with: replacement[...])
        case 2: _ = document.lengths(Self.limit, replacing: range, with: "measured, not applied")
        default: break
        }
        document.replace(range, with: replacement[...])
        Self.check(
          document, equals: text,
          "seed \(seed) round \(round) step \(step) \(range) \(replacement.debugDescription)")
        // The limiter's check after an edit it accepted: the host's text is the copy there.
        let edited = range.lowerBound..<(range.lowerBound + replacement.utf16.count)
        #expect(
          document.matches(text, around: edited),
          "matches: seed \(seed) round \(round) step \(step) \(range)")
        if text.isEmpty { break }
      }
    }
  }

  /// Text that post lengths cut often (ASCII white space, then an ASCII letter).
  static let paragraph = "Typing keeps chunks large. 中文输入法。👍🏽 Русский текст. "

  /// A limit in every unit of `units`, never reached.
  static let limit = TextLimit(units.map { LengthLimit(maxLength: 1 << 40, unit: $0) })

  /// `replace` takes the window that `lengths` measured for the same edit just before, as the
  /// limiter's check then apply do, and only then: not after another edit changed the text, not
  /// from a copy measured after the text changed, not for a replacement with other bytes that
  /// `==` calls equal (`é` and `e` with U+0301), not for the same replacement elsewhere.
  @Test func aMeasuredEditIsReusedOnlyWhereItHolds() {
    // Two chunks of about 1,500 bytes, an edit inside the first: its window is one chunk's
    // size, which is what `lengths` keeps for `replace`.
    let start = String(repeating: Self.paragraph, count: 37)
    let at = start.repairedRange(NSRange(location: start.utf16.count / 4, length: 0))
    func inserting(_ replacement: String, at offset: Int, in text: String) -> String {
      text.replacingUTF16(NSRange(location: offset, length: 0), with: replacement)
    }
    let zThenX = inserting("XZ", at: at.lowerBound, in: start)
    /// What to measure, on the text or on a copy of it made first, after how many of the
    /// `edits`; the edits; the text then, and after each edit where given.
    struct Case {
      var context: String
      var measured: (range: Range<Int>, replacement: String)
      var onACopy = false
      var measuredAfter = 0
      var edits: [(range: Range<Int>, replacement: String, expected: String?)]
    }
    let cases = [
      // Another edit in the same place before it: the measure is of a text that is gone. Then
      // one more edit, which walks from where the last one was.
      Case(
        context: "another edit between", measured: (at, "X"),
        edits: [(at, "Z", nil), (at, "X", zThenX), (0..<0, "A", "A" + zThenX)]),
      Case(
        context: "a copy measured after the text changed", measured: (at, "X"), onACopy: true,
        measuredAfter: 1, edits: [(at, "Z", nil), (at, "X", zThenX)]),
      Case(
        context: "an equivalent replacement", measured: (at, "\u{E9}"),
        edits: [(at, "e\u{301}", inserting("e\u{301}", at: at.lowerBound, in: start))]),
      Case(
        context: "the same replacement in another place", measured: (at, "X"),
        edits: [(0..<0, "X", "X" + start)]),
      Case(
        context: "the same edit: taken, and right", measured: (at, "X"),
        edits: [(at, "X", inserting("X", at: at.lowerBound, in: start))]),
    ]
    for example in cases {
      var document = _ChunkedText(start, units: Self.units)
      // Only where asked: a copy shares the text's record, which changes how an edit renews it.
      let copy = example.onACopy ? document : nil
      for (number, edit) in example.edits.enumerated() {
        if number == example.measuredAfter {
          _ = (copy ?? document).lengths(
            Self.limit, replacing: example.measured.range, with: example.measured.replacement[...])
        }
        document.replace(edit.range, with: edit.replacement[...])
        guard let expected = edit.expected else { continue }
        Self.check(document, equals: expected, example.context)
        #expect(
          document.text.utf8.elementsEqual(expected.utf8), "bytes differ: \(example.context)")
      }
    }
  }

  /// Typing in one place grows a chunk until it splits in two halves: the number of chunks
  /// stays proportional to the text's size, not to the number of keystrokes.
  @Test func typingInOnePlaceKeepsChunksLarge() {
    var text = String(repeating: Self.paragraph, count: 300)
    var document = _ChunkedText(text, units: Self.units)
    var caret = text.utf16.count / 2
    for keystroke in 0..<2000 {
      let typed = keystroke % 7 == 6 ? "好" : "x"
      // Measured, then applied, as the limiter does: the measure's window is taken.
      _ = document.lengths(Self.limit, replacing: caret..<caret, with: typed[...])
      document.replace(caret..<caret, with: typed[...])
      text = text.replacingUTF16(NSRange(location: caret, length: 0), with: typed)
      caret += 1
    }
    Self.check(document, equals: text, "after 2000 keystrokes")
    let full = (text.utf8.count + _ChunkedText.chunkSize - 1) / _ChunkedText.chunkSize
    #expect(
      document.chunks.count <= 2 * full + 1,
      "\(document.chunks.count) chunks for \(text.utf8.count) bytes")
    // Nor does the chunk typed in grow past twice the size.
    #expect(document.chunks.allSatisfy { $0.utf8 <= 2 * _ChunkedText.chunkSize })
  }

  @Test func differenceFindsTheChangedRange() {
    let seed: UInt64 = 0xC4_0002
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<300 {
      let old =
        iteration.isMultiple(of: 10)
        ? Self.bigText(using: &random) : RandomEdits.string(maxPieces: 12, using: &random)
      let document = _ChunkedText(old, units: [.utf16])
      let range = old.repairedRange(RandomEdits.range(in: old, using: &random))
      let new = old.replacingUTF16(
        NSRange(location: range.lowerBound, length: range.count),
        with: RandomEdits.string(maxPieces: 4, using: &random))
      let context = "seed \(seed) #\(iteration)"
      guard let change = document.difference(to: new) else {
        #expect(old == new || Array(old.utf8) == Array(new.utf8), "no change found: \(context)")
        continue
      }
      let applied = old.replacingUTF16(
        NSRange(location: change.range.lowerBound, length: change.range.count),
        with: String(change.inserted))
      #expect(
        Array(applied.utf8) == Array(new.utf8),
        "applying the difference does not give the text: \(context)")
      #expect(change.range.count <= range.count + 8, "the change is not minimal: \(context)")
    }
  }
}
