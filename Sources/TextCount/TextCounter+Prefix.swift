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
  /// - Complexity: O(length of the returned prefix).
  public func prefix(of text: Substring, maxCount: Int) -> Substring {
    precondition(maxCount >= 0, "TextCounter.prefix: maxCount must not be negative")
    #if TEXTCOUNT_UTF8PROC
      if backend == .utf8proc {
        return _prefix(of: text, maxCount: maxCount, using: _TableSegmenter())
      }
    #endif
    return _prefix(of: text, maxCount: maxCount, using: _StdlibSegmenter())
  }

  /// Walks the clusters of `text`, adding each whole cluster while the total fits.
  private func _prefix<Segmenter: _GraphemeSegmenter>(
    of text: Substring, maxCount: Int, using segmenter: Segmenter
  ) -> Substring {
    var segmenter = segmenter
    var meter = _ClusterMeter<Segmenter>(unit: unit, normalization: normalization)
    let scalars = text.unicodeScalars
    var total = 0  // length of the clusters before `clusterStart`
    var clusterStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if segmenter.hasBreak(before: scalar.value) && index != scalars.startIndex {
        let length = meter.finish()
        if total + length > maxCount { return text[..<clusterStart] }
        total += length
        clusterStart = index
        if total == maxCount && !unit.isClusterLevel { return text[..<clusterStart] }
      }
      meter.add(scalar.value)
      index = scalars.index(after: index)
    }
    return total + meter.finish() > maxCount ? text[..<clusterStart] : text
  }
}
