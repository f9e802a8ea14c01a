extension TextCounter {
  /// The longest prefix of `text` whose length is at most `maxCount`, never splitting a grapheme
  /// cluster, whatever the unit.
  ///
  /// ```swift
  /// TextCounter(unit: .utf16).prefix(of: "ab👍🏽c"[...], maxCount: 4)   // "ab": 👍🏽 needs 4 more
  /// ```
  /// - Parameters:
  ///   - text: The text to cut.
  ///   - maxCount: The largest length allowed, at least 0.
  /// - Returns: A prefix of `text` that ends on a grapheme-cluster boundary.
  /// - Complexity: O(length of the returned prefix); for grapheme clusters at the counting
  ///   loop's speed; for UTF-16, scalars and UTF-8 a scalar walk (ASCII eight bytes at a time)
  ///   and the grapheme loop; for display width and weights (measured cluster by cluster)
  ///   scalar by scalar.
  public func prefix(of text: Substring, maxCount: Int) -> Substring {
    precondition(maxCount >= 0, "TextCounter.prefix: maxCount must not be negative")
    let byteCount =
      text.utf8.withContiguousStorageIfAvailable {
        prefixByteCount(utf8: UnsafeRawBufferPointer($0), maxCount: maxCount)
      }
      ?? {
        var copy = String(text)  // a bridged string: its bytes, once
        return copy.withUTF8 {
          prefixByteCount(utf8: UnsafeRawBufferPointer($0), maxCount: maxCount)
        }
      }()
    return text[..<text.utf8.index(text.utf8.startIndex, offsetBy: byteCount)]
  }

  /// The length in bytes of the longest prefix of these UTF-8 bytes whose length is at most
  /// `maxCount`, never splitting a grapheme cluster: where a server cuts a buffer it received.
  /// Ill-formed bytes count as `String(decoding:as: UTF8.self)` reads them (one U+FFFD per
  /// maximal ill-formed subpart) and are kept as they are.
  ///
  /// ```swift
  /// let bytes = Array("ab👍🏽c".utf8)
  /// let cut = bytes.withUnsafeBytes {
  ///   TextCounter(unit: .graphemes).prefixByteCount(utf8: $0, maxCount: 3)
  /// }
  /// print(cut)  // 10
  /// ```
  /// - Complexity: O(length of the prefix); for grapheme clusters (without normalization) at the
  ///   counting loop's speed; for UTF-16, scalars and UTF-8 (without normalization) a scalar
  ///   walk, ASCII eight bytes at a time, and the grapheme loop; for display width and weights
  ///   cluster by cluster.
  public func prefixByteCount(utf8 bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    precondition(maxCount >= 0, "TextCounter.prefixByteCount: maxCount must not be negative")
    if case .graphemes = unit, normalization == .none {
      return _AnyUTF8Scanner.graphemePrefixByteCount(
        bytes, maxClusters: maxCount, backend: backend)
    }
    if !unit.isClusterLevel && normalization == .none {
      return codeUnitPrefixByteCount(bytes, maxCount: maxCount)
    }
    if backend == .automaton {
      return _prefixByteCount(bytes, maxCount: maxCount, using: _TableSegmenter())
    }
    return _prefixByteCount(bytes, maxCount: maxCount, using: _StdlibSegmenter())
  }

  /// For the units counted per scalar (UTF-16, scalars, UTF-8), whose length grows with every
  /// scalar: the longest prefix of whole scalars that fits, then its last grapheme-cluster
  /// boundary, found by the grapheme loop (kernels included): if a cluster starts where the
  /// scalars stop, there; else where the cluster they stop in starts.
  /// - Complexity: O(length of the prefix): a scalar walk and two or three grapheme scans.
  private func codeUnitPrefixByteCount(_ bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    let fits = scalarPrefixByteCount(bytes, maxCount: maxCount)
    guard fits < bytes.count && fits > 0 else { return fits }
    let head = UnsafeRawBufferPointer(rebasing: bytes[..<fits])
    let clusters = _AnyUTF8Scanner.count(
      head, unit: .graphemes, backend: backend, normalization: .none
    ).count
    let next = _AnyUTF8Scanner.graphemePrefixByteCount(
      bytes, maxClusters: clusters, backend: backend)
    if next == fits { return fits }
    return _AnyUTF8Scanner.graphemePrefixByteCount(
      bytes, maxClusters: clusters - 1, backend: backend)
  }

  /// The length in bytes of the longest prefix of whole scalars whose length in this counter's
  /// unit (UTF-16, scalars or UTF-8) is at most `maxCount`, ill-formed bytes measured as the
  /// U+FFFD that `String(decoding:)` puts for each maximal ill-formed subpart. ASCII eight bytes
  /// at a time.
  /// - Complexity: O(length of the prefix).
  private func scalarPrefixByteCount(_ bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    let total = bytes.count
    var index = 0
    var length = 0
    while index < total {
      // Eight ASCII bytes measure eight in every one of these units.
      if index &+ 8 <= total && maxCount &- length >= 8 {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          length &+= 8
          index &+= 8
          continue
        }
      }
      var scalar = _decodeUTF8(base + index, available: total &- index)
      if scalar.length == 0 { scalar = .invalid(length: total &- index) }  // unfinished at the end
      let scalarLength: Int
      switch unit {
      case .utf16: scalarLength = scalar.value > 0xFFFF ? 2 : 1
      case .utf8: scalarLength = scalar.isValid ? scalar.length : 3
      default: scalarLength = 1
      }
      if length &+ scalarLength > maxCount { return index }
      length &+= scalarLength
      index &+= scalar.length
    }
    return total
  }

  /// Walks the clusters of `bytes` scalar by scalar, adding each whole cluster while the total
  /// fits: for the units measured per cluster, and for normalized counting.
  private func _prefixByteCount<Segmenter: _GraphemeSegmenter>(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, using segmenter: Segmenter
  ) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    var segmenter = segmenter
    var meter = _ClusterMeter<Segmenter>(unit: unit, normalization: normalization)
    var total = 0  // length of the clusters before `clusterStart`
    var clusterStart = 0
    var index = 0
    while index < bytes.count {
      var scalar = _decodeUTF8(base + index, available: bytes.count &- index)
      // An unfinished scalar at the very end is one ill-formed subpart.
      if scalar.length == 0 { scalar = .invalid(length: bytes.count &- index) }
      if segmenter.hasBreak(before: scalar.value) && index != 0 {
        let length = meter.finish()
        if total + length > maxCount { return clusterStart }
        total += length
        clusterStart = index
        // Every cluster is at least 1 in these units: the next one cannot fit.
        if total == maxCount && !unit.isClusterLevel { return clusterStart }
      }
      meter.add(scalar.value)
      index &+= scalar.length
    }
    return total + meter.finish() > maxCount ? clusterStart : bytes.count
  }
}
