/// A copy of UTF-8 text put in NFC or NFKC cluster by cluster (as counting normalizes it), with
/// where each changed cluster ends in the text and in the copy: a post length finds URLs in the
/// text as the platform normalizes it, and maps a cut in the copy back to the text.
struct _NormalizedCopy {
  /// The normalized text. Clusters that normalizing leaves alone, ill-formed bytes included,
  /// are copied as they are.
  private(set) var bytes: [UInt8] = []
  /// Each cluster that changed: where it lies in the text and in the copy, in order.
  private var changed: [(text: Range<Int>, copy: Range<Int>)] = []

  /// The copy of `text`, or nil if normalizing changes nothing (no scalar at or above U+0300 for
  /// NFC, U+00A0 for NFKC: nothing below composes, decomposes or has a compatibility mapping).
  /// - Complexity: O(n), a scalar at a time.
  init?(_ text: UnsafeRawBufferPointer, form: Normalization) {
    guard form != .none, let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return nil
    }
    let stableBelow: UInt32 = form == .nfkc ? 0xA0 : 0x300
    let firstUnstableLead: UInt8 = form == .nfkc ? 0xC2 : 0xCC
    guard text.contains(where: { $0 >= firstUnstableLead }) else { return nil }
    bytes.reserveCapacity(text.count + text.count / 8)
    var start = 0
    var scalars: [UInt32] = []
    TextCounter.forEachGraphemeClusterEnd(utf8: text) { end in
      defer { start = end }
      scalars.removeAll(keepingCapacity: true)
      var index = start
      var isStable = true
      while index < end {
        let scalar = _decodeUTF8(base + index, available: end - index)
        let value = scalar.isValid && scalar.length > 0 ? scalar.value : 0xFFFD
        if value >= stableBelow { isStable = false }
        scalars.append(value)
        index += scalar.length == 0 ? end - index : scalar.length
      }
      guard !isStable else {
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start..<end]))
        return
      }
      let normalized = _Hangul.normalize(scalars) {
        _TableSegmenter.normalize($0, compatibility: form == .nfkc)
      }
      let copyStart = bytes.count
      for value in normalized {
        guard let scalar = Unicode.Scalar(value) else { continue }
        bytes.append(contentsOf: UTF8.encode(scalar)!)
      }
      changed.append((start..<end, copyStart..<bytes.count))
    }
  }

  /// The offset in the text of `copyOffset`, an offset of the copy: exact outside the clusters
  /// that changed and at their edges; inside one, the start of that cluster.
  /// - Complexity: O(log changed clusters).
  func textOffset(ofCopyOffset copyOffset: Int) -> Int {
    // The last changed cluster starting at or before the offset.
    var low = 0
    var high = changed.count
    while low < high {
      let middle = (low + high) / 2
      if changed[middle].copy.lowerBound <= copyOffset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return copyOffset }
    let cluster = changed[low - 1]
    if copyOffset < cluster.copy.upperBound { return cluster.text.lowerBound }
    return cluster.text.upperBound + (copyOffset - cluster.copy.upperBound)
  }
}
