#if !hasFeature(Embedded)
  import Foundation
#endif

extension _ChunkedText {
  /// Whether the text equals `text`: the UTF-8 lengths first (O(1) for a native `String`), then
  /// the bytes, chunk by chunk with `memcmp`.
  /// - Complexity: O(n) at memory speed when the lengths are equal, O(1) otherwise.
  func isEqual(to text: String) -> Bool {
    guard text.utf8.count == utf8Count else { return false }
    var text = text
    return text.withUTF8 { new in
      var offset = 0
      for number in chunks.indices {
        let same = chunks[number].text.utf8.withContiguousStorageIfAvailable { old in
          old.isEmpty || memcmp(old.baseAddress!, new.baseAddress! + offset, old.count) == 0
        }
        guard same == true else { return false }
        offset += chunks[number].utf8
      }
      return true
    }
  }

  /// Whether `text`, of the same UTF-8 length, has this text's bytes in the chunks that hold
  /// UTF-16 `range` (after an edit there, the only place the two can differ if they were equal
  /// before it and the host applied the same edit).
  /// - Complexity: As `chunk(holding:)`, then O(a few chunks) comparisons.
  func matches(_ text: String, around range: Range<Int>) -> Bool {
    guard text.utf8.count == utf8Count else { return false }
    guard let (first, _, start) = chunk(holding: range.lowerBound),
      let (last, _, _) = chunk(holding: range.upperBound)
    else { return text.isEmpty }
    var text = text
    return text.withUTF8 { new in
      var offset = start
      for number in first...last {
        let same = chunks[number].text.utf8.withContiguousStorageIfAvailable { old in
          old.isEmpty || memcmp(old.baseAddress!, new.baseAddress! + offset, old.count) == 0
        }
        guard same == true else { return false }
        offset += chunks[number].utf8
      }
      return true
    }
  }

  /// What changed between this text and `text`: the UTF-16 range of this text that was replaced
  /// and what replaced it, found from the longest common prefix and suffix (both on scalar
  /// boundaries). Nil when the texts are equal.
  /// - Complexity: O(n) byte comparisons, chunk by chunk with `memcmp`; O(changed part) otherwise.
  func difference(to text: String) -> (range: Range<Int>, inserted: Substring)? {
    var text = text
    if text.isEmpty { return chunks.isEmpty ? nil : (0..<utf16Count, ""[...]) }
    return text.withUTF8 { new in
      let oldCount = chunks.reduce(0) { $0 + $1.text.utf8.count }
      // Common prefix, in bytes and UTF-16 units.
      var prefix = 0
      var prefix16 = 0
      for number in chunks.indices {
        let bytes = chunks[number].text.utf8
        let length = min(bytes.count, new.count - prefix)
        let same =
          bytes.withContiguousStorageIfAvailable {
            matchingPrefix($0.baseAddress!, new.baseAddress! + prefix, length)
          } ?? zip(bytes, new[prefix...]).prefix(length).prefix { $0 == $1 }.count
        if same == bytes.count {
          prefix += same
          prefix16 += chunks[number].utf16
          continue
        }
        let bytesArray = Array(bytes)
        var end = same
        while end > 0 && end < bytesArray.count && UTF8.isContinuation(bytesArray[end]) { end -= 1 }
        prefix += end
        prefix16 += String(decoding: bytesArray[..<end], as: UTF8.self).utf16.count
        break
      }
      if prefix == oldCount && prefix == new.count { return nil }
      // Common suffix, not overlapping the prefix.
      var suffix = 0
      var suffix16 = 0
      let room = min(oldCount, new.count) - prefix
      for number in chunks.indices.reversed() {
        let utf8 = chunks[number].text.utf8
        let length = min(utf8.count, room - suffix)
        if length == utf8.count,
          utf8.withContiguousStorageIfAvailable({
            memcmp($0.baseAddress!, new.baseAddress! + new.count - suffix - length, length) == 0
          }) == true
        {
          suffix += length
          suffix16 += chunks[number].utf16
          continue
        }
        let bytes = Array(utf8)
        var same = 0
        while same < length && bytes[bytes.count - 1 - same] == new[new.count - 1 - suffix - same] {
          same += 1
        }
        if same == bytes.count {
          suffix += same
          suffix16 += chunks[number].utf16
          continue
        }
        // Keep the suffix on a scalar boundary: drop a partial scalar from its front.
        var start = bytes.count - same
        while start < bytes.count && UTF8.isContinuation(bytes[start]) { start += 1 }
        let kept = bytes.count - start
        suffix += kept
        suffix16 += String(decoding: bytes[start...], as: UTF8.self).utf16.count
        break
      }
      let inserted = String(
        decoding: UnsafeBufferPointer(rebasing: new[prefix..<(new.count - suffix)]), as: UTF8.self)
      return (prefix16..<(utf16Count - suffix16), inserted[...])
    }
  }
}

/// How many leading bytes of `a` and `b` are equal, looking at most `length`.
private func matchingPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int)
  -> Int
{
  if length > 0 && memcmp(a, b, length) == 0 { return length }
  var index = 0
  while index < length && a[index] == b[index] { index += 1 }
  return index
}
