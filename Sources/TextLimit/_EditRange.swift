#if !hasFeature(Embedded)
  import Foundation
#endif

/// Rule 9's repair, on UTF-16 offsets: clamp `range` to a text of `length` units, then move an
/// edge inside a surrogate pair to a scalar boundary (an empty range moves after the scalar; a
/// non-empty range widens to cover it). Never traps, whatever the range. Both documents
/// (`_StringDocument`, `_ChunkedText`) repair through this, each telling where pairs are.
/// - Parameter isInsideSurrogatePair: Whether an offset in `1..<length` falls between the two
///   halves of a pair.
func _repairedRange(
  _ range: NSRange, length: Int, isInsideSurrogatePair: (Int) -> Bool
) -> (range: Range<Int>, wasRepaired: Bool) {
  let location = range.location == NSNotFound ? length : min(max(range.location, 0), length)
  let (end, overflow) = location.addingReportingOverflow(max(range.length, 0))
  var lower = location
  var upper = overflow ? length : min(end, length)
  func inside(_ offset: Int) -> Bool {
    offset > 0 && offset < length && isInsideSurrogatePair(offset)
  }
  if lower == upper {
    if inside(lower) {
      lower += 1
      upper = lower
    }
  } else {
    if inside(lower) { lower -= 1 }
    if inside(upper) { upper += 1 }
  }
  return (lower..<upper, lower != range.location || upper - lower != range.length)
}

/// A UIKit range turned into `String` indices, repaired by `_repairedRange`.
struct _EditRange {
  var bounds: Range<String.Index>
  /// The repaired range, in UTF-16 offsets.
  var utf16: Range<Int>
  /// Whether the repaired range differs from the one given.
  var wasRepaired: Bool

  /// - Complexity: O(n) in the offsets (O(1) for strings bridged from `NSString`).
  init(_ range: NSRange, in text: String) {
    let view = text.utf16
    (utf16, wasRepaired) = _repairedRange(range, length: view.count) { offset in
      UTF16.isTrailSurrogate(view[view.index(view.startIndex, offsetBy: offset)])
    }
    let lower = view.index(view.startIndex, offsetBy: utf16.lowerBound)
    bounds = lower..<view.index(lower, offsetBy: utf16.count)
  }
}

extension String {
  /// The start of the grapheme cluster that contains `index` (or `index` at the end).
  func _roundedDownToCharacter(_ index: String.Index) -> String.Index {
    index == endIndex ? index : self.index(before: self.index(after: index))
  }

  /// A caret at UTF-16 `offset`, moved forward to the end of the grapheme cluster it falls in
  /// (a kept prefix can end where a following mark joins it), so it is never inside a cluster.
  /// - Complexity: O(offset) (O(1) for strings bridged from `NSString`).
  func _caretOnBoundary(atUTF16Offset offset: Int) -> NSRange {
    let index = utf16.index(utf16.startIndex, offsetBy: offset)
    let rounded = _roundedDownToCharacter(index)
    return .caret(at: rounded == index ? offset : _utf16Offset(of: self.index(after: rounded)))
  }

  /// The UTF-16 offset of `index`.
  func _utf16Offset(of index: String.Index) -> Int {
    utf16.distance(from: utf16.startIndex, to: index)
  }
}

extension NSRange {
  /// A collapsed selection (a caret) at a UTF-16 offset.
  static func caret(at offset: Int) -> NSRange { NSRange(location: offset, length: 0) }
}
