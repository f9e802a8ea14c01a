/// How an SMS message is measured: how a long message is split into parts, whether characters
/// with a GSM look-alike are replaced first, and which national language's shift tables the
/// sender may use.
///
/// ```swift
/// SMSMessage("Héllo", options: SMSOptions()).encoding                        // .ucs2
/// SMSMessage("Héllo", options: SMSOptions(replacesLookalikes: true)).encoding // still .ucs2
/// ```
public struct SMSOptions: Sendable, Hashable {
  /// Where a message longer than one SMS may be split into parts.
  public enum Split: Sendable, Hashable {
    /// Between grapheme clusters only (a cluster longer than a part, over 67 UTF-16 code units,
    /// is split between its scalars): what Twilio's message-segment-calculator does, so that no
    /// character is cut in two on the recipient's phone. The default.
    case wholeClusters
    /// Anywhere but inside a GSM escape pair (an extension character's two septets) or a UTF-16
    /// surrogate pair: a cluster such as a family emoji or a letter with accents may be split
    /// across parts, as some senders split.
    case pairsOnly
  }

  /// Where a long message is split: between clusters by default.
  public var split: Split
  /// Whether each character with a GSM look-alike (curly quotes, dashes, some spaces, `…`) is
  /// replaced by it first, as Twilio's "smart encoding" does (its map of 270 characters). Off by
  /// default, as in Twilio's calculator.
  public var replacesLookalikes: Bool
  /// A national language whose shift tables the sender may use (3GPP TS 23.038 Annex A); nil
  /// (the default) for the default alphabet and extension table only. With one, a message is
  /// sent in GSM-7 with the tables that make it fewest segments, each declared in the user data
  /// header (three octets each: 155 and 152 septets in one message with one and two tables, 149
  /// and 146 in each part of a longer one).
  public var nationalLanguage: SMSNationalLanguage?

  /// Options: split between clusters, no look-alikes replaced, the default alphabet only, unless
  /// said otherwise.
  public init(
    split: Split = .wholeClusters, replacesLookalikes: Bool = false,
    nationalLanguage: SMSNationalLanguage? = nil
  ) {
    self.split = split
    self.replacesLookalikes = replacesLookalikes
    self.nationalLanguage = nationalLanguage
  }
}
