/// Finds grapheme-cluster boundaries in a stream of scalars, one scalar at a time.
///
/// Each backend provides one; the counting loop is specialized for each, so the choice of backend
/// costs nothing per scalar.
protocol _GraphemeSegmenter: Sendable {
  /// A segmenter at the start of text.
  init()

  /// Feeds the next scalar (a valid Unicode scalar value) and tells whether a boundary precedes
  /// it. The first call always returns `true`.
  /// - Complexity: O(1).
  mutating func hasBreak(before scalar: UInt32) -> Bool

  /// Feeds eight ASCII bytes at once (`word`, little-endian) and returns how many of them a
  /// boundary precedes.
  /// - Complexity: O(1) where the backend can; eight `hasBreak` calls by default.
  mutating func breaks(inASCIIWord word: UInt64) -> Int

  /// `hasBreak(before:)` for a scalar known to be of class Other with no flags (CJK ideographs
  /// U+4000–U+9FFF), which a backend may answer without looking it up.
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool

  /// Widths and Extended_Pictographic, for the cluster-level units.
  static var scalarProperties: _ScalarProperties { get }

  /// A cluster's scalars in NFC (NFKC with `compatibility`).
  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32]
}

extension _GraphemeSegmenter {
  @inline(__always)
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool { hasBreak(before: scalar) }

  @inline(__always)
  mutating func breaks(inASCIIWord word: UInt64) -> Int {
    var count = 0
    var rest = word
    for _ in 0..<8 {
      if hasBreak(before: UInt32(rest & 0xFF)) { count &+= 1 }
      rest &>>= 8
    }
    return count
  }
}
