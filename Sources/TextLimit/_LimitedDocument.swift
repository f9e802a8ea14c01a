import TextCount

#if !hasFeature(Embedded)
  import Foundation
#endif

/// The text an edit applies to, as the engine needs to see it: UTF-16 ranges in, lengths of a
/// result out. `_StringDocument` answers by counting the whole result (the stateless
/// `TextLimit` hooks); `_ChunkedText` answers from cached counts and a local recount
/// (`TextLimiter`), so a keystroke costs time proportional to the edit, not to the document.
protocol _LimitedDocument: Sendable {
  var utf16Count: Int { get }
  /// The range repaired as rule 9 says (clamped, surrogate pairs never split).
  func repairedRange(_ range: NSRange) -> (range: Range<Int>, wasRepaired: Bool)
  /// The grapheme cluster that ends at `offset`, if any.
  func lastCharacter(before offset: Int) -> Character?
  /// The text from `offset` up to its first certain grapheme boundary (one that holds whatever
  /// precedes it; see `_headBeforeCertainBoundary`), or to the end.
  func headBeforeCertainBoundary(from offset: Int) -> Substring
  /// The lengths, one per rule of `limit`, of the text with `range` replaced by `replacement`.
  func lengths(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring)
    -> [Int]
  /// The whole text with `range` replaced by `replacement`.
  func text(replacing range: Range<Int>, with replacement: Substring) -> String
}

extension _LimitedDocument {
  /// Whether the text with `range` replaced by `replacement` satisfies every rule of `limit`.
  func fits(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring) -> Bool {
    limit.allows(lengths(limit, replacing: range, with: replacement))
  }
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

  func headBeforeCertainBoundary(from offset: Int) -> Substring {
    _headBeforeCertainBoundary(text[index(offset)...]).head
  }

  func lengths(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring)
    -> [Int]
  {
    limit.lengths(of: text(replacing: range, with: replacement))
  }

  func text(replacing range: Range<Int>, with replacement: Substring) -> String {
    _joined(text[..<index(range.lowerBound)], replacement, text[index(range.upperBound)...])
  }
}

/// The start of `text` up to its first certain grapheme boundary: a position where a cluster
/// starts whatever precedes the scalar before it (`_SafeSplit.isCertainBoundary`), so what
/// follows it segments and counts the same whatever is put in front of `text`.
/// - Returns: The head, and whether it is all of `text` (no certain boundary was found).
/// - Complexity: O(length of the head); usually a scalar or two.
func _headBeforeCertainBoundary(_ text: Substring) -> (head: Substring, isWhole: Bool) {
  let scalars = text.unicodeScalars
  var previous: Unicode.Scalar? = nil
  for index in scalars.indices {
    let scalar = scalars[index]
    if let previous, _SafeSplit.isCertainBoundary(previous.value, scalar.value) {
      return (text[..<index], false)
    }
    previous = scalar
  }
  return (text, true)
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
