import Foundation

/// A UIKit range turned into `String` indices, repaired as rule 9 says: clamped to the text, and
/// an edge inside a surrogate pair moved to a scalar boundary (an empty range moves after the
/// scalar; a non-empty range widens to cover it). Never traps, whatever the range.
struct _EditRange {
  var bounds: Range<String.Index>
  /// The repaired range, in UTF-16 offsets.
  var utf16: Range<Int>
  /// Whether the repaired range differs from the one given.
  var wasRepaired: Bool

  /// - Complexity: O(n) in the offsets (O(1) for strings bridged from `NSString`).
  init(_ range: NSRange, in text: String) {
    let utf16 = text.utf16
    let length = utf16.count
    let location = range.location == NSNotFound ? length : min(max(range.location, 0), length)
    let (end, overflow) = location.addingReportingOverflow(max(range.length, 0))
    let upper = overflow ? length : min(end, length)
    var lowerIndex = utf16.index(utf16.startIndex, offsetBy: location)
    var upperIndex = utf16.index(lowerIndex, offsetBy: upper - location)
    if lowerIndex == upperIndex {
      if !Self.isScalarBoundary(lowerIndex, in: text) {
        lowerIndex = utf16.index(after: lowerIndex)
        upperIndex = lowerIndex
      }
    } else {
      if !Self.isScalarBoundary(lowerIndex, in: text) { lowerIndex = utf16.index(before: lowerIndex) }
      if !Self.isScalarBoundary(upperIndex, in: text) { upperIndex = utf16.index(after: upperIndex) }
    }
    bounds = lowerIndex..<upperIndex
    let lowerOffset = utf16.distance(from: utf16.startIndex, to: lowerIndex)
    self.utf16 = lowerOffset..<(lowerOffset + utf16.distance(from: lowerIndex, to: upperIndex))
    wasRepaired = self.utf16 != location..<upper || range.location != location || range.length != upper - location
  }

  static func isScalarBoundary(_ index: String.Index, in text: String) -> Bool {
    index.samePosition(in: text.unicodeScalars) != nil
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
