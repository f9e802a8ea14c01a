import TextCount
import TextLimit

/// What the short-string measurements compare, shared by the size sweep (time) and the call-cost
/// probe (instructions): the pieces cut from a text, and one closure per method, each taking a
/// piece's index and returning a number that depends on the answer (so nothing is optimized
/// away, and the methods can be checked against each other).
public enum ShortTextMethods {
  /// The methods, in the order of `closures(for:)`.
  public static let names = [
    "String.count", "String(decoding:).count", "count(String)", "count(utf8:)", "isWithinLimit",
    "truncated", "prefixByteCount", "String(prefix(n))",
  ]

  /// `count` pieces of at most `size` bytes, spread over `bytes`, each starting and ending on a
  /// scalar boundary.
  public static func pieces(of bytes: [UInt8], size: Int, count: Int = 64) -> [[UInt8]] {
    func isContinuation(_ index: Int) -> Bool { index < bytes.count && bytes[index] & 0xC0 == 0x80 }
    let stride = max(1, (bytes.count - size) / count)
    return (0..<count).map { piece in
      var start = piece * stride
      while isContinuation(start) { start += 1 }
      var end = min(bytes.count, start + size)
      while end > start && isContinuation(end) { end -= 1 }
      return Array(bytes[start..<end])
    }
  }

  /// One closure per method over `pieces`: `String.count` on a prebuilt `String`,
  /// `String(decoding:).count` on the bytes, a reused `TextCounter(unit: .graphemes)` on the
  /// `String` and on the bytes, and `TextLimit.isWithinLimit` and `truncated` with one rule of
  /// half the piece's clusters (so `truncated` always cuts), the same limit's
  /// `prefixByteCount(utf8:)` on the bytes (the cut without the new `String`), and what a user
  /// would otherwise write for the cut: `String(text.prefix(n))`. The last three return the
  /// cut's length in bytes.
  public static func closures(for pieces: [[UInt8]]) -> [(Int) -> Int] {
    let strings = pieces.map { String(decoding: $0, as: UTF8.self) }
    let counter = TextCounter(unit: .graphemes)
    let halves = strings.map { max(1, $0.count / 2) }
    let limits = halves.map { TextLimit(maxLength: $0) }
    return [
      { strings[$0].count },
      { String(decoding: pieces[$0], as: UTF8.self).count },
      { counter.count(strings[$0]) },
      { pieces[$0].withUnsafeBytes { counter.count(utf8: $0) } },
      { limits[$0].isWithinLimit(strings[$0]) ? 1 : 0 },
      { limits[$0].truncated(strings[$0]).utf8.count },
      { index in pieces[index].withUnsafeBytes { limits[index].prefixByteCount(utf8: $0) } },
      { String(strings[$0].prefix(halves[$0])).utf8.count },
    ]
  }
}
