extension _UTF8Scanner {
  /// The length in bytes of the longest prefix of `bytes` holding at most `maxClusters` grapheme
  /// clusters: where the first scalar of the next cluster starts, found by the counting loop
  /// itself, kernels included, stopping there (see `scanGraphemes`). An unfinished scalar at the
  /// very end (bytes, not a `String`) is one U+FFFD.
  ///
  /// For a fresh scanner counting `.graphemes` without normalization; `bytes` is the whole text.
  /// The scanner is not to be used after.
  /// - Complexity: O(length of the prefix + 128): the kernels read from each point about as far
  ///   as the clusters still allowed reach at the bytes per cluster seen before it, which is
  ///   past the cut only where the text grows denser (from 128 bytes of kernel reach; within a
  ///   small multiple of the prefix's length).
  mutating func graphemePrefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxClusters: Int
  ) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    let total = bytes.count
    // A cluster takes a byte at least: a limit of `total` or more (`Int.max` too) keeps all.
    guard maxClusters < total else { return total }
    let end = scanGraphemes(base, from: 0, to: total, stoppingAfter: maxClusters)
    guard end.isUnfinished else { return end.index }
    return addsClusterAtUnfinishedEnd() && count > maxClusters ? end.index : total
  }
}
