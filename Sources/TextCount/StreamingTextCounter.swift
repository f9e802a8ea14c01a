/// Counts text that arrives in pieces (a socket, a pipe, a file read in chunks) in O(1) memory.
///
/// Pieces may split scalars and grapheme clusters anywhere; the count equals counting the whole
/// buffer at once, and so equals `String(decoding: wholeBuffer, as: UTF8.self)`'s count.
///
/// ```swift
/// var counter = StreamingTextCounter(unit: .graphemes)
/// for chunk in chunks { chunk.withUnsafeBytes { counter.append(utf8: $0) } }
/// let length = counter.finish()
/// ```
public struct StreamingTextCounter: Sendable {
  private var scanner: _AnyUTF8Scanner

  /// Creates a counter at the start of a stream.
  /// - Parameters:
  ///   - unit: What to count; grapheme clusters by default.
  ///   - backend: Which implementation answers (the same counts either way).
  ///   - normalization: Count the text as if normalized first (cluster by cluster; the counter
  ///     then holds one cluster's scalars at a time).
  public init(
    unit: TextUnit = .graphemes, backend: TextCounter.Backend = .automatic,
    normalization: Normalization = .none
  ) {
    scanner = _AnyUTF8Scanner(
      unit: unit, backend: TextCounter(unit: unit, backend: backend).backend,
      normalization: normalization)
  }

  /// Feeds the next piece of UTF-8.
  /// - Complexity: O(`bytes.count`); no byte is kept beyond an unfinished scalar (≤ 3 bytes),
  ///   but for a post length (`.post`), which keeps the bytes since the last ASCII white space
  ///   before an ASCII character (a URL or mention is never split).
  public mutating func append(utf8 bytes: UnsafeRawBufferPointer) {
    scanner.scan(bytes)
  }

  /// Ends the stream and returns its length. An unfinished scalar at the end counts as one
  /// U+FFFD, as `String(decoding:)` would count it.
  public mutating func finish() -> Int {
    scanner.finish()
  }

  /// The offset of the first ill-formed byte seen so far, if any.
  public var firstInvalidByteOffset: Int? { scanner.firstInvalidOffset }
}
