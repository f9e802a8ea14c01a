/// The limits a platform's post composer enforces, each a length and its maximum: X's 280 in
/// its weighted length, Mastodon's 500 characters, Bluesky's 300 characters and 3,000 bytes.
///
/// ```swift
/// let post = "Check https://example.com/a/very/long/path/that/is/longer/than/twenty/three ok"
/// PostRule.x.lengths(of: post)         // [32]: the URL counts 23
/// PostRule.x.allows(post)              // true
/// PostRule.bluesky.lengths(of: post)   // [78, 78]: clusters and bytes
/// ```
///
/// `TextLimit(_:)` makes a text field's limit of one, so that the field counts as the platform
/// does; `textlimit count --rule x`, the C API (`textlimit_rule_limits`), the Python package and
/// its Spark functions use the same rules by name.
public struct PostRule: Sendable, Hashable {
  /// The limits; a post must satisfy all of them. Never empty.
  public let limits: [LengthLimit]

  /// A rule from its limits, e.g. a Mastodon server's own: `PostRule([LengthLimit(maxLength:
  /// 1000, unit: .post(.mastodon(urlLength: 30)))])`.
  /// - Precondition: `limits` is not empty.
  public init(_ limits: [LengthLimit]) {
    precondition(!limits.isEmpty, "PostRule needs at least one limit")
    self.limits = limits
  }

  /// X's: 280 in X's length (`PostLength.x`: weighted, each URL 23).
  public static let x = PostRule([LengthLimit(maxLength: 280, unit: .post(.x))])

  /// Mastodon's: `maxCharacters` (500 unless the server says otherwise: its instance API's
  /// `configuration.statuses.max_characters`) in Mastodon's length (`PostLength.mastodon`:
  /// grapheme clusters, each URL `urlLength`, mentions without their domain, the content
  /// warning counted with the text).
  /// - Parameters:
  ///   - maxCharacters: The server's limit; at least 0.
  ///   - urlLength: What each URL counts (the server's `characters_reserved_per_url`).
  ///   - contentWarning: The post's content warning, which counts toward the same limit.
  public static func mastodon(
    maxCharacters: Int = 500, urlLength: Int = 23, contentWarning: String = ""
  ) -> PostRule {
    PostRule([
      LengthLimit(
        maxLength: maxCharacters,
        unit: .post(.mastodon(urlLength: urlLength, contentWarning: contentWarning)))
    ])
  }

  /// Mastodon's web composer's (Mastodon 4.6.5's `counter.js`, over twitter-text 3.1.0's
  /// JavaScript patterns and stringz 2.1): `maxCharacters` in `PostLength.mastodonComposer`,
  /// what the composer shows under the text box and checks before it lets a post be sent. The
  /// server counts otherwise (`mastodon`): a post the composer refuses may be one the server
  /// takes (`"  hello  "` is 9 here, 5 there).
  /// - Parameters:
  ///   - maxCharacters: The server's limit, as the composer reads it; at least 0.
  ///   - urlLength: What each URL counts (23 in the composer).
  ///   - contentWarning: The content warning while its toggle is on; empty otherwise.
  public static func mastodonComposer(
    maxCharacters: Int = 500, urlLength: Int = 23, contentWarning: String = ""
  ) -> PostRule {
    PostRule([
      LengthLimit(
        maxLength: maxCharacters,
        unit: .post(.mastodonComposer(urlLength: urlLength, contentWarning: contentWarning)))
    ])
  }

  /// Bluesky's: 300 grapheme clusters and 3,000 UTF-8 bytes (the `app.bsky.feed.post`
  /// lexicon's `maxGraphemes` and `maxLength` for a post's text). URLs count as written.
  public static let bluesky = PostRule([
    LengthLimit(maxLength: 300, unit: .graphemes), LengthLimit(maxLength: 3000, unit: .utf8),
  ])

  /// Bluesky's app's (social-app 63f0d4d3 over atproto's RichText at d6296a1c): 300 grapheme
  /// clusters of the text as the composer counts it (`PostLength.blueskyComposer`: links typed
  /// with `http(s)://` shortened, nothing trimmed: 300 `x` and two spaces are 302, and the app
  /// refuses them), and 3,000 UTF-8 bytes of the text it publishes
  /// (`PostLength.blueskyPublished(unit: .utf8)`: trimmed, line breaks cleaned, links
  /// shortened), which the server enforces (`app.bsky.feed.post`'s `maxLength`).
  /// `blueskyPublishedText(_:)` is that text.
  public static let blueskyComposer = PostRule([
    LengthLimit(maxLength: 300, unit: .post(.blueskyComposer)),
    LengthLimit(maxLength: 3000, unit: .post(.blueskyPublished(unit: .utf8))),
  ])

  /// The text Bluesky's app publishes for `text` typed in its composer: the lines of white
  /// space at the start and the white space at the end removed, each run of three or more line
  /// breaks made two, and each link typed with `http(s)://` shortened as `toShortUrl` shortens
  /// it (`Check https://example.com/a/very/long/path/that/is/longer/than/twenty/three ok` is
  /// `Check example.com/a/very/long/... ok`).
  /// - Complexity: O(n).
  public static func blueskyPublishedText(_ text: String) -> String {
    var text = text
    return text.withUTF8 {
      String(decoding: _BlueskyPost.published(UnsafeRawBufferPointer($0)), as: UTF8.self)
    }
  }

  /// `blueskyPublishedText(_:)` of UTF-8 bytes (ill-formed ones read as U+FFFD), as UTF-8.
  /// - Complexity: O(n).
  public static func blueskyPublishedText(utf8 bytes: UnsafeRawBufferPointer) -> [UInt8] {
    _BlueskyPost.published(bytes)
  }

  /// The names `init(name:maxLength:urlLength:)` takes.
  public static let names = ["x", "mastodon", "mastodon-composer", "bluesky", "bluesky-composer"]

  /// A platform's rule by name, as the command-line tool, the C API and the Python package take
  /// it: `x` (twitter-text 3.1.0), `mastodon` (Mastodon 4.6.5's server), `mastodon-composer`
  /// (Mastodon 4.6.5's web composer), `bluesky` (the `app.bsky.feed.post` lexicon),
  /// `bluesky-composer` (Bluesky's app, social-app 63f0d4d3).
  /// - Parameters:
  ///   - name: The platform.
  ///   - maxLength: Replaces the first limit's maximum (X's 280, Mastodon's 500, Bluesky's 300
  ///     clusters; Bluesky's 3,000 bytes stay); at least 0.
  ///   - urlLength: What each URL counts (23 by default) for `x`, `mastodon` and
  ///     `mastodon-composer`; at least 0.
  ///   - contentWarning: The post's content warning, for `mastodon` and `mastodon-composer`
  ///     (for the composer, only while its toggle is on).
  /// - Returns: Nil for an unknown name, a negative number, a URL length for `bluesky` or
  ///   `bluesky-composer` (which do not count URLs as a fixed length), or a content warning for
  ///   a platform without one.
  public init?(
    name: String, maxLength: Int? = nil, urlLength: Int? = nil, contentWarning: String = ""
  ) {
    guard maxLength.map({ $0 >= 0 }) ?? true, urlLength.map({ $0 >= 0 }) ?? true else {
      return nil
    }
    guard contentWarning.isEmpty || name == "mastodon" || name == "mastodon-composer" else {
      return nil
    }
    var limits: [LengthLimit]
    switch name {
    case "x":
      var length = PostLength.x
      length.urlLength = urlLength ?? 23
      limits = [LengthLimit(maxLength: 280, unit: .post(length))]
    case "mastodon":
      limits = PostRule.mastodon(urlLength: urlLength ?? 23, contentWarning: contentWarning).limits
    case "mastodon-composer":
      limits =
        PostRule.mastodonComposer(urlLength: urlLength ?? 23, contentWarning: contentWarning).limits
    case "bluesky":
      guard urlLength == nil else { return nil }
      limits = PostRule.bluesky.limits
    case "bluesky-composer":
      guard urlLength == nil else { return nil }
      limits = PostRule.blueskyComposer.limits
    default:
      return nil
    }
    if let maxLength { limits[0].maxLength = maxLength }
    self.init(limits)
  }

  /// The text's length for each limit, in order.
  /// - Complexity: O(n × limits).
  public func lengths(of text: String) -> [Int] {
    limits.map { TextCounter(unit: $0.unit).count(text) }
  }

  /// The length of the text these UTF-8 bytes hold (repaired as `String(decoding:)` repairs
  /// them) for each limit, in order.
  /// - Complexity: O(n × limits).
  public func lengths(utf8 bytes: UnsafeRawBufferPointer) -> [Int] {
    limits.map { TextCounter(unit: $0.unit).count(utf8: bytes) }
  }

  /// Whether the text is within every limit.
  /// - Complexity: O(n × limits).
  public func allows(_ text: String) -> Bool {
    zip(limits, lengths(of: text)).allSatisfy { $1 <= $0.maxLength }
  }

  /// The length in bytes of the longest prefix of these UTF-8 bytes within every limit, never
  /// splitting a grapheme cluster or a URL: where a server cuts a post it received.
  /// - Complexity: O(n × limits).
  public func prefixByteCount(utf8 bytes: UnsafeRawBufferPointer) -> Int {
    TextCounter.prefixByteCount(
      utf8: bytes, within: limits.map { (TextCounter(unit: $0.unit), $0.maxLength) })
  }
}
