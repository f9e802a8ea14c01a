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
    #if SystemUTF8Proc
    if backend == .utf8proc { return _prefix(of: text, maxCount: maxCount, using: _TableSegmenter()) }
    #endif
    return _prefix(of: text, maxCount: maxCount, using: _StdlibSegmenter())
  }

  /// Walks the clusters of `text`, adding each whole cluster while the total fits.
  private func _prefix<Segmenter: _GraphemeSegmenter>(
    of text: Substring, maxCount: Int, using segmenter: Segmenter
  ) -> Substring {
    var segmenter = segmenter
    let scalars = text.unicodeScalars
    var total = 0  // length of the clusters before `clusterStart`
    var clusterLength = 0  // length of the cluster being read
    var clusterStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if segmenter.hasBreak(before: scalar.value) && index != scalars.startIndex {
        if total + clusterLength > maxCount { return text[..<clusterStart] }
        total += clusterLength
        clusterLength = 0
        clusterStart = index
        if total == maxCount { return text[..<clusterStart] }  // every cluster has length ≥ 1
      }
      switch unit {
      case .graphemes: clusterLength = 1
      case .unicodeScalars: clusterLength += 1
      case .utf16: clusterLength += UTF16.width(scalar)
      case .utf8: clusterLength += UTF8.width(scalar)
      }
      index = scalars.index(after: index)
    }
    return total + clusterLength > maxCount ? text[..<clusterStart] : text
  }
}
