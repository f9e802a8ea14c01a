/// Measures an SMS message whose text arrives in pieces (a file, a pipe): `SMSMessage` without
/// holding the text.
///
/// ```swift
/// var measure = StreamingSMSMessage()
/// for chunk in chunks { chunk.withUnsafeBytes { measure.append(utf8: $0) } }
/// let sms = measure.finish()   // sms.encoding, sms.unitCount, sms.segmentCount
/// ```
/// State: O(1), but the characters that force UCS-2 (each distinct one kept once).
public struct StreamingSMSMessage: Sendable {
  private var scanner: _SMSScanner<_TableSegmenter>

  /// A measure with these options (`SMSOptions()` by default).
  public init(options: SMSOptions = SMSOptions()) {
    scanner = _SMSScanner(options: options, collectsCharacters: true)
  }

  /// Reads the next piece of UTF-8 (a piece may end inside a scalar; ill-formed bytes are read
  /// as U+FFFD, as `String(decoding:as: UTF8.self)` reads them).
  /// - Complexity: O(`bytes.count`).
  public mutating func append(utf8 bytes: UnsafeRawBufferPointer) {
    scanner.append(bytes)
  }

  /// The offset of the first ill-formed byte read so far, if any.
  public var firstInvalidByteOffset: Int? { scanner.firstInvalidOffset }

  /// Ends the text and returns its measure; the measure starts over.
  public mutating func finish() -> SMSMessage {
    let measure = scanner.finish()
    let message = SMSMessage(
      measure, characters: measure.encoding == .ucs2 ? scanner.forcingCharacters : [])
    scanner = _SMSScanner(options: scanner.options, collectsCharacters: true)
    return message
  }
}
