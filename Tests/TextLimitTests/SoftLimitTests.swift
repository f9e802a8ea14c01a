import Foundation
import Testing
import TextCount

@testable import TextLimit

/// The soft limit (`enforcement: .soft`): nothing refused or trimmed, the counter below zero,
/// the overflow's UTF-16 range for an app to highlight; and the counter's rule.
@Suite struct SoftLimitTests {
  /// Text of every script the engine meets: clusters of one scalar, of several (marks, viramas,
  /// jamo, ZWJ sequences, flags), of surrogate pairs.
  static let scripts: [(name: String, text: String)] = [
    ("Latin", "Hello, world"), ("Cyrillic", "Привет, мир"), ("CJK", "你好世界你好世界"),
    ("kana", "こんにちはカタカナ"), ("Hangul and jamo", "한국어 \u{1100}\u{1161}\u{11A8}글"),
    ("Devanagari conjuncts", "नमस्ते क्षत्रिय"), ("Arabic with marks", "مَرْحَبًا بِكُمْ"),
    ("Thai", "สวัสดีครับ"), ("combining marks", "e\u{301}e\u{301}a\u{308}\u{301}o"),
    ("emoji", "👨‍👩‍👧‍👦🇯🇵👍🏽❤️😀"), ("supplementary CJK", "𠜎𠜱𠝹𠱓"),
  ]

  /// The limits the overflow is measured against: grapheme clusters, UTF-16 code units, both.
  static let limits: [(name: String, rules: [TextLimit.Rule])] = [
    ("4 graphemes", [.init(maxLength: 4, unit: .graphemes)]),
    ("5 UTF-16", [.init(maxLength: 5, unit: .utf16)]),
    (
      "4 graphemes, 6 UTF-16",
      [.init(maxLength: 4, unit: .graphemes), .init(maxLength: 6, unit: .utf16)]
    ),
  ]

  /// The UTF-16 offset where the overflow starts, by the standard library's clusters: the end of
  /// the longest run of whole clusters within every rule.
  static func expectedOverflowStart(_ text: String, _ rules: [TextLimit.Rule]) -> Int? {
    var graphemes = 0
    var utf16 = 0
    for character in text {
      let nextGraphemes = graphemes + 1
      let nextUTF16 = utf16 + character.utf16.count
      let fits = rules.allSatisfy { rule in
        switch rule.unit {
        case .graphemes: nextGraphemes <= rule.maxLength
        case .utf16: nextUTF16 <= rule.maxLength
        default: fatalError("only graphemes and UTF-16 here")
        }
      }
      if !fits { return utf16 }
      graphemes = nextGraphemes
      utf16 = nextUTF16
    }
    return nil
  }

  @Test(arguments: scripts.indices, limits.indices)
  func theOverflowRangeOfEveryScript(_ script: Int, _ limitIndex: Int) {
    let (name, text) = Self.scripts[script]
    var limit = TextLimit(Self.limits[limitIndex].rules)
    limit.enforcement = .soft
    let expected = Self.expectedOverflowStart(text, limit.rules).map {
      NSRange(location: $0, length: text.utf16.count - $0)
    }
    #expect(limit.overflowRange(in: text) == expected, "\(name), \(Self.limits[limitIndex].name)")
    #expect(limit.isOverLimit(text) == (expected != nil))
    for kind in SimulatedTextField.Kind.allCases {
      let field = SimulatedTextField(limit: limit, text: "", kind: kind)
      for character in text { field.insert(String(character)) }
      #expect(field.text == text, "\(name), \(kind): nothing refused")
      #expect(field.events.isEmpty, "\(name), \(kind)")
      #expect(field.limiter.overflowRange == expected, "\(name), \(kind)")
      #expect(field.limiter.isOverLimit == (expected != nil))
      let first = limit.rules[0]
      let count = first.unit == .graphemes ? text.count : text.utf16.count
      #expect(field.limiter.counter.remaining == first.maxLength - count, "\(name), \(kind)")
    }
  }

  /// The same texts under the hard limit are cut where the soft limit's overflow starts.
  @Test(arguments: scripts.indices)
  func theHardLimitCutsWhereTheOverflowStarts(_ script: Int) {
    let text = Self.scripts[script].text
    let hard = TextLimit(maxLength: 4)
    var soft = hard
    soft.enforcement = .soft
    let cut = soft.overflowRange(in: text)?.location ?? text.utf16.count
    #expect(hard.truncated(text).utf16.count == cut)
    let decision = hard.shouldChangeText(
      "", in: NSRange(location: 0, length: 0), replacementText: text)
    #expect((decision == .accept) == (cut == text.utf16.count))
    #expect(
      soft.shouldChangeText("", in: NSRange(location: 0, length: 0), replacementText: text)
        == .accept)
    #expect(soft.textDidChange(text, selectedRange: NSRange(location: 0, length: 0)) == nil)
  }

  /// A soft limit keeps program-set text whatever the policy; the counter counts down.
  @Test func programTextIsNeverCutUnderASoftLimit() {
    var limit = TextLimit(maxLength: 3)
    limit.enforcement = .soft
    limit.overLimitPolicy = .truncate
    let limiter = TextLimiter(limit: limit, text: "abcdef")
    #expect(limiter.text == "abcdef")
    #expect(limiter.counter == LimitCounter(count: 6, maxLength: 3, unit: .graphemes))
    #expect(limiter.counter.remaining == -3)
    #expect(limiter.counter.isOverLimit)
    #expect(limiter.remaining == 0, "remaining stays the never-negative count it was")
  }

  /// The counter shows the rule `counterRule` picks: the first, one by index, or the one the
  /// text is closest to (the smallest share of its maximum left).
  @Test func theCounterShowsTheRuleAsked() {
    var limit = TextLimit([
      .init(maxLength: 20, unit: .graphemes), .init(maxLength: 12, unit: .utf8),
    ])
    let text = "héllo wörld"  // 11 clusters, 13 bytes
    #expect(limit.counter(for: text).text == "11/20")
    limit.counterRule = .rule(1)
    #expect(limit.counter(for: text).text == "13/12")
    limit.counterRule = .rule(7)
    #expect(limit.counter(for: text).text == "11/20", "an index out of range: the first")
    limit.counterRule = .tightest
    #expect(limit.counter(for: text).text == "13/12")
    #expect(limit.counter(for: "héllo").text == "6/12", "15 of 20 left is 75%, 6 of 12 is 50%")
    #expect(limit.counter(for: "hello").text == "5/12", "75% left against 58%")
    #expect(limit.counter(for: "").text == "0/20", "all left: the first of equals")
    #expect(TextLimiter(limit: limit, text: text).counter == limit.counter(for: text))
  }
}
