import Foundation
import TestSupport
import Testing
import TextCount

@testable import TextLimit

/// Post composers' rules (`TextLimit(PostRule)`) through the simulated field: a URL counts what
/// the platform counts while the user types and pastes, a shortened paste never keeps part of a
/// URL, marked text is left alone, and the counter and `truncated` agree with `TextCounter`.
@Suite struct PostRuleTests {
  static let url = "https://example.com/a/very/long/path/that/is/longer/than/twenty/three"

  @Test func aLongURLFitsWhereItsCharactersWouldNot() {
    let field = SimulatedTextField(limit: TextLimit(.x), text: String(repeating: "a", count: 250))
    field.insert(" " + Self.url)
    #expect(field.text == String(repeating: "a", count: 250) + " " + Self.url)
    #expect(TextLimit(.x).count(field.text) == 250 + 1 + 23)
    // The weighted unit alone counts the URL's 69 characters and refuses most of it.
    let plain = SimulatedTextField(
      limit: TextLimit(maxLength: 280, unit: .weighted(.twitterV3)),
      text: String(repeating: "a", count: 250))
    plain.insert(" " + Self.url)
    #expect(plain.text.count == 280)
  }

  @Test func aPasteThatOverflowsKeepsNoPartOfAURL() {
    let start = String(repeating: "a", count: 270)
    let field = SimulatedTextField(limit: TextLimit(.x), text: start)
    field.insert(" see " + Self.url + " now")
    #expect(field.text == start + " see ", "the URL does not fit whole: none of it is kept")
    #expect(TextLimit(.x).truncated(start + " see " + Self.url) == start + " see ")
  }

  @Test func typingAURLCharacterByCharacterNearTheLimit() {
    // 257 + 23: a URL being typed counts as written until it is one, then 23.
    let start = String(repeating: "a", count: 256) + " "
    let field = SimulatedTextField(limit: TextLimit(.x), text: start)
    for character in "example.com/path" { field.insert(String(character)) }
    #expect(field.text == start + "example.com/path")
    #expect(TextLimit(.x).count(field.text) == 280)
    field.insert("x")
    #expect(field.text == start + "example.com/pathx", "a longer path is the same 23")
    field.insert(" b")
    #expect(field.text == start + "example.com/pathx", "the space and b do not fit")
  }

  @Test func mastodonCountsTheContentWarningAndMentionsWithoutDomains() {
    let limit = TextLimit(.mastodon(maxCharacters: 12, contentWarning: "cw"))
    let field = SimulatedTextField(limit: limit, text: "")
    field.insert("hi @bob@example.social")
    #expect(field.text == "hi @bob@example.social", "cw + 'hi @bob' is 9")
    field.insert(" and more")
    #expect(field.text == "hi @bob@example.social an", "cw + 'hi @bob an' is 12")
    #expect(limit.count(field.text) == 12)
  }

  @Test func markedTextIsNotCutWhileComposing() {
    let limit = TextLimit(.mastodon(maxCharacters: 4))
    let field = SimulatedTextField(limit: limit, text: "ab")
    for marked in ["n", "ni", "nih", "niha", "nihao"] { field.setMarkedText(marked) }
    #expect(field.text == "abnihao", "pinyin being composed is left alone")
    field.commit("你好吗")
    #expect(field.text == "ab你好", "the commit is limited")
  }

  @Test func blueskyHoldsBothLimits() {
    let family = "👨‍👩‍👧‍👦"
    let field = SimulatedTextField(limit: TextLimit(.bluesky), text: "")
    field.insert(String(repeating: family, count: 130))
    #expect(field.text == String(repeating: family, count: 120), "3,000 bytes, 120 families")
  }

  @Test func truncatedEqualsTheCounterPrefix() {
    var random = SeededGenerator(seed: 0x9057_0004)
    let pieces = [" ", Self.url, "example.com", "@bob@example.social", "日本語", "👨‍👩‍👧", "\n", "x"]
    for rule in [
      PostRule.x, .mastodon(maxCharacters: 60),
      .mastodon(maxCharacters: 30, contentWarning: "warning"),
    ] {
      let limit = TextLimit(rule)
      for _ in 0..<100 {
        var text = ""
        for _ in 0..<Int.random(in: 0...30, using: &random) {
          text += pieces.randomElement(using: &random)!
        }
        let kept = limit.truncated(text)
        let bytes = Array(text.utf8)
        let expected = bytes.withUnsafeBytes { rule.prefixByteCount(utf8: $0) }
        #expect(kept.utf8.count == expected, "\(text.debugDescription)")
        #expect(rule.allows(kept) || kept.isEmpty)
      }
    }
  }
}
