import Foundation
import TestSupport
import Testing
import TextCount
import TextLimit

/// Seeded random edit scripts (inserts, pastes, deletes, replaces, compositions, commits,
/// edits that bypass the delegate, stale ranges) on random texts, limits and units.
@Suite struct EditPropertyTests {
  /// The stateless hook, on every random edit: the decision keeps the text within the limit,
  /// never touches text outside the edited range, never splits a cluster, puts the caret on a
  /// boundary, and `textDidChange` then has nothing to correct.
  @Test func shouldChangeKeepsItsPromises() {
    let seed: UInt64 = 0x7E57_0001
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(12_000) {
      let limit = RandomEdits.limit(using: &random)
      let text = limit.truncated(RandomEdits.string(maxPieces: 10, using: &random))
      let range = RandomEdits.range(in: text.utf16.count, using: &random)
      let replacement = RandomEdits.string(maxPieces: 6, using: &random)
      let context =
        "seed \(seed) #\(iteration): \(limit) \(text.debugDescription) \(range) \(replacement.debugDescription)"
      if ProcessInfo.processInfo.environment["TRACE_EDITS"] != nil { print("CASE", context) }
      let decision = limit.shouldChangeText(text, in: range, replacementText: replacement)
      let repaired = text.repairedRange(range)
      var result = text
      var caret: Int
      switch decision {
      case .reject:
        continue
      case .accept:
        #expect(
          repaired == range.location..<(range.location + range.length),
          "accept with a range needing repair: \(context)")
        result = text.replacingUTF16(range, with: replacement)
        caret = range.location + replacement.utf16.count
      case .replace(let newText, let selection):
        result = newText
        caret = selection.location
        #expect(selection.length == 0)
      }
      #expect(limit.isWithinLimit(result) || replacement.isEmpty, "over the limit: \(context)")
      // Outside the repaired range nothing changes.
      let before = Array(text.utf16.prefix(repaired.lowerBound))
      let after = Array(text.utf16.suffix(text.utf16.count - repaired.upperBound))
      #expect(Array(result.utf16.prefix(before.count)) == before, "text before altered: \(context)")
      #expect(Array(result.utf16.suffix(after.count)) == after, "text after altered: \(context)")
      // Nothing split: what was inserted is a prefix of the (emoji-filtered) replacement ending
      // on a cluster boundary, and the caret follows it.
      let inserted = String(
        decoding: result.utf16.dropFirst(before.count).dropLast(after.count), as: UTF16.self)
      let offered = limit.allowsEmoji ? replacement : String(replacement.filter { !isEmoji($0) })
      #expect(
        offered.utf8.starts(with: inserted.utf8), "not a prefix of the replacement: \(context)")
      // The caret follows the insertion, moved to the end of a cluster a following mark joined.
      if case .replace = decision {
        let afterInsertion = repaired.lowerBound + inserted.utf16.count
        let boundary = (afterInsertion...result.utf16.count).first {
          result.isCharacterBoundary(utf16Offset: $0)
        }
        #expect(caret == boundary, "caret not after the insertion: \(context)")
      }
      let lastBefore = String(decoding: text.utf16.prefix(repaired.lowerBound), as: UTF16.self).last
      #expect(
        inserted.isEmpty || inserted == offered
          || isClusterPrefix(inserted, of: offered, after: lastBefore.map(String.init) ?? ""),
        "split a cluster: \(context)")
      if limit.isWithinLimit(result) {
        #expect(
          limit.textDidChange(result, selectedRange: NSRange(location: caret, length: 0)) == nil)
      }
    }
  }

  /// Whether `prefix` ends where a cluster of `context + whole` ends.
  func isClusterPrefix(_ prefix: String, of whole: String, after context: String) -> Bool {
    let target = (context + prefix).utf8.count
    var offset = 0
    for character in context + whole {
      offset += character.utf8.count
      if offset == target { return true }
      if offset > target { return false }
    }
    return offset == target
  }

  /// The documented emoji rule: emoji presentation, a flag letter, a keycap, or U+FE0F right
  /// after an emoji-capable scalar in the same cluster.
  func isEmoji(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    return scalars.indices.contains { index in
      let scalar = scalars[index]
      return scalar.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(scalar.value)
        || scalar.value == 0x20E3
        || (scalar.value == 0xFE0F && index > 0 && scalars[index - 1].properties.isEmoji)
    }
  }

  /// Random sessions on the simulated field driven by a `TextLimiter`: after every committed
  /// edit the text is within every limit, the limiter's copy equals the field's text, and the
  /// caret is inside the text.
  @Test func limiterSessionsStayWithinTheLimit() {
    let seed: UInt64 = 0x7E57_0002
    var random = SeededGenerator(seed: seed)
    for session in 0..<testIterations(10_000) {
      let limit = RandomEdits.limit(using: &random)
      let field = SimulatedTextField(
        limit: limit, text: limit.truncated(RandomEdits.string(maxPieces: 8, using: &random)))
      if ProcessInfo.processInfo.environment["TRACE_EDITS"] != nil {
        print(
          "STEP", session, "start", field.text.debugDescription, field.limiter.text.debugDescription
        )
      }
      var log: [String] = ["start \(field.text.debugDescription)"] {
        didSet {
          if ProcessInfo.processInfo.environment["TRACE_EDITS"] != nil {
            print("STEP", session, log.last!)
          }
        }
      }
      for _ in 0..<8 {
        let length = field.text.utf16.count
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3:
          let piece = RandomEdits.string(maxPieces: 3, using: &random)
          log.append("insert \(piece.debugDescription)")
          field.insert(piece)
        case 3:
          let piece = RandomEdits.string(maxPieces: 12, using: &random)
          log.append("paste \(piece.debugDescription)")
          field.insert(piece)
        case 4:
          log.append("backspace")
          field.deleteBackward()
        case 5:
          let location = Int.random(in: 0...length, using: &random)
          let range = NSRange(
            location: location, length: Int.random(in: 0...(length - location), using: &random))
          let snapped =
            Range(range, in: field.text).map { NSRange($0, in: field.text) }
            ?? NSRange(location: length, length: 0)
          log.append("select \(snapped)")
          field.select(snapped)
        case 6..<8:
          var marked = ""
          for _ in 0..<Int.random(in: 1...4, using: &random) {
            marked += RandomEdits.pieces.randomElement(using: &random)!
            log.append("mark \(marked.debugDescription)")
            field.setMarkedText(marked)
          }
          let committed = RandomEdits.string(maxPieces: 3, using: &random)
          log.append("commit \(committed.debugDescription)")
          field.commit(committed)
        case 8:
          let location = Int.random(in: 0...length, using: &random)
          let range =
            Range(NSRange(location: location, length: 0), in: field.text).map {
              NSRange($0, in: field.text)
            } ?? NSRange(location: length, length: 0)
          let piece = RandomEdits.string(maxPieces: 2, using: &random)
          log.append("autocorrect \(range) \(piece.debugDescription)")
          field.replaceBypassingDelegate(range, with: piece)
        default:
          let text = RandomEdits.string(maxPieces: 6, using: &random)
          log.append("program sets \(text.debugDescription)")
          field.setTextProgrammatically(text)
        }
        let context = "seed \(seed) session \(session) \(limit): \(log)"
        #expect(field.limiter.text == field.text, "copy out of sync: \(context)")
        #expect(
          field.text.isCharacterBoundary(utf16Offset: field.caret),
          "caret off a boundary: \(context)")
        if field.limitHostMarkedTextRange == nil && limit.isWithinLimit(field.text) {
          #expect(
            field.limiter.textDidChange(field.text, selectedRange: field.limitHostSelectedRange)
              == nil,
            "a valid state was corrected: \(context)")
        }
        if field.limitHostMarkedTextRange == nil && !log.last!.hasPrefix("program") {
          #expect(
            limit.isWithinLimit(field.text)
              || field.events.contains { $0.reason == .programmaticTextTruncated }
              || log.contains { $0.hasPrefix("program") },
            "over the limit: \(context)")
        }
      }
    }
  }

  /// The limiter decides exactly as the stateless hook does, on the same text.
  @Test func limiterDecidesAsTheStatelessHook() {
    let seed: UInt64 = 0x7E57_0003
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<testIterations(10_000) {
      let limit = RandomEdits.limit(using: &random)
      let text = limit.truncated(RandomEdits.string(maxPieces: 10, using: &random))
      let range = RandomEdits.range(in: text.utf16.count, using: &random)
      let replacement = RandomEdits.string(maxPieces: 6, using: &random)
      let limiter = TextLimiter(limit: limit, text: text)
      #expect(
        limiter.shouldChangeText(in: range, replacementText: replacement)
          == limit.shouldChangeText(text, in: range, replacementText: replacement),
        "seed \(seed) #\(iteration): \(limit) \(text.debugDescription) \(range) \(replacement.debugDescription)"
      )
    }
  }
}
