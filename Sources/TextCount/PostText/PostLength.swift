/// How a post composer measures a post: a unit, with the URLs and mentions in the text counted
/// as the platform counts them. Use it as the unit `.post(_:)`.
///
/// ```swift
/// let x = TextCounter(unit: .post(.x))
/// x.count("Check https://example.com/a/very/long/path ok")   // 32: the URL counts 23
/// let mastodon = TextCounter(unit: .post(.mastodon()))
/// mastodon.count("hi @alice@example.social")                // 9: "hi @alice"
/// ```
///
/// How the parts combine depends on `urlSyntax`, as the two platforms' own code does it:
/// - `.twitter` (X, twitter-text's `parseTweet`): each URL twitter-text's extractor finds, with
///   or without a scheme, counts `urlLength`; the text around the URLs is measured in `unit`
///   piece by piece (after NFC, when the unit's weight table asks for it).
/// - `.mastodon` (Mastodon 4.6.5's server: twitter-text 3.1.0's Ruby gem with Mastodon's
///   initializer, `StatusLengthValidator`, `Status#prepare_contents`, `PostStatusService`): where
///   the text is blank (empty or Unicode white space alone) and the content warning is not, the
///   warning takes the text's place; both are stripped (NUL and ASCII white space at both ends,
///   as Ruby's `String#strip`); a blank text counts nothing; otherwise each URL with a scheme is
///   replaced by `urlLength` `x`s and, with `mentions: .withoutDomain`, each `@user@domain` by
///   `@user` (not where the domain is over 253 characters); `contentWarning` and that text are
///   measured together in `unit`, joined. A pending Mastodon change (pull request 39150, URLs by
///   UTS #58) would change which URLs it finds.
public struct PostLength: Sendable, Hashable {
  /// Which URLs count `urlLength`.
  public enum URLSyntax: Sendable, Hashable {
    /// twitter-text's: with a scheme (`http`, `https`) or without one (a host name ending in a
    /// top-level domain twitter-text knows), t.co links, directional marks around them.
    case twitter
    /// Mastodon's server's (Mastodon 4.6.5: twitter-text 3.1.0's Ruby gem and Mastodon's
    /// initializer): a scheme is required (`http`, `https` and the others Mastodon links, such
    /// as `gemini` and `ipfs`), paths and queries may hold non-ASCII characters, a path ends
    /// after parentheses only where they hold twitter-text's path characters, a t.co link keeps
    /// its slug only (no query) and only after `http://` or `https://`; the text and content
    /// warning are stripped as the server stores them (see the type's summary).
    case mastodon
    /// Mastodon's web composer's (Mastodon 4.6.5's `counter.js` and `url_regex.js`, over
    /// twitter-text 3.1.0's JavaScript patterns): each URL with `http://` or `https://` (no other
    /// scheme, no t.co rule, twitter-text's path characters) becomes `urlLength` `x`s (23 in the
    /// composer, whatever the server's), then each `@user@domain` with an ASCII user (letters,
    /// digits, `_`) and an ASCII domain (letters, digits, `.`, `-`, ending in a letter or digit)
    /// after the start or a character other than `/` and ASCII letters, digits and `_` becomes
    /// `@user`; the content warning, as typed, is measured with that text, joined. Nothing is
    /// stripped, and white space alone counts as it is.
    case mastodonComposer
    /// Bluesky's app's composer (social-app 63f0d4d3, atproto's RichText at d6296a1c): each link
    /// typed with `http(s)://` that atproto's RichText detects (after the start, white space or
    /// `(`, to the next white space, a last `.,;:!?` and an unmatched `)` left out) becomes what
    /// social-app's `toShortUrl` makes of it: its host and the first 13 characters of its path,
    /// query and fragment and `...` where those are longer than 15 (as the WHATWG URL parser
    /// writes them: international host names in punycode, the rest percent-encoded). A link
    /// typed without a scheme is detected but stays as typed. `urlLength` and `mentions` do not
    /// apply; Bluesky has no content warning. The text is counted as typed, not trimmed: what
    /// the composer shows under the text box.
    case bluesky
    /// What Bluesky's app publishes (`resolveRT`): the text with the lines of white space at its
    /// start and the white space at its end removed and each run of three or more line breaks
    /// made two, then its links shortened as `bluesky` shortens them: what the server checks
    /// (the `app.bsky.feed.post` lexicon's 300 graphemes and 3,000 UTF-8 bytes).
    case blueskyPublished
  }

  /// How mentions count.
  public enum Mentions: Sendable, Hashable {
    /// As written.
    case asWritten
    /// `@user@domain` counts as `@user` (Mastodon's rule: a remote account's domain is free).
    case withoutDomain
  }

  /// The unit the text is measured in: `.weighted(.twitterV3)` for X, `.graphemes` for
  /// Mastodon. Never itself a `.post` unit.
  public var unit: TextUnit {
    didSet { precondition(!unit.isPost, "PostLength: the unit cannot itself be a post length") }
  }
  /// What each URL counts, in `unit`: from 0 to `maximumURLLength`; nil to count URLs as
  /// written.
  public var urlLength: Int? {
    didSet { Self.checkURLLength(urlLength) }
  }

  /// The longest URL length a post length takes (8,388,606: what the C API's unit codes hold),
  /// far over any platform's (23), so that no count of URLs overflows.
  public static let maximumURLLength = 8_388_606

  private static func checkURLLength(_ urlLength: Int?) {
    precondition(
      urlLength.map { $0 >= 0 && $0 <= maximumURLLength } ?? true,
      "PostLength: urlLength under 0 or over maximumURLLength")
  }
  /// Which URLs are found: twitter-text's or Mastodon's.
  public var urlSyntax: URLSyntax
  /// How mentions count.
  public var mentions: Mentions
  /// Text measured with the post, before it, as written: Mastodon's content warning (its URLs
  /// and mentions are not shortened). Empty by default.
  public var contentWarning: String

  /// A post length from its parts.
  /// - Parameters:
  ///   - unit: What the text is measured in; not a `.post` unit.
  ///   - urlLength: What each URL counts (nil: URLs count as written); from 0 to
  ///     `maximumURLLength`.
  ///   - urlSyntax: Which URLs are found, and how the parts combine (see the type's summary).
  ///   - mentions: Whether `@user@domain` counts as `@user`.
  ///   - contentWarning: Text measured before the post (Mastodon's content warning).
  public init(
    unit: TextUnit, urlLength: Int? = 23, urlSyntax: URLSyntax = .twitter,
    mentions: Mentions = .asWritten, contentWarning: String = ""
  ) {
    precondition(!unit.isPost, "PostLength: the unit cannot itself be a post length")
    Self.checkURLLength(urlLength)
    self.unit = unit
    self.urlLength = urlLength
    self.urlSyntax = urlSyntax
    self.mentions = mentions
    self.contentWarning = contentWarning
  }

  /// X's (twitter-text v3): weighted length (`.weighted(.twitterV3)`: NFC first, CJK and emoji
  /// count 2), each URL with or without a scheme 23. X's limit is 280 (`PostRule.x`).
  public static let x = PostLength(unit: .weighted(.twitterV3), urlLength: 23, urlSyntax: .twitter)

  /// Mastodon's web composer's (Mastodon 4.6.5's `counter.js`): what stringz counts
  /// (`TextUnit.stringz`, not grapheme clusters), each URL with `http(s)://` `urlLength` (23),
  /// each `@user@domain` with an ASCII domain as `@user`, the content warning as typed counted
  /// with the text (pass it only while the composer's content-warning toggle is on: the
  /// composer neither counts nor sends it otherwise). Its server counts otherwise: `mastodon`.
  /// - Parameters:
  ///   - urlLength: What each URL counts; at least 0.
  ///   - contentWarning: The content warning, while its toggle is on; empty otherwise.
  public static func mastodonComposer(urlLength: Int = 23, contentWarning: String = "")
    -> PostLength
  {
    PostLength(
      unit: .stringz, urlLength: urlLength, urlSyntax: .mastodonComposer, mentions: .withoutDomain,
      contentWarning: contentWarning)
  }

  /// Bluesky's app's composer's: grapheme clusters of the text as typed, each link typed with
  /// `http(s)://` shortened as the app shortens it (`URLSyntax.bluesky`). Its limit is 300
  /// (`PostRule.blueskyComposer`).
  public static let blueskyComposer = PostLength(
    unit: .graphemes, urlLength: nil, urlSyntax: .bluesky)

  /// The text Bluesky's app publishes (`URLSyntax.blueskyPublished`: trimmed, its line breaks
  /// cleaned, its links shortened), in `unit`: `.utf8` for the lexicon's 3,000 bytes,
  /// `.graphemes` for its 300 graphemes.
  public static func blueskyPublished(unit: TextUnit) -> PostLength {
    PostLength(unit: unit, urlLength: nil, urlSyntax: .blueskyPublished)
  }

  /// Mastodon's server's (Mastodon 4.6.5: twitter-text 3.1.0 and Mastodon's initializer):
  /// grapheme clusters (Unicode 17: an older Ruby may count an Indic conjunct as two), each URL
  /// with a scheme `urlLength` (the server's `characters_reserved_per_url`, 23 by default), each
  /// `@user@domain` as `@user`, the content warning counted with the text, both stripped as the
  /// server stores them. Mastodon's limit is 500 by default, set per server
  /// (`PostRule.mastodon(maxCharacters:urlLength:contentWarning:)`). Its web composer counts
  /// otherwise: `mastodonComposer`.
  /// - Parameters:
  ///   - urlLength: What each URL counts; at least 0.
  ///   - contentWarning: The post's content warning (spoiler text), counted with it.
  public static func mastodon(urlLength: Int = 23, contentWarning: String = "") -> PostLength {
    PostLength(
      unit: .graphemes, urlLength: urlLength, urlSyntax: .mastodon, mentions: .withoutDomain,
      contentWarning: contentWarning)
  }
}
