import Foundation
import TextCount
import TextLimit

/// TextLimit's hooks on fuzzer-built states: a text, a limit, a range (often stale) and a
/// replacement. Never a crash; a decision keeps the text within the limit (unless it deletes),
/// leaves the text outside the repaired range alone, puts the caret on a boundary; the limiter
/// decides as the stateless hook, for one range and for several; `textDidChange` brings any text
/// within the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextLimit(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 6 else { return 0 }
  let units = TextUnit.allCases
  var rules = [TextLimit.Rule(maxLength: Int(data[0] % 24), unit: units[Int(data[1]) % 4])]
  if data[1] & 0x80 != 0 {
    rules.append(.init(maxLength: Int(data[2] % 40), unit: units[Int(data[2]) % 4]))
  }
  var limit = TextLimit(rules)
  if data[3] & 1 != 0 { limit.composition = .enforced }
  if data[3] & 2 != 0 { limit.allowsEmoji = false }
  // The rest: text | replacement, split at the first 0xFF byte (or the middle).
  let rest = Array(UnsafeBufferPointer(start: data + 6, count: size - 6))
  let split = rest.firstIndex(of: 0xFF) ?? rest.count / 2
  let text = limit.truncated(String(decoding: rest[..<split], as: UTF8.self))
  let replacement = String(decoding: rest[min(split + 1, rest.count)...], as: UTF8.self)
  let length = text.utf16.count
  let range = NSRange(location: Int(data[4]) % (length + 3), length: Int(data[5]) % 7)
  let marked: NSRange? = data[3] & 4 != 0 ? NSRange(location: 0, length: length) : nil

  let decision = limit.shouldChangeText(
    text, in: range, replacementText: replacement, markedTextRange: marked)
  let limiter = TextLimiter(limit: limit, text: text)
  precondition(
    limiter.shouldChangeText(in: range, replacementText: replacement, markedTextRange: marked)
      == decision,
    "the limiter decides differently")
  if case .replace(let result, let selection) = decision {
    precondition(selection.length == 0 && selection.location <= result.utf16.count, "caret outside")
    let caret = result.utf16.index(result.startIndex, offsetBy: selection.location)
    precondition(
      caret == result.endIndex || result.indices.contains(caret), "caret inside a cluster")
    if marked == nil || limit.composition == .enforced, !replacement.isEmpty, result != text {
      precondition(limit.isWithinLimit(result) || !limit.isWithinLimit(text), "over the limit")
    }
    let lower = min(max(range.location, 0), length)
    let before = text.utf16.prefix(max(0, lower - 1))
    precondition(result.utf16.starts(with: before), "text before the range changed")
  }
  // Several ranges, in iOS 26's form (one string, the field picks the range) and AppKit's (a
  // string per range): never a crash; the limiter decides as the stateless hook; a result's
  // caret is on a cluster boundary.
  let ranges = [range, NSRange(location: Int(data[5]) % (length + 3), length: Int(data[4]) % 5)]
  let strings = [replacement, String(replacement.unicodeScalars.prefix(3))]
  let multi = limit.shouldChangeText(
    text, in: ranges, replacementText: replacement, markedTextRange: marked)
  precondition(
    TextLimiter(limit: limit, text: text).shouldChangeText(
      in: ranges, replacementText: replacement, markedTextRange: marked) == multi,
    "the limiter decides a multi-range edit differently")
  let each = limit.shouldChangeText(
    text, in: ranges, replacementTexts: strings, markedTextRange: marked)
  precondition(
    TextLimiter(limit: limit, text: text).shouldChangeText(
      in: ranges, replacementTexts: strings, markedTextRange: marked) == each,
    "the limiter decides a multi-range edit of AppKit's form differently")
  for decision in [multi, each] {
    if case .replace(let result, let selection) = decision {
      let caret = result.utf16.index(result.startIndex, offsetBy: selection.location)
      precondition(
        caret == result.endIndex || result.indices.contains(caret), "caret inside a cluster")
    }
  }
  if let correction = limit.textDidChange(
    text + replacement, selectedRange: NSRange(location: length, length: 0))
  {
    precondition(limit.isWithinLimit(correction.text), "a correction over the limit")
  }
  return 0
}
