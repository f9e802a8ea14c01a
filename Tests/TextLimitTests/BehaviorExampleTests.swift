import Foundation
import Testing
import TextCount
import TextLimit

/// Every row of the examples in shared/anchors/BEHAVIOR.md (max 5, graphemes unless said).
@Suite struct BehaviorExampleTests {
  struct Example: Sendable, CustomStringConvertible {
    var description: String
    var limit: TextLimit
    var text: String
    var range: NSRange
    var replacement: String
    var marked: NSRange? = nil
    var expected: TextEditDecision
  }

  static let five = TextLimit(maxLength: 5)

  static let examples: [Example] = [
    Example(
      description: "abcd, caret 2, insert XYZ", limit: five, text: "abcd",
      range: NSRange(location: 2, length: 0), replacement: "XYZ",
      expected: .replace(text: "abXcd", selectedRange: NSRange(location: 3, length: 0))),
    Example(
      description: "abcd, caret 4, paste family+xyz", limit: five, text: "abcd",
      range: NSRange(location: 4, length: 0), replacement: "👨‍👩‍👧‍👦xyz",
      expected: .replace(text: "abcd👨‍👩‍👧‍👦", selectedRange: NSRange(location: 15, length: 0))),
    Example(
      description: "abcde, caret 2, insert x", limit: five, text: "abcde",
      range: NSRange(location: 2, length: 0), replacement: "x", expected: .reject),
    Example(
      description: "abcde, select 1..<3, type XYZ", limit: five, text: "abcde",
      range: NSRange(location: 1, length: 2), replacement: "XYZ",
      expected: .replace(text: "aXYde", selectedRange: NSRange(location: 3, length: 0))),
    Example(
      description: "UTF-16 max 10: abcdefgh, caret 8, insert thumbs up with skin tone",
      limit: TextLimit(maxLength: 10, unit: .utf16), text: "abcdefgh",
      range: NSRange(location: 8, length: 0), replacement: "👍🏽", expected: .reject),
    Example(
      description: "abc, delete a stale range {1, 9}", limit: five, text: "abc",
      range: NSRange(location: 1, length: 9), replacement: "",
      expected: .replace(text: "a", selectedRange: NSRange(location: 1, length: 0))),
  ]

  @Test(arguments: examples)
  func shouldChange(_ example: Example) {
    let decision = example.limit.shouldChangeText(
      example.text, in: example.range, replacementText: example.replacement,
      markedTextRange: example.marked)
    #expect(decision == example.expected)
  }

  /// `abcd` + marked `nihao`, commit `你好` → `abcd你`, caret 5.
  @Test func committingPinyinOverTheLimitKeepsWhatFits() {
    let limit = Self.five
    // While composing, the marked text may go over the limit.
    #expect(
      limit.shouldChangeText(
        "abcdnihao", in: NSRange(location: 4, length: 5), replacementText: "nihao",
        markedTextRange: NSRange(location: 4, length: 5)) == .accept)
    #expect(
      limit.textDidChange(
        "abcdnihao", selectedRange: NSRange(location: 9, length: 0),
        markedTextRange: NSRange(location: 4, length: 5)) == nil)
    // The input method commits 你好 (no marked text any more): the overflow goes.
    let correction = limit.textDidChange(
      "abcd你好", selectedRange: NSRange(location: 6, length: 0), markedTextRange: nil)
    #expect(
      correction
        == TextCorrection(
          text: "abcd你", selectedRange: NSRange(location: 5, length: 0),
          replacedRange: NSRange(location: 5, length: 1), replacement: ""))
  }
}
