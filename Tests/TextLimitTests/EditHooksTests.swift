import Foundation
import TestSupport
import Testing
import TextCount
import TextLimit

/// The hooks given as an edit (`TextLimiter+Edits`, what the web's field limiter calls) against
/// the whole-text hooks on the same texts: two limiters, one told the whole text after each
/// change, the other only what changed, found as the web finds it (the common UTF-16 prefix and
/// suffix of the texts), give the same corrections, texts, counters and events.
@Suite struct EditHooksTests {
  /// What changed from `old` to `new` as JavaScript/src/field.js finds it: the longest common
  /// prefix of UTF-16 units, then the longest common suffix of what is left, neither ending
  /// inside a surrogate pair.
  static func difference(_ old: String, _ new: String) -> (range: NSRange, replacement: String) {
    let (a, b) = (Array(old.utf16), Array(new.utf16))
    let isLow = { (units: [UInt16], at: Int) in
      at < units.count && UTF16.isTrailSurrogate(units[at])
    }
    var start = 0
    while start < min(a.count, b.count) && a[start] == b[start] { start += 1 }
    if start > 0 && (isLow(a, start) || isLow(b, start)) { start -= 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - start
      && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    if suffix > 0 && isLow(a, a.count - suffix) { suffix -= 1 }
    return (
      NSRange(location: start, length: a.count - suffix - start),
      String(decoding: b[start..<(b.count - suffix)], as: UTF16.self)
    )
  }

  /// One random step: the program changes the text, or a change bypasses the will-change hook
  /// (with or without a composition running), or a keystroke is decided first.
  @Test(arguments: 0..<8)
  func theEditHooksEqualTheWholeTextHooks(_ seedIndex: Int) {
    let seed = UInt64(4600 + seedIndex)
    var random = SeededGenerator(seed: seed)
    for _ in 0..<testIterations(60) {
      let limit = RandomEdits.limit(using: &random)
      let start = RandomEdits.text(for: limit, using: &random)
      let whole = TextLimiter(limit: limit, text: start)
      let edits = TextLimiter(limit: limit, text: start)
      var wholeEvents: [LimitEvent.Reason] = []
      var editEvents: [LimitEvent.Reason] = []
      whole.onLimitReached = { wholeEvents.append($0.reason) }
      edits.onLimitReached = { editEvents.append($0.reason) }
      var text = start
      var marked: NSRange? = nil
      for _ in 0..<12 {
        let range = RandomEdits.range(in: text, using: &random, stale: false)
        let replacement = RandomEdits.string(maxPieces: 3, using: &random)
        let changed = text.replacingUTF16(range, with: replacement)
        let caret = NSRange(location: range.location + replacement.utf16.count, length: 0)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          whole.synchronize(with: changed)
          let found = Self.difference(text, changed)
          edits.synchronize(replacing: found.range, with: found.replacement)
          text = changed
          marked = nil
        case 1, 2:
          let composing =
            limit.composition == .truncateAfterCompositionEnds
            && Int.random(in: 0..<3, using: &random) == 0
          let markedNow =
            composing ? NSRange(location: range.location, length: replacement.utf16.count) : nil
          let fromWhole = whole.textDidChange(
            changed, selectedRange: caret, markedTextRange: markedNow)
          let found = Self.difference(text, changed)
          let fromEdit = edits.textDidChange(
            replacing: found.range, with: found.replacement, selectedRange: caret,
            markedTextRange: markedNow)
          #expect(fromWhole == fromEdit, "seed \(seed): \(changed.debugDescription)")
          text = fromWhole?.text ?? changed
          marked = markedNow
        default:
          let fromWhole = whole.shouldChangeText(
            in: range, replacementText: replacement, markedTextRange: marked)
          let fromEdit = edits.shouldChangeEdit(
            in: range, replacementText: replacement, markedTextRange: marked)
          switch fromWhole {
          case .accept:
            #expect(fromEdit == nil, "seed \(seed)")
            text = changed
          case .reject:
            #expect(fromEdit?.replacement == nil && fromEdit != nil, "seed \(seed)")
          case .replace(let result, let selected):
            #expect(
              fromEdit.map { text.replacingUTF16($0.range, with: $0.replacement ?? "") } == result,
              "seed \(seed)")
            #expect(fromEdit?.selectedRange == selected, "seed \(seed)")
            text = result
          }
        }
        #expect(whole.text == text && edits.text == text, "seed \(seed)")
        #expect(whole.counter == edits.counter, "seed \(seed)")
        #expect(whole.isOverLimit == edits.isOverLimit, "seed \(seed)")
      }
      #expect(wholeEvents == editEvents, "seed \(seed)")
    }
  }
}
