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
  ///   and the grapheme loop; for display width, weights and normalized counting, pieces
  ///   measured by the counting loop and a walk of a few hundred bytes at the cut.
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
  ///   walk, ASCII eight bytes at a time, and the grapheme loop; for display width, weights and
  ///   normalized counting, pieces measured by the counting loop (up to 64 KiB past the cut)
  ///   and a walk of a few hundred bytes at the cut.
  public func prefixByteCount(utf8 bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    precondition(maxCount >= 0, "TextCounter.prefixByteCount: maxCount must not be negative")
    if case .post(let length) = unit {
      return _PostCount.prefixByteCount(
        bytes, maxCount: maxCount, length: length, characters: characterCounter(length))
    }
    if case .words = unit { return _WordScanner.prefixByteCount(bytes, maxWords: maxCount) }
    if case .stringz = unit { return _StringzScanner.prefixByteCount(bytes, maxCount: maxCount) }
    if case .sms(let options) = unit {
      return _SMSScanner<_TableSegmenter>.prefixByteCount(
        bytes, maxSegments: maxCount, options: options)
    }
    if case .graphemes = unit, normalization == .none {
      return _AnyUTF8Scanner.graphemePrefixByteCount(
        bytes, maxClusters: maxCount, backend: backend)
    }
    if !unit.isClusterLevel && normalization == .none {
      return codeUnitPrefixByteCount(bytes, maxCount: maxCount)
    }
    return piecewisePrefixByteCount(bytes, maxCount: maxCount)
  }

  /// For the units measured cluster by cluster (display width, weights) and for normalized
  /// counting: pieces that end where a cluster boundary is certain (`_SafeSplit`), so that
  /// their lengths add up, are measured by the counting loop while they fit, from 1 KiB doubling
  /// up to 64 KiB; the first that does not fit is halved the same way, and what is left, a few
  /// hundred bytes, is walked cluster by cluster. A text within the limit is counted once.
  /// - Complexity: O(length of the prefix + 64 KiB) at the counting loop's speed, and a walk of
  ///   a few hundred bytes; a text with no certain boundary (one huge cluster) is walked.
  private func piecewisePrefixByteCount(_ bytes: UnsafeRawBufferPointer, maxCount: Int) -> Int {
    let shortest = 256  // below this, walked
    guard bytes.count > shortest else {
      return walkedPrefix(bytes, maxCount: maxCount).byteCount
    }
    var start = 0  // the pieces before it fit, with a total of `total`
    var total = 0
    var limit = bytes.count  // where the text from `start` is known not to fit, or the end
    var overflows = false
    var pieceLength = 1 << 10
    while pieceLength >= shortest {
      let end: Int
      if limit - start <= pieceLength {
        if overflows {
          pieceLength /= 2
          continue
        }
        end = limit
      } else if let split = _SafeSplit.find(
        in: bytes, from: start + pieceLength, before: min(limit, start + pieceLength + 64))
      {
        end = split
      } else {
        pieceLength /= 2  // no certain boundary there: a shorter piece may have one
        continue
      }
      let length = _AnyUTF8Scanner.count(
        UnsafeRawBufferPointer(rebasing: bytes[start..<end]), unit: unit, backend: backend,
        normalization: normalization
      ).count
      if length > maxCount - total {
        limit = end
        overflows = true
        pieceLength /= 2
        continue
      }
      total += length
      start = end
      if start == bytes.count { return start }
      if !overflows { pieceLength = min(pieceLength * 2, 1 << 16) }
    }
    return start
      + walkedPrefix(
        UnsafeRawBufferPointer(rebasing: bytes[start..<limit]), maxCount: maxCount - total
      ).byteCount
  }

  /// `prefixByteCount(utf8:maxCount:)` and the length of that prefix. A short text in the units
  /// measured cluster by cluster is walked once for both.
  func prefixByteCountAndLength(utf8 bytes: UnsafeRawBufferPointer, maxCount: Int) -> (
    byteCount: Int, length: Int
  ) {
    if unit.isPost || unit.isCountedInOrder {
      let byteCount = prefixByteCount(utf8: bytes, maxCount: maxCount)
      return (byteCount, count(utf8: UnsafeRawBufferPointer(rebasing: bytes[..<byteCount])))
    }
    if (unit.isClusterLevel || normalization != .none) && bytes.count <= 256 {
      return walkedPrefix(bytes, maxCount: maxCount)
    }
    let byteCount = prefixByteCount(utf8: bytes, maxCount: maxCount)
    return (byteCount, count(utf8: UnsafeRawBufferPointer(rebasing: bytes[..<byteCount])))
  }

  /// Walks the clusters of `bytes` scalar by scalar on this counter's backend, adding each whole
  /// cluster while the total fits.
  private func walkedPrefix(_ bytes: UnsafeRawBufferPointer, maxCount: Int) -> (
    byteCount: Int, length: Int
  ) {
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
      // Eight ASCII bytes measure eight in every one of these units (`maxlength`: but an LF
      // after a CR, which takes none).
      if index &+ 8 <= total && maxCount &- length >= 8 {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let crBefore: UInt64 = index > 0 && base[index &- 1] == 0x0D ? 0x80 : 0
        if word & 0x8080_8080_8080_8080 == 0
          && (unit != .htmlMaxLength || _lfsAfterCR(in: word, crBefore: crBefore) == 0)
        {
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
      case .htmlMaxLength:
        let isLFAfterCR = scalar.value == 0x0A && index > 0 && base[index &- 1] == 0x0D
        scalarLength = isLFAfterCR ? 0 : scalar.value > 0xFFFF ? 2 : 1
      default: scalarLength = 1
      }
      if length &+ scalarLength > maxCount { return index }
      length &+= scalarLength
      index &+= scalar.length
    }
    return total
  }

  /// Walks the clusters of `bytes` scalar by scalar, adding each whole cluster while the total
  /// fits; returns the prefix's length in bytes and in this counter's unit.
  private func _prefixByteCount<Segmenter: _GraphemeSegmenter>(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, using segmenter: Segmenter
  ) -> (byteCount: Int, length: Int) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return (0, 0) }
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
        if total + length > maxCount { return (clusterStart, total) }
        total += length
        clusterStart = index
        // Every cluster is at least 1 in these units: the next one cannot fit.
        if total == maxCount && !unit.isClusterLevel { return (clusterStart, total) }
      }
      meter.add(scalar.value)
      index &+= scalar.length
    }
    let last = meter.finish()
    return total + last > maxCount ? (clusterStart, total) : (bytes.count, total + last)
  }
}
