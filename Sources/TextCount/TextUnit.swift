/// What a length is measured in.
///
/// The first four count exactly what the matching view of Swift's `String` counts on this
/// toolchain; the others are measured per grapheme cluster.
public enum TextUnit: Sendable, Hashable, CaseIterable {
  /// Grapheme clusters: what a reader sees as one character (`String.count`, `Character`).
  /// `"é"`, `"👍🏽"` and `"🇯🇵"` are one each.
  case graphemes
  /// UTF-16 code units (`String.utf16.count`, `NSString.length`, `NSRange`): what UIKit, Android
  /// and HTML `maxlength` count. Scalars above U+FFFF count 2.
  case utf16
  /// Unicode scalars, i.e. code points (`String.unicodeScalars.count`).
  case unicodeScalars
  /// UTF-8 bytes (`String.utf8.count`): what a database column or a network buffer holds.
  case utf8
  /// Terminal and monospace columns. A scalar is as wide as `utf8proc_charwidth` says (East Asian
  /// wide and fullwidth 2, combining marks 0, emoji with emoji presentation 2, others 1); a
  /// grapheme cluster is as wide as its widest scalar, at least 2 if it holds U+FE0F (emoji
  /// presentation) or a regional-indicator pair (a flag), and at least 1 unless it starts with
  /// a control or format character (Cc, Cf, Zl, Zp), which may be 0 wide.
  case displayWidth
  /// Weighted length (see `WeightTable`): `.weighted(.twitterV3)` is the 280-character limit,
  /// `.weighted(.wideAsTwo)` the "CJK counts double" rule.
  case weighted(WeightTable)
  /// A post composer's length (see `PostLength`): `.post(.x)` counts each URL as 23, as X
  /// does; `.post(.mastodon())` counts URLs as 23 and mentions without their domain, as
  /// Mastodon does. The text between is measured in the post length's own unit.
  indirect case post(PostLength)
  /// Words: the segments between UAX #29's word boundaries (Unicode 17.0) that hold a letter, a
  /// number or an ideograph, as a word limit counts them: `don't`, `e.g`, `3.14` and `snake_case`
  /// are one word each, punctuation and white space none, each Chinese or Japanese ideograph and
  /// each Thai letter one (UAX #29 has no dictionary: `Intl.Segmenter` and ICU segment those
  /// scripts by dictionaries, and count fewer).
  case words
  /// What the JavaScript package stringz 2.1 counts (its `length`: char-regex 1.0.2, lodash's
  /// pattern of "symbols"), which Mastodon's web composer shows: a scalar with the combining
  /// marks, variation selector, skin tone and ZWJ sequence after it, a regional indicator pair;
  /// not UAX #29 (CR LF is 2, Hangul jamo L V T 3, क्ष 3).
  case stringz
  /// What HTML's `maxlength` counts of a form field's value: UTF-16 code units, each line break
  /// one (a CR LF, a lone CR or an LF: the value as typed). A server re-checking a submitted
  /// value, whose line breaks the form turned into CR LF, counts it so: "would `maxlength=N`
  /// have let this through".
  case htmlMaxLength
  /// SMS segments: the messages the text is sent in (`SMSMessage.segmentCount`: GSM 7-bit or
  /// UCS-2, 160 septets or 70 UTF-16 code units in one, 153 or 67 in each part of a longer one),
  /// measured with the options. `.smsSegments` takes the default options.
  case sms(SMSOptions)

  /// SMS segments with the default options (`SMSOptions()`: split between grapheme clusters, as
  /// Twilio's calculator does): `TextLimit(maxLength: 2, unit: .smsSegments)`.
  public static var smsSegments: TextUnit { .sms(SMSOptions()) }

  /// Every unit that measures text by its characters alone: the four views, display width, and
  /// the two shipped weight tables. The post lengths (`x`, `mastodon`), which also read URLs
  /// and mentions, are not among them.
  public static let allCases: [TextUnit] = [
    .graphemes, .utf16, .unicodeScalars, .utf8, .displayWidth, .weighted(.twitterV3),
    .weighted(.wideAsTwo),
  ]

  /// Whether the length is measured per grapheme cluster rather than summed per scalar.
  var isClusterLevel: Bool {
    switch self {
    case .displayWidth, .weighted: true
    case .post(let length): length.unit.isClusterLevel
    default: false
    }
  }

  /// Whether the unit weighs emoji sequences as a whole (`WeightTable.emojiClusterWeight`).
  var weighsEmojiSequences: Bool {
    switch self {
    case .weighted(let table): table.emojiClusterWeight != nil
    case .post(let length): length.unit.weighsEmojiSequences
    default: false
    }
  }

  /// Whether the unit is measured over the whole text in order, a part's length telling nothing
  /// of the whole's (SMS segments, the text Bluesky's app publishes).
  package var isWholeTextMeasure: Bool {
    switch self {
    case .sms: true
    case .post(let length): length.urlSyntax == .blueskyPublished
    default: false
    }
  }

  /// Whether the unit is counted by one scanner over the text in order, never in parts on
  /// several threads (SMS segments, words, stringz).
  package var isCountedInOrder: Bool { isWholeTextMeasure || self == .words || self == .stringz }

  /// Whether the lengths of parts cut at a post's safe cuts (`_PostStream`: ASCII white space,
  /// then an ASCII byte) add up to the whole's, and only there: post lengths, words, stringz.
  package var addsUpAtPostSafeCuts: Bool {
    isPost && !isWholeTextMeasure || self == .words || self == .stringz
  }

  /// Whether this is a post composer's length (`.post`), which URLs and mentions change.
  package var isPost: Bool {
    if case .post = self { return true }
    return false
  }
}

extension TextUnit: CustomStringConvertible {
  /// The unit's name as the command-line tool spells it: `graphemes`, `utf16`, `scalars`,
  /// `utf8`, `width`, `twitter`, `wide2` (`weighted` for other weight tables), `words`, `sms`,
  /// `maxlength`, `stringz`, and for post lengths by whose they are: `x` (`post` for other
  /// units), `mastodon` (whatever its URL length or content warning), `mastodon-composer`,
  /// `bluesky-composer`, `bluesky-published-<unit>`.
  public var description: String {
    switch self {
    case .graphemes: "graphemes"
    case .utf16: "utf16"
    case .unicodeScalars: "scalars"
    case .utf8: "utf8"
    case .displayWidth: "width"
    case .weighted(let table):
      table == .twitterV3 ? "twitter" : table == .wideAsTwo ? "wide2" : "weighted"
    case .post(let length):
      switch length.urlSyntax {
      case .twitter: length.unit == .weighted(.twitterV3) ? "x" : "post"
      case .mastodon: "mastodon"
      case .mastodonComposer: "mastodon-composer"
      case .bluesky: "bluesky-composer"
      case .blueskyPublished: "bluesky-published-\(length.unit)"
      }
    case .sms: "sms"
    case .htmlMaxLength: "maxlength"
    case .words: "words"
    case .stringz: "stringz"
    }
  }

  /// Parses a unit name as `description` writes it (`unicodeScalars`, `displayWidth`,
  /// `twitterV3`, `wideAsTwo` and `htmlMaxLength` are accepted too; `x`, `mastodon`,
  /// `mastodon-composer` and `bluesky-composer` are the post lengths with their defaults,
  /// `bluesky-published-utf8` the bytes of Bluesky's published text; `sms` is `.smsSegments`).
  public init?(name: String) {
    switch name {
    case "graphemes": self = .graphemes
    case "utf16": self = .utf16
    case "scalars", "unicodeScalars": self = .unicodeScalars
    case "utf8": self = .utf8
    case "width", "displayWidth": self = .displayWidth
    case "twitter", "twitterV3": self = .weighted(.twitterV3)
    case "wide2", "wideAsTwo": self = .weighted(.wideAsTwo)
    case "x": self = .post(.x)
    case "mastodon": self = .post(.mastodon())
    case "mastodon-composer": self = .post(.mastodonComposer())
    case "bluesky-composer": self = .post(.blueskyComposer)
    case "bluesky-published-utf8": self = .post(.blueskyPublished(unit: .utf8))
    case "sms": self = .smsSegments
    case "maxlength", "htmlMaxLength": self = .htmlMaxLength
    case "words": self = .words
    case "stringz": self = .stringz
    default: return nil
    }
  }
}
