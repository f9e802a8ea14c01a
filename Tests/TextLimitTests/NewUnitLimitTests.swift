import Foundation
import TestSupport
import Testing
import TextCount

@testable import TextLimit

/// Limits in the units of issue 48 through the simulated field: words (a cut never inside a
/// word), SMS segments (a cut never inside a cluster), `maxlength`'s count, and the composers'
/// and Mastodon's server's rules; deleting always works.
@Suite struct NewUnitLimitTests {
  @Test func aWordLimitKeepsWholeWords() {
    let limit = TextLimit(maxLength: 3, unit: .words)
    let field = SimulatedTextField(limit: limit, text: "")
    for character in "one two three four" { field.insert(String(character)) }
    #expect(field.text == "one two three ", "the f of the fourth word is refused")
    let pasted = SimulatedTextField(limit: TextLimit(maxLength: 2, unit: .words), text: "")
    pasted.insert("alpha beta gamma delta")
    #expect(pasted.text == "alpha beta ", "no part of gamma")
    let contraction = SimulatedTextField(limit: TextLimit(maxLength: 1, unit: .words), text: "")
    contraction.insert("don't stop")
    #expect(contraction.text == "don't ")
    // Joining two words into one lowers the count: the text fits again.
    let joined = SimulatedTextField(limit: TextLimit(maxLength: 2, unit: .words), text: "ab cd")
    joined.insert("ef")
    #expect(joined.text == "ab cdef")
    joined.deleteBackward()
    #expect(joined.text == "ab cde", "deleting always works")
    // Pasted before a word, a paste cut short would end inside the word it makes with it:
    // "xy" of "xy zw" fits ("ab xycd" is two words) but ends inside "xycd", so nothing is kept.
    let before = SimulatedTextField(limit: TextLimit(maxLength: 2, unit: .words), text: "ab cd")
    before.select(NSRange(location: 3, length: 0))
    before.insert("xy zw")
    #expect(before.text == "ab cd")
    before.insert("x ")
    #expect(before.text == "ab x cd" || before.text == "ab cd", "a whole word or nothing")
  }

  @Test func aWordLimitNeverCutsInsideAWordOfTheResult() {
    var random = SeededGenerator(seed: 0x30_7D5_0002)
    let pieces = ["word ", "can't ", "3.14 ", "e.g. ", "a_b ", "日本", " ", "x", ".", "\n", "👨‍👩‍👧 "]
    for round in 0..<150 {
      var start = ""
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        start += pieces.randomElement(using: &random)!
      }
      let maximum = Int.random(in: 0...6, using: &random)
      let limit = TextLimit(maxLength: maximum, unit: .words)
      let field = SimulatedTextField(limit: limit, text: start)
      var paste = ""
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        paste += pieces.randomElement(using: &random)!
      }
      let before = field.text
      field.insert(paste)
      let words = TextCounter(unit: .words)
      if field.text != before {
        #expect(words.count(field.text) <= max(maximum, words.count(before)), "round \(round)")
        // The kept part of the paste ends at no place inside a word of the new text.
        let end = before.utf8.count + (field.text.utf8.count - before.utf8.count)
        let ranges = Array(field.text.utf8).withUnsafeBytes { TextCounter.wordRanges(utf8: $0) }
        #expect(
          !ranges.contains { $0.lowerBound < end && end < $0.upperBound }
            || field.text.hasSuffix(paste), "round \(round): \(field.text.debugDescription)")
      }
    }
  }

  @Test func anSMSSegmentLimitCountsTheEncodingAndKeepsClustersWhole() {
    let limit = TextLimit(maxLength: 1, unit: .smsSegments)
    let field = SimulatedTextField(limit: limit, text: "")
    field.insert(String(repeating: "a", count: 200))
    #expect(field.text == String(repeating: "a", count: 160), "160 septets in one message")
    field.deleteBackward()
    #expect(field.text.count == 159)
    // An emoji would make the message UCS-2 (70 units): it is refused whole.
    field.insert("😀")
    #expect(field.text.count == 159)
    let short = SimulatedTextField(limit: limit, text: String(repeating: "a", count: 60))
    short.insert("👨‍👩‍👧‍👦👨‍👩‍👧‍👦")
    #expect(
      short.text == String(repeating: "a", count: 60), "71 units would be two; no half family")
    short.insert("😀")
    #expect(short.text == String(repeating: "a", count: 60) + "😀", "62 units")
    let two = SimulatedTextField(limit: TextLimit(maxLength: 2, unit: .smsSegments), text: "")
    two.insert(String(repeating: "b", count: 400))
    #expect(two.text.count == 306, "two parts of 153 septets")
  }

  @Test func maxlengthCountsALineBreakOnce() {
    let limit = TextLimit(maxLength: 5, unit: .htmlMaxLength)
    let field = SimulatedTextField(limit: limit, text: "ab\r\n")
    field.insert("cdef")
    #expect(field.text == "ab\r\ncd", "CR LF counts one: ab, the line break, cd")
  }

  @Test func mastodonsServerStripsWhatTheLimitCounts() {
    let limit = TextLimit(.mastodon(maxCharacters: 5))
    let field = SimulatedTextField(limit: limit, text: "hello")
    field.insert("\n\n ")
    #expect(field.text == "hello\n\n ", "white space at the end counts nothing on the server")
    field.insert("x")
    #expect(field.text == "hello\n\n ")
    #expect(limit.count("  hello  ") == 5)
  }

  /// A text of White_Space and NUL that the server reads as blank once stripped, typed across
  /// chunks: the limiter counts its warning alone, as the server does.
  @Test func mastodonsBlankOnceStrippedCountsTheWarningAlone() {
    let limit = TextLimit(.mastodon(maxCharacters: 2, contentWarning: "cw"))
    let field = SimulatedTextField(limit: limit, text: "")
    field.insert("\u{0}\u{3000}  \u{3000}")
    #expect(field.text == "\u{0}\u{3000}  \u{3000}")
    field.insert("\u{0}")
    #expect(field.text == "\u{0}\u{3000}  \u{3000}\u{0}")
    field.insert("x")
    #expect(field.text == "\u{0}\u{3000}  \u{3000}\u{0}", "x makes it 2 + 6")
    // Several chunks (of 2 KiB) of it: still blank once stripped.
    let long = "\u{0}" + String(repeating: "\u{3000}  ", count: 1500)
    let large = SimulatedTextField(limit: limit, text: "")
    large.insert(long)
    #expect(large.text == long)
    large.insert("\u{0}")
    #expect(large.text == long + "\u{0}")
    // A kept character after that NUL puts it in the middle: 3,003 characters and the warning.
    large.insert("\u{3000}")
    #expect(large.text == long + "\u{0}")
  }

  @Test func theComposersCountAsTheirApps() {
    let url = "https://example.com/a/very/long/path/that/is/longer/than/twenty/three"
    // Bluesky's composer counts the link shortened: "example.com/a/very/long/..." is 27.
    let bluesky = SimulatedTextField(
      limit: TextLimit(.blueskyComposer), text: String(repeating: "a", count: 270))
    bluesky.insert(" " + url)
    #expect(bluesky.text == String(repeating: "a", count: 270) + " " + url)
    #expect(TextLimit(.blueskyComposer).count(bluesky.text) == 270 + 1 + 27)
    // Mastodon's composer does not strip: "  hello  " is 9 there.
    let composer = TextLimit(.mastodonComposer(maxCharacters: 8))
    let field = SimulatedTextField(limit: composer, text: "  hello")
    field.insert("  ")
    #expect(field.text == "  hello ", "the composer counts white space")
  }
}
