import Foundation
import TestSupport
import Testing
import TextCount
import TextLimit

/// Seeded random edits (inserts, pastes, deletes inside and across clusters, replaces,
/// compositions, commits, edits that bypass the delegate, stale ranges, text the program sets)
/// on random texts, limits and units, each decision checked against `EditOracle`'s linear scan.
@Suite struct EditPropertyTests {
  static var tracing: Bool { ProcessInfo.processInfo.environment["TRACE_EDITS"] != nil }

  /// The stateless hook decides exactly as the linear scan: a deletion exactly as asked, the
  /// longest prefix of the replacement that fits (never splitting a cluster), a reject only
  /// when no non-empty prefix fits; `textDidChange` then has nothing to correct.
  @Test func shouldChangeKeepsTheLongestPrefixThatFits() {
    let seed: UInt64 = 0x7E57_0001
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(12_000) {
      let limit = RandomEdits.limit(using: &random)
      let text = RandomEdits.text(for: limit, using: &random)
      let range = RandomEdits.range(in: text, using: &random)
      let replacement = RandomEdits.string(maxPieces: 6, using: &random)
      let context =
        "seed \(seed) #\(iteration): \(limit) \(text.debugDescription) \(range) "
        + replacement.debugDescription
      if Self.tracing { print("CASE", context) }
      let decision = limit.shouldChangeText(text, in: range, replacementText: replacement)
      let expected = EditOracle.expectedDecision(
        limit, text: text, range: range, replacement: replacement)
      #expect(decision == expected, "\(context)")
      if case .replace(let result, let selection) = decision, EditOracle.fits(result, limit) {
        #expect(limit.textDidChange(result, selectedRange: selection) == nil, "\(context)")
      }
    }
  }

  /// Random sessions on the simulated field of every kind, driven by a `TextLimiter`, with text
  /// the program sets without telling the limiter (clears, restored drafts) among the edits.
  /// After every step of the user's:
  /// - the limiter's copy equals the field's text;
  /// - a deletion removed exactly what the user selected, nothing more, nothing less;
  /// - text outside what the user's edit replaced is untouched (for edits through the
  ///   delegate, and for what the limiter's did-change correction removes);
  /// - no count grows past both its rule and the length it had before the step (a composition
  ///   in progress aside);
  /// - while the text is within every rule before a keystroke, the field ends as the stateless
  ///   hook decides.
  @Test(arguments: SimulatedTextField.Kind.allCases)
  func limiterSessionsMatchTheOracle(_ kind: SimulatedTextField.Kind) {
    let seed: UInt64 = 0x7E57_0002
    var random = SeededGenerator(seed: seed)
    for session in 0..<testIterations(4_000) {
      let limit = RandomEdits.limit(using: &random)
      let field = SimulatedTextField(
        limit: limit, text: RandomEdits.text(for: limit, using: &random), kind: kind)
      var log = ["start \(field.text.debugDescription)"]
      // Whether the limiter has seen the text the program last set. Until it has, an edit that
      // bypasses the delegate cannot be told from the program's change (README): the checks
      // of such an edit assume the limiter's view.
      var limiterSawProgramText = true
      for _ in 0..<10 {
        let wasComposing = field.limitHostMarkedTextRange != nil
        let selection = field.limitHostSelectedRange
        let hookCalls = field.hookCalls
        let before = field.text
        // What the limiter takes the text to be, for an edit that bypasses the delegate.
        let limiterBefore = limiterSawProgramText ? before : field.limiter.text
        var check = Check.none
        switch Int.random(in: 0..<13, using: &random) {
        case 0..<3:
          let piece = RandomEdits.string(maxPieces: 3, using: &random)
          log.append("type \(piece.debugDescription) at \(selection)")
          check = wasComposing ? .none : .keystroke(selection, piece)
          field.insert(piece)
        case 3:
          let piece = RandomEdits.string(maxPieces: 12, using: &random)
          log.append("paste \(piece.debugDescription) at \(selection)")
          check = wasComposing ? .none : .keystroke(selection, piece)
          field.insert(piece)
        case 4:
          log.append("backspace at \(selection)")
          let deleted = SimulatedTextField.backspaceRange(in: before, selection)
          field.deleteBackward()
          check = wasComposing ? .none : .deletion(deleted)
        case 5:
          // A selection anywhere, even inside a cluster (a surrogate pair is never split).
          let range = RandomEdits.range(in: field.text, using: &random, stale: false)
          log.append("delete \(range)")
          field.delete(range)
          check = wasComposing ? .none : .deletion(range)
        case 6:
          let range = RandomEdits.range(in: field.text, using: &random, stale: false)
          log.append("select \(range)")
          field.select(range)
        case 7..<9:
          var marked = ""
          for _ in 0..<Int.random(in: 1...4, using: &random) {
            marked += RandomEdits.pieces.randomElement(using: &random)!
            log.append("mark \(marked.debugDescription)")
            field.setMarkedText(marked)
          }
          let committed = RandomEdits.string(maxPieces: 3, using: &random)
          log.append("commit \(committed.debugDescription)")
          field.commit(committed)
          check = wasComposing ? .none : .growth(selection)
        case 9:
          let range = RandomEdits.range(in: field.text, using: &random, stale: false)
          let piece = RandomEdits.string(maxPieces: 2, using: &random)
          log.append("autocorrect \(range) \(piece.debugDescription)")
          field.replaceBypassingDelegate(range, with: piece)
          check = wasComposing || limiterBefore != before ? .none : .growth(range)
        case 10:
          log.append("undo")
          field.undo()
        default:
          // Clears, restored drafts, inserted mentions: the program sets the text.
          let text =
            Bool.random(using: &random) ? "" : RandomEdits.string(maxPieces: 8, using: &random)
          log.append("program sets \(text.debugDescription)")
          field.programSetsText(text)
          limiterSawProgramText = false
          // NSTextField's adapter sees no will-change call: it can tell the program's text from
          // the user's edit only when editing begins (README, "What the host's text is").
          if kind == .appKitTextField || Bool.random(using: &random) {
            log.append("begin editing")
            field.beginEditing()
            limiterSawProgramText = true
          }
          continue
        }
        let context = "seed \(seed) session \(session) \(kind) \(limit): \(log)"
        if Self.tracing { print("STEP", context) }
        if field.hookCalls != hookCalls {
          #expect(field.limiter.text == field.text, "copy out of sync: \(context)")
          limiterSawProgramText = true
        }
        if field.text != before {
          #expect(
            field.text.isCharacterBoundary(utf16Offset: field.caret),
            "caret off a boundary: \(context)")
        }
        let composing = field.limitHostMarkedTextRange != nil
        switch check {
        case .none:
          break
        case .deletion(let range):
          let expected = before.replacingUTF16(range, with: "")
          #expect(
            field.text == expected, "a deletion did not remove exactly the selection: \(context)")
        case .growth(let range):
          if !composing { expectNoGrowth(limit, before, range, field.text, context) }
        case .keystroke(let range, let piece):
          if composing { break }
          expectNoGrowth(limit, before, range, field.text, context)
          if kind.asksBeforeEditing {
            expectOnlyRangeChanged(before, field.text, before.repairedRange(range), context)
          }
          if kind.asksBeforeEditing && EditOracle.fits(before, limit) {
            let expected: String
            switch EditOracle.expectedDecision(
              limit, text: before, range: range, replacement: piece)
            {
            case .accept: expected = before.replacingUTF16(range, with: piece)
            case .reject: expected = before
            case .replace(let text, _): expected = text
            }
            #expect(field.text == expected, "limiter and stateless hook differ: \(context)")
          }
        }
      }
    }
  }

  enum Check {
    case none
    /// The text must be the old one without this range.
    case deletion(NSRange)
    /// No count may grow past its rule, its previous length and its length with only the
    /// edit's deletion of this range (rule 4).
    case growth(NSRange)
    /// A keystroke through the delegate at a range, with what was typed.
    case keystroke(NSRange, String)
  }

  func expectNoGrowth(
    _ limit: TextLimit, _ before: String, _ replaced: NSRange, _ after: String, _ context: String
  ) {
    let deletedOnly = before.replacingUTF16(before.repairedRange(replaced).nsRange, with: "")
    for rule in limit.rules {
      let allowed = max(
        rule.maxLength, EditOracle.length(before, in: rule.unit),
        EditOracle.length(deletedOnly, in: rule.unit))
      #expect(
        EditOracle.length(after, in: rule.unit) <= allowed,
        "\(rule.unit) grew past \(allowed): \(after.debugDescription) \(context)")
    }
  }

  func expectOnlyRangeChanged(
    _ before: String, _ after: String, _ range: Range<Int>, _ context: String
  ) {
    let head = Array(before.utf16.prefix(range.lowerBound))
    let tail = Array(before.utf16.suffix(before.utf16.count - range.upperBound))
    #expect(Array(after.utf16.prefix(head.count)) == head, "text before altered: \(context)")
    #expect(Array(after.utf16.suffix(tail.count)) == tail, "text after altered: \(context)")
  }

  /// The limiter decides exactly as the stateless hook does, on the same text.
  @Test func limiterDecidesAsTheStatelessHook() {
    let seed: UInt64 = 0x7E57_0003
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(10_000) {
      let limit = RandomEdits.limit(using: &random)
      let text = limit.truncated(RandomEdits.string(maxPieces: 10, using: &random))
      let range = RandomEdits.range(in: text, using: &random)
      let replacement = RandomEdits.string(maxPieces: 6, using: &random)
      let limiter = TextLimiter(limit: limit, text: text)
      #expect(
        limiter.shouldChangeText(in: range, replacementText: replacement)
          == limit.shouldChangeText(text, in: range, replacementText: replacement),
        "seed \(seed) #\(iteration): \(limit) \(text.debugDescription) \(range) \(replacement)")
    }
  }
}
