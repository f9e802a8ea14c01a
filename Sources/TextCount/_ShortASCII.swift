/// Grapheme clusters of short all-ASCII text (a user name, a tag, an English title) without a
/// scanner: every ASCII byte is a cluster of its own but an LF after a CR (rule GB3), and
/// normalization changes no ASCII text. Below `maximumLength`, where the kernels do not run,
/// setting up a scanner, and the segmenter's table look-ups for each word, cost more than the
/// counting; these answer from a few word operations, or nil where a byte is not ASCII.
enum _ShortASCII {
  /// Texts of this many bytes or more go to the scanner (its kernels take over from 64).
  static let maximumLength = 64

  /// The grapheme clusters of `bytes` (any length; callers ask only below `maximumLength`), or
  /// nil if a byte is not ASCII.
  /// - Complexity: O(n), eight bytes at a time.
  @inline(__always)
  static func clusterCount(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let pairs = crlfPairs(bytes) else { return nil }
    return bytes.count &- pairs
  }

  /// The length in bytes of the longest prefix of `bytes` with at most `maxClusters` grapheme
  /// clusters (any length; callers ask below `maximumLength`), or nil if a byte is not ASCII or
  /// a CR LF pair makes a cluster of two bytes.
  /// - Complexity: O(n), eight bytes at a time.
  @inline(__always)
  static func clusterPrefixByteCount(_ bytes: UnsafeRawBufferPointer, maxClusters: Int) -> Int? {
    guard crlfPairs(bytes) == 0 else { return nil }
    return min(bytes.count, maxClusters)
  }

  /// How many CR LF pairs `bytes` holds, or nil if a byte is not ASCII.
  @inline(__always)
  private static func crlfPairs(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    guard count > 0, let base = bytes.baseAddress else { return 0 }
    var pairs = 0
    var crBefore: UInt64 = 0  // 0x80 when the last word ended with a CR
    var index = 0
    // Byte k of the text at bits 8k to 8k + 7 of a word, on any byte order.
    while true {
      var word: UInt64
      if index &+ 8 <= count {
        word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      } else if index >= count {
        break
      } else if count >= 8 {
        // The last eight bytes, shifted so that the ones already read drop out at the bottom.
        let last = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        word = UInt64(littleEndian: last) &>> (8 &* (8 &- (count &- index)))
      } else {
        word = 0
        for offset in 0..<count {
          word |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &<< (8 &* offset)
        }
      }
      guard word & 0x8080_8080_8080_8080 == 0 else { return nil }
      pairs &+= _highBitCount(_lfsAfterCR(in: word, crBefore: crBefore))
      crBefore = _asciiBytes(equalTo: 0x0D, in: word) &>> 56
      index &+= 8
    }
    return pairs
  }
}
