/// Where a buffer can be cut so that its parts are counted independently and the counts add up.
///
/// A cut is safe at a position where a grapheme boundary is certain whatever came before, because
/// Swift's `Character` rules forget everything at a boundary: a part that starts there segments
/// exactly as it would in the whole text. It is also a scalar boundary of the repaired text
/// (a byte that is not a continuation byte always starts a scalar or an ill-formed subpart).
package enum _SafeSplit {
  /// The first safe cut at or after `start` and before `limit`, if any.
  /// - Complexity: O(`limit - start`) at most; usually a few bytes.
  static func find(in bytes: UnsafeRawBufferPointer, from start: Int, before limit: Int) -> Int? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), start > 0 else {
      return nil
    }
    let limit = min(limit, bytes.count)
    var position = start
    while position < limit && UTF8.isContinuation(base[position]) { position += 1 }
    guard position < limit else { return nil }
    var previous = _scalar(endingAt: position, in: base)
    while position < limit {
      let next = _decodeUTF8(base + position, available: bytes.count - position)
      guard next.length > 0 else { return nil }
      if isCertainBoundary(previous, next.value) { return position }
      previous = next.value
      position += next.length
    }
    return nil
  }

  /// Whether `String` breaks between `x` and `y` whatever precedes `x`: after a control or LF
  /// (GB4), before one (GB5, except CR LF), or where the standard library's own context-free
  /// check says so (on systems that have it: macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4).
  package static func isCertainBoundary(_ x: UInt32, _ y: UInt32) -> Bool {
    if x == 0x0D { return y != 0x0A }
    if x < 0x20 || x == 0x7F { return true }
    if y < 0x20 || y == 0x7F { return true }
    guard let left = Unicode.Scalar(x), let right = Unicode.Scalar(y) else { return false }
    if #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) {
      return Unicode._CharacterRecognizer.quickBreak(between: left, and: right) == true
    }
    // Older systems: only what needs no recognizer. Two ASCII scalars other than CR LF always
    // break (no rule joins them, whatever precedes); fewer cuts only mean fewer parallel parts.
    return x < 0x80 && y < 0x80
  }
}
