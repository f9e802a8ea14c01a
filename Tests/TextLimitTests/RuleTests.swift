import Foundation
import TestSupport
import Testing
import TextCount
import TextLimit

/// The ten rules of BEHAVIOR.md, table-driven, in every unit.
@Suite struct RuleTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var limit: TextLimit
    var text: String
    var range: NSRange
    var replacement: String
    var expected: TextEditDecision
  }

  static func caret(_ offset: Int) -> NSRange { NSRange(location: offset, length: 0) }
  static func at(_ offset: Int, _ length: Int = 0) -> NSRange {
    NSRange(location: offset, length: length)
  }

  /// Rules 2, 4, 5, 6 in every unit: ASCII counts 1 in each, so the same table holds for all.
  static let everyUnit: [Case] = TextUnit.allCases.flatMap { unit -> [Case] in
    let five = TextLimit(maxLength: 5, unit: unit)
    return [
      Case(
        description: "\(unit): an insertion that fits", limit: five, text: "abc", range: at(3),
        replacement: "de", expected: .accept),
      Case(
        description: "\(unit): keep the prefix that fits", limit: five, text: "abc", range: at(1),
        replacement: "XYZ",
        expected: .replace(text: "aXYbc", selectedRange: caret(3))),
      Case(
        description: "\(unit): nothing fits", limit: five, text: "abcde", range: at(5),
        replacement: "f", expected: .reject),
      Case(
        description: "\(unit): delete at the limit", limit: five, text: "abcde", range: at(4, 1),
        replacement: "", expected: .accept),
      Case(
        description: "\(unit): replace a selection", limit: five, text: "abcde", range: at(0, 5),
        replacement: "123456",
        expected: .replace(text: "12345", selectedRange: caret(5))),
      Case(
        description: "\(unit): maxLength 0", limit: TextLimit(maxLength: 0, unit: unit), text: "",
        range: at(0), replacement: "a",
        expected: .reject),
    ]
  }

  /// Rules 3 and 4: clusters never split; a joining scalar does not grow a grapheme count, and
  /// removing a joiner may grow it.
  static let clusters: [Case] = [
    Case(
      description: "combining mark at the limit joins the last letter",
      limit: TextLimit(maxLength: 5), text: "abcde",
      range: at(5), replacement: "\u{301}", expected: .accept),
    Case(
      description: "skin tone at the limit joins the thumb", limit: TextLimit(maxLength: 5),
      text: "abcd👍",
      range: at(6), replacement: "🏽", expected: .accept),
    Case(
      description: "second flag letter at the limit completes the flag",
      limit: TextLimit(maxLength: 5), text: "abcd🇯",
      range: at(6), replacement: "🇵", expected: .accept),
    Case(
      description: "ZWJ + woman at the limit joins the family", limit: TextLimit(maxLength: 2),
      text: "a👨",
      range: at(3), replacement: "\u{200D}👩", expected: .accept),
    Case(
      description: "deleting the ZWJ splits a cluster: still allowed",
      limit: TextLimit(maxLength: 1), text: "👨‍👩",
      range: at(2, 1), replacement: "", expected: .accept),
    Case(
      description: "a flag does not fit in 3 UTF-16 units",
      limit: TextLimit(maxLength: 3, unit: .utf16), text: "",
      range: at(0), replacement: "🇯🇵", expected: .reject),
    Case(
      description: "a flag and a half: only the whole flag",
      limit: TextLimit(maxLength: 5, unit: .utf16), text: "",
      range: at(0), replacement: "🇯🇵🇫", expected: .replace(text: "🇯🇵", selectedRange: caret(4))),
    Case(
      description: "é as e + U+0301 does not fit in one scalar",
      limit: TextLimit(maxLength: 1, unit: .unicodeScalars),
      text: "", range: at(0), replacement: "e\u{301}", expected: .reject),
    Case(
      description: "a family is 25 UTF-8 bytes: all or nothing",
      limit: TextLimit(maxLength: 30, unit: .utf8), text: "abcdef",
      range: at(6), replacement: "👨‍👩‍👧‍👦!", expected: .reject),
    Case(
      description: "Devanagari conjunct kept whole", limit: TextLimit(maxLength: 2), text: "a",
      range: at(1), replacement: "क्षa", expected: .replace(text: "aक्ष", selectedRange: caret(4))),
    Case(
      description: "CRLF is one grapheme", limit: TextLimit(maxLength: 2), text: "a",
      range: at(1), replacement: "\r\nb", expected: .replace(text: "a\r\n", selectedRange: caret(3))
    ),
  ]

  /// Rule 2: several limits, the strictest wins.
  static let severalLimits: [Case] = [
    Case(
      description: "300 graphemes and 10 UTF-8 bytes",
      limit: TextLimit([.init(maxLength: 300, unit: .graphemes), .init(maxLength: 10, unit: .utf8)]
      ),
      text: "", range: at(0), replacement: "你好世界",
      expected: .replace(text: "你好世", selectedRange: caret(3))),
    Case(
      description: "3 graphemes and 100 bytes",
      limit: TextLimit([.init(maxLength: 3, unit: .graphemes), .init(maxLength: 100, unit: .utf8)]),
      text: "", range: at(0), replacement: "你好世界",
      expected: .replace(text: "你好世", selectedRange: caret(3))),
  ]

  /// Rule 9: ranges from an undo after a rejected edit, NSNotFound, surrogate halves.
  static let badRanges: [Case] = [
    Case(
      description: "range past the end is clamped", limit: TextLimit(maxLength: 5), text: "abc",
      range: at(10, 3), replacement: "d",
      expected: .replace(text: "abcd", selectedRange: caret(4))),
    Case(
      description: "NSNotFound location", limit: TextLimit(maxLength: 5), text: "abc",
      range: NSRange(location: NSNotFound, length: 0),
      replacement: "d", expected: .replace(text: "abcd", selectedRange: caret(4))),
    Case(
      description: "negative length", limit: TextLimit(maxLength: 5), text: "abc",
      range: NSRange(location: 1, length: -4),
      replacement: "x", expected: .replace(text: "axbc", selectedRange: caret(2))),
    Case(
      description: "caret inside a surrogate pair moves after it", limit: TextLimit(maxLength: 5),
      text: "a😀b", range: at(2),
      replacement: "x", expected: .replace(text: "a😀xb", selectedRange: caret(4))),
    Case(
      description: "selection ending inside a pair widens", limit: TextLimit(maxLength: 5),
      text: "a😀b", range: at(0, 2),
      replacement: "", expected: .replace(text: "b", selectedRange: caret(0))),
    Case(
      description: "selection starting inside a pair widens", limit: TextLimit(maxLength: 5),
      text: "a😀b", range: at(2, 1),
      replacement: "x", expected: .replace(text: "axb", selectedRange: caret(2))),
  ]

  /// The units beyond String's views work in the engine too.
  static let otherUnits: [Case] = [
    Case(
      description: "twitter 280: two CJK characters, room for one",
      limit: TextLimit(maxLength: 280, unit: .weighted(.twitterV3)),
      text: String(repeating: "a", count: 278), range: at(278), replacement: "中中",
      expected: .replace(text: String(repeating: "a", count: 278) + "中", selectedRange: caret(279))),
    Case(
      description: "twitter 280: a family weighs 2 as a whole",
      limit: TextLimit(maxLength: 280, unit: .weighted(.twitterV3)),
      text: String(repeating: "a", count: 278), range: at(278), replacement: "👨‍👩‍👧‍👦", expected: .accept),
    Case(
      description: "display width 10", limit: TextLimit(maxLength: 10, unit: .displayWidth),
      text: "日本語",
      range: at(3), replacement: "中文x!", expected: .replace(text: "日本語中文", selectedRange: caret(5))),
    Case(
      description: "wide as two, 5", limit: TextLimit(maxLength: 5, unit: .weighted(.wideAsTwo)),
      text: "ab",
      range: at(2), replacement: "中cd", expected: .replace(text: "ab中c", selectedRange: caret(4))),
  ]

  @Test(arguments: everyUnit + clusters + severalLimits + badRanges + otherUnits)
  func decides(_ testCase: Case) {
    #expect(
      testCase.limit.shouldChangeText(
        testCase.text, in: testCase.range, replacementText: testCase.replacement)
        == testCase.expected)
    // The limiter decides the same.
    let limiter = TextLimiter(limit: testCase.limit, text: testCase.text)
    #expect(
      limiter.shouldChangeText(in: testCase.range, replacementText: testCase.replacement)
        == testCase.expected)
  }

  @Test(arguments: TextUnit.allCases)
  func counterAndRemainingInEveryUnit(_ unit: TextUnit) {
    let limit = TextLimit(maxLength: 10, unit: unit)
    let text = "héllo 👍"
    let count = TextCounter(unit: unit).count(text)
    #expect(limit.count(text) == count)
    #expect(limit.counterText(for: text) == "\(count)/10")
    #expect(limit.remaining(in: text) == max(0, 10 - count))
    #expect(limit.remaining(in: String(repeating: "x", count: 30)) == 0)
    #expect(limit.isWithinLimit(text) == (count <= 10))
  }

  @Test func truncatedNeverSplitsAndSatisfiesEveryRule() {
    let limit = TextLimit([
      .init(maxLength: 4, unit: .graphemes), .init(maxLength: 12, unit: .utf8),
    ])
    #expect(limit.truncated("ab👨‍👩‍👧‍👦cd") == "ab")
    #expect(limit.truncated("abcdef") == "abcd")
    #expect(limit.truncated("你好世界!") == "你好世界")
    #expect(TextLimit(maxLength: 2).truncated("🇯🇵🇫🇷🇩🇪") == "🇯🇵🇫🇷")
  }

  /// Texts of up to about 2 KiB (cut results short and long, from a prefix decoded or a
  /// substring copied) against the standard library: with a grapheme rule, `String.prefix`; with
  /// a UTF-16 rule, the most whole `Character`s whose UTF-16 length fits.
  @Test func truncatedEqualsTheStandardLibrarysPrefixOnLongText() {
    var random = SeededGenerator(seed: 0x7472_756E_63)
    let pieces = ["plain ascii text ", "中文字符", "हिन्दी ", "👩🏽\u{200D}💻 ", "e\u{301}", "\r\n", "🇯🇵"]
    for round in 0..<300 {
      var text = ""
      let target = Int.random(in: 0...2_000, using: &random)
      while text.utf8.count < target { text += pieces.randomElement(using: &random)! }
      let clusters = text.count
      let maxLength = Int.random(in: 0...clusters + 2, using: &random)
      let byGraphemes = TextLimit(maxLength: maxLength).truncated(text)
      #expect(byGraphemes == String(text.prefix(maxLength)), "round \(round), graphemes")
      var expected = ""
      for character in text {
        guard expected.utf16.count + character.utf16.count <= maxLength else { break }
        expected.append(character)
      }
      let byUTF16 = TextLimit(maxLength: maxLength, unit: .utf16).truncated(text)
      #expect(byUTF16 == expected, "round \(round), utf16")
    }
  }

  /// One to three rules in random units: `isWithinLimit` holds when every rule's count does, and
  /// `truncated` keeps whole `Character`s, the most that satisfy every rule. Any rule may be the
  /// one that decides, the first or a later one.
  @Test func everyRuleDecidesCheckAndCut() {
    var random = SeededGenerator(seed: 0x7275_6C65_73)
    let pieces = ["ab ", "中文", "हिन्दी", "👩🏽\u{200D}💻", "e\u{301}", "\r\n", "🇯🇵", "ｗｉｄｅ"]
    for round in 0..<400 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      let rules = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        TextLimit.Rule(
          maxLength: Int.random(in: 0...40, using: &random),
          unit: TextUnit.allCases.randomElement(using: &random)!)
      }
      let limit = TextLimit(rules)
      func fits(_ candidate: String) -> Bool {
        rules.allSatisfy { TextCounter(unit: $0.unit).count(candidate) <= $0.maxLength }
      }
      #expect(limit.isWithinLimit(text) == fits(text), "round \(round): \(rules)")
      var expected = ""
      for character in text {
        guard fits(expected + String(character)) else { break }
        expected.append(character)
      }
      #expect(limit.truncated(text) == expected, "round \(round): \(rules)")
    }
  }

  /// Limits are equal when their rules and policies are, and equal limits hash alike.
  @Test func limitsAreEqualWhenRulesAndPoliciesAre() {
    let rules: [[TextLimit.Rule]] = [
      [.init(maxLength: 5, unit: .graphemes)],
      [.init(maxLength: 6, unit: .graphemes)],
      [.init(maxLength: 5, unit: .utf16)],
      [.init(maxLength: 5, unit: .graphemes), .init(maxLength: 9, unit: .utf8)],
      [.init(maxLength: 9, unit: .utf8), .init(maxLength: 5, unit: .graphemes)],
    ]
    for (index, left) in rules.enumerated() {
      for (otherIndex, right) in rules.enumerated() {
        #expect((TextLimit(left) == TextLimit(right)) == (index == otherIndex))
      }
      #expect(TextLimit(left).hashValue == TextLimit(left).hashValue)
      var strict = TextLimit(left)
      strict.allowsEmoji = false
      #expect(strict != TextLimit(left))
      #expect(Set([TextLimit(left), TextLimit(left), strict]).count == 2)
    }
  }

  @Test func emojiAreDroppedWhenNotAllowed() {
    var limit = TextLimit(maxLength: 10)
    limit.allowsEmoji = false
    #expect(
      limit.shouldChangeText("ab", in: Self.at(2), replacementText: "c👍🏽d🇯🇵1️⃣©")
        == .replace(text: "abcd©", selectedRange: Self.caret(5)))
    #expect(limit.shouldChangeText("ab", in: Self.at(2), replacementText: "😀") == .reject)
    #expect(limit.shouldChangeText("ab", in: Self.at(2), replacementText: "x") == .accept)
  }
}

/// Rule 8 (over-limit text set by the program) and rule 10 (every prevented change reported).
@Suite struct LimiterStateTests {
  @Test func programTextOverTheLimitStaysUntilTheUserEdits() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5))
    field.programSetsTextThroughLimiter("abcdefg")
    #expect(field.text == "abcdefg")
    #expect(field.limiter.counterText == "7/5")
    #expect(field.limiter.remaining == 0)
    field.insert("x")
    #expect(field.text == "abcdefg", "growing it is rejected")
    field.deleteBackward()
    #expect(field.text == "abcdef", "deleting is always allowed")
    field.insert("x")
    #expect(field.text == "abcdef", "the allowance only shrinks")
    field.replaceBypassingDelegate(NSRange(location: 6, length: 0), with: "yz")
    #expect(field.text == "abcdef", "an autocorrect cannot grow it either")
    field.select(NSRange(location: 0, length: 6))
    field.deleteBackward()
    field.insert("123456")
    #expect(field.text == "12345")
  }

  @Test func programTextIsTruncatedWhenThePolicySaysSo() {
    var limit = TextLimit(maxLength: 5)
    limit.overLimitPolicy = .truncate
    let field = SimulatedTextField(limit: limit)
    field.programSetsTextThroughLimiter("abcdefg")
    #expect(field.text == "abcde")
    #expect(
      field.events == [
        LimitEvent(attemptedText: "abcdefg", keptText: "abcde", reason: .programmaticTextTruncated)
      ])
  }

  @Test func everyPreventedChangeIsReported() {
    var limit = TextLimit(maxLength: 5)
    limit.allowsEmoji = false
    let field = SimulatedTextField(limit: limit, text: "abc")
    field.insert("xyz")  // shortened
    field.insert("q")  // rejected
    field.deleteBackward()
    field.insert("😀")  // emoji only: rejected
    field.deleteBackward()
    // Autocorrect over the limit.
    field.replaceBypassingDelegate(NSRange(location: 3, length: 0), with: "12345")
    #expect(
      field.events == [
        LimitEvent(attemptedText: "abcxyz", keptText: "abcxy", reason: .insertionTruncated),
        LimitEvent(attemptedText: "abcxyq", keptText: "abcxy", reason: .insertionRejected),
        LimitEvent(attemptedText: "abcx😀", keptText: "abcx", reason: .emojiRemoved),
        LimitEvent(attemptedText: "abc12345", keptText: "abc12", reason: .overflowTrimmed),
      ])
    #expect(field.text == "abc12")
    #expect(field.caret == 5)
  }

  @Test func autocorrectInTheMiddleTrimsWhatItInserted() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 8), text: "teh cat")
    field.select(NSRange(location: 7, length: 0))
    field.replaceBypassingDelegate(NSRange(location: 0, length: 3), with: "the big")
    #expect(field.text == "the  cat", "the text after the change is kept; the change is cut")
    #expect(field.caret == 4)
  }

  @Test func emptyTextAndDeletingEverything() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 3), text: "")
    field.deleteBackward()
    #expect(field.text == "")
    field.insert("abcdef")
    #expect(field.text == "abc")
    field.select(NSRange(location: 0, length: 3))
    field.deleteBackward()
    #expect(field.text == "")
    #expect(field.limiter.count == 0)
  }
}
