/// What a text costs as an SMS message: its encoding, its length in that encoding's units, the
/// segments (messages) it is sent in, and the characters that made it UCS-2.
///
/// ```swift
/// let sms = SMSMessage("Happy birthday! 🎂")
/// sms.encoding                  // .ucs2 (the cake is not in the GSM alphabet)
/// sms.unitCount                 // 18 UTF-16 code units
/// sms.segmentCount              // 1
/// sms.charactersForcingUCS2     // ["🎂"]
/// ```
///
/// It counts as Twilio's message-segment-calculator does (its published test cases are this
/// type's tests): GSM 7-bit (3GPP TS 23.038's default alphabet, two septets for the extension
/// table's characters) where every character has a place in it, else UCS-2; one message up to
/// 160 septets or 70 UTF-16 code units, else parts of 153 or 67, filled in order and split
/// between grapheme clusters (`SMSOptions` can split between scalars instead, replace
/// look-alikes as Twilio's "smart encoding" does, and allow a national language's shift tables).
/// `TextUnit.smsSegments` counts the segments, for a limit in `TextLimit`.
public struct SMSMessage: Sendable, Hashable {
  /// The encoding: GSM 7-bit where every character has a place in the alphabet, else UCS-2.
  public let encoding: SMSEncoding
  /// The length in the encoding's units: septets (GSM 7-bit) or UTF-16 code units (UCS-2).
  public let unitCount: Int
  /// The messages it is sent in (at least 1, for an empty text too).
  public let segmentCount: Int
  /// The units each segment holds: 160 or 70 for one message, 153 or 67 for the parts of a
  /// longer one (less with national language tables).
  public let unitsPerSegment: Int
  /// The characters (grapheme clusters) that are not in the GSM alphabets the options allow,
  /// each once, in the order they first appear: what makes a message UCS-2. Empty for GSM 7-bit.
  public let charactersForcingUCS2: [String]
  /// The national language whose locking shift table the message uses, or nil for the default
  /// alphabet.
  public let lockingShiftTable: SMSNationalLanguage?
  /// The national language whose single shift table the message uses, or nil for the default
  /// extension table.
  public let singleShiftTable: SMSNationalLanguage?

  /// Measures `text` as an SMS message.
  /// - Complexity: O(n).
  public init(_ text: some StringProtocol, options: SMSOptions = SMSOptions()) {
    var copy = String(text)
    self = copy.withUTF8 { SMSMessage(utf8: UnsafeRawBufferPointer($0), options: options) }
  }

  /// Measures the text these UTF-8 bytes hold (ill-formed sequences read as U+FFFD, as
  /// `String(decoding:as: UTF8.self)` reads them) as an SMS message.
  /// - Complexity: O(n).
  public init(utf8 bytes: UnsafeRawBufferPointer, options: SMSOptions = SMSOptions()) {
    var scanner = _SMSScanner<_TableSegmenter>(options: options, collectsCharacters: true)
    scanner.append(bytes)
    let measure = scanner.finish()
    self.init(measure, characters: measure.encoding == .ucs2 ? scanner.forcingCharacters : [])
  }

  init(_ measure: _SMSMeasure, characters: [String]) {
    encoding = measure.encoding
    unitCount = measure.units
    segmentCount = measure.segments
    unitsPerSegment = measure.unitsPerSegment
    charactersForcingUCS2 = characters
    lockingShiftTable = measure.alphabet.flatMap { SMSNationalLanguage(rawValue: $0.locking) }
    singleShiftTable = measure.alphabet.flatMap { SMSNationalLanguage(rawValue: $0.singleShift) }
  }
}
