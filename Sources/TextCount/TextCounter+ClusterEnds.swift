extension TextCounter {
  /// Calls `body` with the byte offset at which each grapheme cluster of these UTF-8 bytes ends,
  /// in order, the last being `bytes.count`: where `String`'s `Character`s end, in offsets of the
  /// input. Ill-formed bytes are read as `String(decoding:as: UTF8.self)` reads them (each
  /// maximal ill-formed subpart one U+FFFD, a cluster of its own but for what joins it) and stay
  /// in the cluster they are read into.
  ///
  /// ```swift
  /// var ends: [Int] = []
  /// Array("e\u{301}👍🏽!".utf8).withUnsafeBytes {
  ///   TextCounter.forEachGraphemeClusterEnd(utf8: $0) { ends.append($0) }
  /// }
  /// print(ends)  // [3, 11, 12]
  /// ```
  /// - Parameters:
  ///   - bytes: The text.
  ///   - body: Called once per cluster with the offset just past it.
  /// - Complexity: O(n), a scalar at a time (the slow path of counting: what iterating clusters
  ///   needs, not what counting them does).
  public static func forEachGraphemeClusterEnd<Failure: Error>(
    utf8 bytes: UnsafeRawBufferPointer, _ body: (Int) throws(Failure) -> Void
  ) throws(Failure) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var segmenter = _TableSegmenter()
    var index = 0
    while index < bytes.count {
      let scalar = _decodeUTF8(base + index, available: bytes.count - index)
      // A valid prefix cut off by the end is one U+FFFD, as `String(decoding:)` reads it.
      let length = scalar.length == 0 ? bytes.count - index : scalar.length
      let value = scalar.isValid && scalar.length > 0 ? scalar.value : 0xFFFD
      if segmenter.hasBreak(before: value) && index > 0 { try body(index) }
      index += length
    }
    try body(bytes.count)
  }

  /// The length in bytes of the longest prefix of these UTF-8 bytes within every limit (the
  /// length each counter measures at most its `maxCount`), never splitting a grapheme cluster:
  /// each counter cuts the prefix the one before it kept, since every cut falls on a cluster
  /// boundary. The multi-rule cut of `TextLimit` and of the C API's `textlimit_prefix`.
  /// - Parameters:
  ///   - bytes: The text; ill-formed bytes are measured as repaired and kept as they are.
  ///   - limits: Each a counter and the most it may measure; none keeps the whole text.
  /// - Complexity: O(n × number of limits).
  public static func prefixByteCount(
    utf8 bytes: UnsafeRawBufferPointer, within limits: some Sequence<(TextCounter, Int)>
  ) -> Int {
    var byteCount = bytes.count
    for (counter, maxCount) in limits {
      byteCount = counter.prefixByteCount(
        utf8: UnsafeRawBufferPointer(rebasing: bytes[..<byteCount]), maxCount: maxCount)
    }
    return byteCount
  }
}
