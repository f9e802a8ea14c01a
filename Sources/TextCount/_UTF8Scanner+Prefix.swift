extension _UTF8Scanner {
  /// The length in bytes of the longest prefix of `bytes` holding at most `maxClusters` grapheme
  /// clusters, found by the counting loop itself (kernels included) rather than scalar by
  /// scalar: blocks are counted whole, from a saved copy of the scanner, and only the block in
  /// which the next cluster starts is walked scalar by scalar from that copy (from the bytes of
  /// a scalar the block edge split, if any).
  ///
  /// For a fresh scanner counting `.graphemes` without normalization; `bytes` is the whole text.
  /// - Complexity: O(length of the prefix + one block), the block at most 64 KiB and at most the
  ///   prefix's length (blocks start at 64 bytes and double).
  mutating func graphemePrefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxClusters: Int
  ) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    let total = bytes.count
    // Within one block, counting it first and walking it again costs more than walking it.
    if total <= 64 {
      // A cluster takes a byte at least: a limit of `total` or more (`Int.max` too) keeps all.
      guard maxClusters < total else { return total }
      return firstScalar(startingCluster: maxClusters &+ 1, in: base, from: 0, to: total)
    }
    var start = 0
    var blockSize = 64
    while start < total {
      let end = min(total, start &+ blockSize)
      let saved = checkpoint
      scan(UnsafeRawBufferPointer(start: base + start, count: end &- start))
      if count > maxClusters {
        // The cluster after the last one allowed starts in this block, or with the bytes of an
        // unfinished scalar carried into it: walk from there, scalar by scalar.
        restore(saved)
        let walkStart = start &- pendingByteCount
        discardPendingBytes()
        return firstScalar(startingCluster: maxClusters &+ 1, in: base, from: walkStart, to: total)
      }
      start = end
      blockSize = min(blockSize &* 2, 1 << 16)
    }
    // An unfinished scalar at the very end (bytes, not a `String`) is one more U+FFFD.
    let saved = checkpoint
    finish()
    let isOver = count > maxClusters
    restore(saved)
    return isOver ? total &- pendingByteCount : total
  }

  /// The offset of the first scalar of cluster number `cluster` (counting from 1), walking from
  /// `start` scalar by scalar, each decoded in the context of the whole text (an unfinished
  /// scalar at the end is one U+FFFD); the scanner holds the state before `start`, with no bytes
  /// pending.
  private mutating func firstScalar(
    startingCluster cluster: Int, in base: UnsafePointer<UInt8>, from start: Int, to total: Int
  ) -> Int {
    var index = start
    while index < total {
      var scalar = _decodeUTF8(base + index, available: total &- index)
      if scalar.length == 0 { scalar = .invalid(length: total &- index) }  // unfinished at the end
      if addGraphemeScalar(scalar) && count >= cluster { return index }
      index &+= scalar.length
      if scalar.value < 0x80 {
        index = walkASCIIRun(base, from: index, to: total, after: scalar.value, until: cluster)
        if count >= cluster { return index }
      }
    }
    return total
  }
}
