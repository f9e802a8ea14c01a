import Foundation

/// The text an edit applies to, as the engine needs to see it: UTF-16 ranges in, whether a
/// result fits out. `_StringDocument` answers by counting the whole result (the stateless
/// `TextLimit` hooks); `_ChunkedText` answers from cached counts and a local recount
/// (`TextLimiter`), so a keystroke costs time proportional to the edit, not to the document.
protocol _LimitedDocument {
  var utf16Count: Int { get }
  /// The range repaired as rule 9 says (clamped, surrogate pairs never split).
  func repairedRange(_ range: NSRange) -> (range: Range<Int>, wasRepaired: Bool)
  /// The grapheme cluster that ends at `offset`, if any.
  func lastCharacter(before offset: Int) -> Character?
  /// Whether the text with `range` replaced by `replacement` satisfies every rule of `limit`.
  func fits(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring) -> Bool
  /// The whole text with `range` replaced by `replacement`.
  func text(replacing range: Range<Int>, with replacement: Substring) -> String
}

/// A plain `String` as a document: every question counts the whole result.
struct _StringDocument: _LimitedDocument {
  let text: String

  var utf16Count: Int { text.utf16.count }

  func repairedRange(_ range: NSRange) -> (range: Range<Int>, wasRepaired: Bool) {
    let edit = _EditRange(range, in: text)
    return (edit.utf16, edit.wasRepaired)
  }

  func index(_ offset: Int) -> String.Index {
    text.utf16.index(text.startIndex, offsetBy: offset)
  }

  func lastCharacter(before offset: Int) -> Character? {
    text[..<index(offset)].last
  }

  func fits(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring) -> Bool {
    limit.isWithinLimit(text(replacing: range, with: replacement))
  }

  func text(replacing range: Range<Int>, with replacement: Substring) -> String {
    _joined(text[..<index(range.lowerBound)], replacement, text[index(range.upperBound)...])
  }
}

/// `left + middle + right` in one allocation.
func _joined(_ left: Substring, _ middle: some StringProtocol, _ right: Substring) -> String {
  var result = ""
  result.reserveCapacity(left.utf8.count + middle.utf8.count + right.utf8.count)
  result += left
  result += middle
  result += right
  return result
}
