import Foundation
import TestSupport
import Testing
import TextCount

@testable import TextLimit

/// Edits of several ranges: iOS 26's multi-range hooks (one string, put in the range the field
/// picks, the others deleted) and AppKit's (a string per range), in the stateless engine, the
/// limiter and the simulated fields; and the iOS 26 input-method commit reported as an empty
/// range after the marked text.
@Suite struct MultiRangeTests {
  static func r(_ location: Int, _ length: Int) -> NSRange {
    NSRange(location: location, length: length)
  }

  /// Hand-worked cases, each result written out from the rules.
  static let cases:
    [(text: String, ranges: [NSRange], strings: [String], max: Int, expected: String?, why: String)] =
      [
        // UIKit, one string.
        ("abcdef", [r(1, 1), r(4, 1)], ["XY"], 6, nil, "fits wherever it goes: accepted"),
        ("abcdef", [r(1, 1), r(4, 1)], ["XYZ"], 6, "aXYcdf", "two deleted, XY of XYZ fits"),
        ("abcdef", [r(1, 1), r(4, 1)], ["XYZ"], 5, "aXcdf", "two deleted, X of XYZ fits"),
        ("abcdef", [r(1, 1), r(4, 1)], [""], 2, nil, "a deletion, even over the limit"),
        ("abcdef", [r(0, 1), r(5, 1)], ["👍🏽👍🏽"], 5, "👍🏽bcde", "a cluster stays whole"),
        ("abcdef", [r(1, 1), r(4, 1)], ["XYZ"], 4, nil, "nothing of it fits: rejected"),
        ("abcdef", [r(1, 2), r(2, 2)], ["Q"], 6, "aQef", "overlapping ranges: one, applied"),
        // AppKit, a string per range.
        ("abcdef", [r(1, 1), r(4, 1)], ["X", "Y"], 6, nil, "fits: accepted"),
        ("abcdef", [r(1, 1), r(4, 1)], ["XY", "ZW"], 7, "aXYcdZf", "the first keeps all"),
        ("abcdef", [r(1, 1), r(4, 1)], ["XYZ", "W"], 7, "aXYZcdf", "the second keeps none"),
        ("abcdef", [r(1, 1), r(4, 1)], ["X", "Y"], 4, nil, "nothing fits: rejected"),
      ]

  @Test(arguments: cases.indices)
  func handWorkedCases(_ index: Int) {
    let example = Self.cases[index]
    let limit = TextLimit(maxLength: example.max)
    let decision =
      example.strings.count == 1
      ? limit.shouldChangeText(
        example.text, in: example.ranges, replacementText: example.strings[0])
      : limit.shouldChangeText(example.text, in: example.ranges, replacementTexts: example.strings)
    switch (decision, example.expected) {
    case (.replace(let text, _), let expected?): #expect(text == expected, "\(example.why)")
    case (.accept, nil):
      #expect(!example.why.contains("rejected"), "\(example.why)")
    case (.reject, nil): #expect(example.why.contains("rejected"), "\(example.why)")
    default: Issue.record("\(example.why): \(decision)")
    }
  }

  /// The stateless hook against `EditOracle`'s linear scans, and the limiter against the
  /// stateless hook, on random texts, limits, two or three ranges (anywhere, stale ones
  /// among them) and replacements, in both forms.
  @Test(arguments: [true, false])
  func decisionsMatchTheOracle(_ oneString: Bool) {
    let seed: UInt64 = oneString ? 0x3A17_0001 : 0x3A17_0002
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(6_000) {
      let limit = RandomEdits.limit(using: &random)
      let text = RandomEdits.text(for: limit, using: &random)
      let ranges = (0..<Int.random(in: 2...3, using: &random)).map { _ in
        RandomEdits.range(in: text, using: &random)
      }
      let strings = (0..<(oneString ? 1 : ranges.count)).map { _ in
        RandomEdits.string(maxPieces: 3, using: &random)
      }
      let context =
        "seed \(seed) #\(iteration): \(limit) \(text.debugDescription) \(ranges) \(strings)"
      let decision: TextEditDecision
      let expected: TextEditDecision
      // Text over the limit is text the program set, which the limiter keeps (rule 8) and the
      // stateless hook does not know of: the two decide alike on text within the limit.
      let limiter = TextLimiter(limit: limit, text: limit.truncated(text))
      let limiterDecision: TextEditDecision
      if oneString {
        decision = limit.shouldChangeText(text, in: ranges, replacementText: strings[0])
        expected = EditOracle.expectedDecision(
          limit, text: text, ranges: ranges, oneString: strings[0])
        limiterDecision = limiter.shouldChangeText(in: ranges, replacementText: strings[0])
      } else {
        decision = limit.shouldChangeText(text, in: ranges, replacementTexts: strings)
        expected = EditOracle.expectedDecision(limit, text: text, ranges: ranges, strings: strings)
        limiterDecision = limiter.shouldChangeText(in: ranges, replacementTexts: strings)
      }
      #expect(decision == expected, "\(context)")
      if limit.isWithinLimit(text) {
        #expect(limiterDecision == decision, "limiter: \(context)")
      }
      if decision != expected { return }
    }
  }

  /// Random sessions on the multi-range fields: edits of several ranges among typing,
  /// deleting, composing; after each multi-range edit the text is one of the results the edit
  /// allows (each range's string a prefix of what was offered, the text between and around the
  /// ranges untouched), no count grew past its rule, and the limiter's copy is the field's text.
  @Test(arguments: [SimulatedTextField.Kind.uiKitMultiRange, .appKitTextViewMultiRange])
  func multiRangeSessionsKeepTheirPromises(_ kind: SimulatedTextField.Kind) {
    let seed: UInt64 = 0x3A17_0003
    var random = SeededGenerator(seed: seed)
    for session in 0..<testIterations(1_500) {
      let limit = RandomEdits.limit(using: &random)
      let field = SimulatedTextField(
        limit: limit, text: RandomEdits.text(for: limit, using: &random), kind: kind)
      field.randomness = SeededGenerator(seed: seed &+ UInt64(session))
      var log: [String] = []
      for _ in 0..<8 {
        let before = field.text
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          let piece = RandomEdits.string(maxPieces: 3, using: &random)
          log.append("type \(piece.debugDescription)")
          field.insert(piece)
        case 1:
          log.append("backspace")
          field.deleteBackward()
        default:
          let ranges = EditOracle.disjointRanges(in: before, count: 2, using: &random)
          let strings = (0..<(kind == .uiKitMultiRange ? 1 : ranges.count)).map { _ in
            RandomEdits.string(maxPieces: 3, using: &random)
          }
          log.append("replace \(ranges) with \(strings)")
          field.replace(ranges: ranges, with: strings)
          let context = "seed \(seed) session \(session) \(kind) \(limit): \(log)"
          #expect(
            EditOracle.isAllowedResult(
              field.text, of: before, ranges: ranges, strings: strings,
              oneString: kind == .uiKitMultiRange, allowsEmoji: limit.allowsEmoji),
            "not a result the edit allows: \(field.text.debugDescription) \(context)")
          for rule in limit.rules {
            let allowed = max(rule.maxLength, EditOracle.length(before, in: rule.unit))
            #expect(
              EditOracle.length(field.text, in: rule.unit) <= allowed
                || strings.allSatisfy(\.isEmpty),
              "\(rule.unit) grew: \(context)")
          }
        }
        #expect(field.limiter.text == field.text, "copy out of sync: \(log)")
      }
    }
  }

  /// iOS 26 reports an input method's commit as an empty range just after the marked text:
  /// counted as an insertion there, the marked text would count twice. With the composition
  /// policy `.enforced`, "王" replacing the marked "ㄨㄤ" fits a limit of 3 after "ab".
  @Test func theIOS26CommitReplacesTheMarkedText() {
    var limit = TextLimit(maxLength: 3)
    limit.composition = .enforced
    let marked = NSRange(location: 2, length: 2)
    #expect(
      limit.shouldChangeText(
        "abㄨㄤ", in: [NSRange(location: 4, length: 0)], replacementText: "王",
        markedTextRange: marked) == .accept)
    // The same commit of two characters: one fits.
    let decision = limit.shouldChangeText(
      "abㄨㄤ", in: [NSRange(location: 4, length: 0)], replacementText: "王子",
      markedTextRange: marked)
    #expect(decision == .replace(text: "ab王", selectedRange: NSRange(location: 3, length: 0)))
    // The one-range hook never gets such a commit (iOS 18 sent the marked range): an empty
    // range there is an insertion, as it says.
    #expect(
      limit.shouldChangeText(
        "abㄨㄤ", in: NSRange(location: 4, length: 0), replacementText: "王",
        markedTextRange: marked) == .reject)
  }

  /// On the simulated iOS 26 field, compositions and commits end as on iOS 18.
  @Test func compositionsEndAsOnEarlierSystems() {
    for policy in [CompositionPolicy.truncateAfterCompositionEnds, .enforced] {
      var results: [String] = []
      for kind in [SimulatedTextField.Kind.uiKit, .uiKitMultiRange] {
        var limit = TextLimit(maxLength: 4)
        limit.composition = policy
        let field = SimulatedTextField(limit: limit, text: "ab", kind: kind)
        for marked in ["w", "wa", "wan", "wang"] { field.setMarkedText(marked) }
        field.commit("王")
        field.setMarkedText("z")
        field.commit("子子")
        results.append(field.text)
        #expect(field.limiter.text == field.text)
      }
      #expect(results[0] == results[1], "\(policy): \(results)")
      // Enforced, "wan" is cut to "wa", which ends the composition; "王" then has no room.
      #expect(results[0] == (policy == .enforced ? "abwa" : "ab王子"), "\(policy)")
    }
  }
}
