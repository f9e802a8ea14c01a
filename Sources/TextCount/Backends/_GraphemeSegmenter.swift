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
}
