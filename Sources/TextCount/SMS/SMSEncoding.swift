/// How an SMS message's text is sent (3GPP TS 23.038): in GSM's 7-bit alphabet where every
/// character has a place in it, else in UCS-2, as phones send it (UTF-16 code units).
public enum SMSEncoding: Sendable, Hashable {
  /// The GSM 7-bit default alphabet (and its extension table, whose characters take two septets:
  /// `€ [ ] { } \ ^ ~ |` and form feed), or a national language's shift tables where the options
  /// allow them: 160 septets in one message, 153 in each part of a longer one.
  case gsm7
  /// UCS-2, as UTF-16 code units (an emoji above U+FFFF takes two): 70 units in one message, 67
  /// in each part of a longer one.
  case ucs2

  /// The name as Twilio and carriers write it: `GSM-7` or `UCS-2`.
  public var name: String {
    switch self {
    case .gsm7: "GSM-7"
    case .ucs2: "UCS-2"
    }
  }
}
