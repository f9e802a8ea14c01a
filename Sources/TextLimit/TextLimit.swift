public import TextCount

#if !hasFeature(Embedded)
  public import Foundation
#endif

/// A maximum length, in one or more units, and how to enforce it while someone types.
///
/// ```swift
/// var nickname = TextLimit(maxLength: 20)                 // 20 grapheme clusters
/// let post = TextLimit([.init(maxLength: 300, unit: .graphemes),
///                       .init(maxLength: 3000, unit: .utf8)])   // both must hold
/// post.counterText(for: draft)                            // "12/300"
/// ```
///
/// The two hooks mirror UIKit's: `shouldChangeText(_:in:replacementText:markedTextRange:)` before
/// an edit and `textDidChange(_:selectedRange:markedTextRange:)` after one. Both are pure
/// functions of their arguments; `TextLimiter` wraps them with the state a text field needs.
/// Ranges are UTF-16 offsets, as `NSRange`s from UIKit are.
public struct TextLimit: Sendable, Hashable {
  /// One limit: at most `maxLength` in `unit` (TextCount's `LengthLimit`, which a `PostRule`
  /// holds too).
  public typealias Rule = LengthLimit

  /// What happens to text over the limit that the program (not the user) put there (rule 8).
  public enum OverLimitPolicy: Sendable, Hashable {
    /// It stays until the user edits; deleting is always allowed, growing it is not.
    case keepUntilEdited
    /// `TextLimiter.setText(_:)` truncates it at once.
    case truncate
  }

  /// The limits; an edit must satisfy all of them. Never empty.
  public var rules: [Rule] { ruleSet.all }
  /// The rules with a counter each, made once (at every call, making the counters cost a short
  /// text's check or cut some 55 instructions, 6%).
  private let ruleSet: _Rules
  /// How marked (IME) text is treated; `.truncateAfterCompositionEnds` by default.
  public var composition: CompositionPolicy = .truncateAfterCompositionEnds
  /// When false, emoji clusters are dropped from inserted text. True by default.
  public var allowsEmoji = true
  /// What happens to over-limit text set by the program; `.keepUntilEdited` by default.
  public var overLimitPolicy: OverLimitPolicy = .keepUntilEdited

  /// Whether the limit refuses text or only counts it.
  public enum Enforcement: Sendable, Hashable {
    /// Edits that would go over the limit are shortened or refused (the default).
    case hard
    /// Nothing is refused or trimmed: the text may go over, the counter counts down below zero,
    /// and `overflowRange(in:)` tells what lies beyond the limit, for the app to highlight, as
    /// the composers of X and Mastodon do. `overLimitPolicy` does not apply.
    case soft
  }
  /// `.hard` (refuse what does not fit) by default, or `.soft` (count, never refuse).
  public var enforcement: Enforcement = .hard

  /// Which rule a live counter shows.
  public enum CounterRule: Sendable, Hashable {
    /// The first rule (the default).
    case first
    /// The rule at this index of `rules`.
    case rule(Int)
    /// The rule the text is closest to (the smallest share of its maximum left), the first of
    /// equals: the one that will stop the user first.
    case tightest
  }
  /// The rule `counter(for:)` and `TextLimiter.counter` show; `.first` by default.
  public var counterRule: CounterRule = .first
  /// Where the counter starts to warn (`LimitCounter.state(warningAt:)`), and from which
  /// VoiceOver hears the count when the user pauses typing; `CounterThreshold.standard` (80% of
  /// the maximum used) by default, nil for no warning before the limit (the count is then
  /// spoken at every pause).
  public var warningThreshold: CounterThreshold? = .standard

  /// The state of `counter(for: text)` (`LimitCounter.state(warningAt:)` with
  /// `warningThreshold`): what a counter's style follows.
  /// - Complexity: O(n × rules) for `.tightest`, O(n) otherwise.
  public func counterState(for text: String) -> LimitCounter.State {
    counter(for: text).state(warningAt: warningThreshold)
  }

  /// At most `maxLength` in `unit` (grapheme clusters, what users see, by default).
  public init(maxLength: Int, unit: TextUnit = .graphemes) {
    self.init([Rule(maxLength: maxLength, unit: unit)])
  }

  /// Several limits at once, e.g. 300 graphemes and 3000 UTF-8 bytes; the first is the one the
  /// counter shows.
  /// - Precondition: `limits` is not empty.
  public init(_ limits: [Rule]) {
    ruleSet = _Rules(limits)
  }

  /// A platform's post limits, counted as its composer counts them: `TextLimit(.x)` (URLs 23),
  /// `TextLimit(.mastodon(maxCharacters: 500, contentWarning: warning))`, `TextLimit(.bluesky)`
  /// (300 clusters and 3,000 bytes). A URL is kept or cut whole.
  ///
  /// Mastodon counts the content warning with the post: when the warning changes, set the
  /// limit again (`limiter.limit = TextLimit(.mastodon(contentWarning: newWarning))`).
  public init(_ rule: PostRule) {
    self.init(rule.limits)
  }

  /// The length of `text` in the first rule's unit.
  /// - Complexity: O(n).
  public func count(_ text: String) -> Int {
    ruleSet.firstCounter.count(text)
  }

  /// How much more the first rule allows: never negative, 0 when over the limit.
  /// - Complexity: O(n).
  public func remaining(in text: String) -> Int {
    max(0, ruleSet.all[0].maxLength - count(text))
  }

  /// The live counter, `"count/max"` in the first rule's unit, e.g. `"12/100"`.
  /// - Complexity: O(n).
  public func counterText(for text: String) -> String {
    "\(count(text))/\(ruleSet.all[0].maxLength)"
  }

  /// What a live counter shows for `text`, in the rule `counterRule` picks: the length, the
  /// maximum, and what is left (negative over the limit).
  ///
  /// ```swift
  /// var post = TextLimit([.init(maxLength: 20, unit: .graphemes), .init(maxLength: 12, unit: .utf8)])
  /// post.counterRule = .tightest
  /// print(post.counter(for: "héllo wörld").text)  // "13/12": the bytes, one over
  /// ```
  /// - Complexity: O(n × rules) for `.tightest`, O(n) otherwise.
  public func counter(for text: String) -> LimitCounter {
    counter(lengths: { ruleSet.counters[$0].count(text) })
  }

  /// The counter for lengths given per rule index.
  func counter(lengths: (Int) -> Int) -> LimitCounter {
    let index: Int
    switch counterRule {
    case .first: index = 0
    case .rule(let chosen): index = ruleSet.all.indices.contains(chosen) ? chosen : 0
    case .tightest:
      // The smallest remaining / maximum, compared as fractions (no rounding).
      var best = 0
      var bestLength = lengths(0)
      for candidate in ruleSet.all.indices.dropFirst() {
        let length = lengths(candidate)
        let (a, b) = (ruleSet.all[candidate], ruleSet.all[best])
        if (a.maxLength - length) * max(b.maxLength, 1)
          < (b.maxLength - bestLength) * max(a.maxLength, 1)
        {
          best = candidate
          bestLength = length
        }
      }
      return LimitCounter(
        count: bestLength, maxLength: ruleSet.all[best].maxLength, unit: ruleSet.all[best].unit)
    }
    return LimitCounter(
      count: lengths(index), maxLength: ruleSet.all[index].maxLength,
      unit: ruleSet.all[index].unit)
  }

  /// Whether `text` breaks a rule (what a soft limit lets happen).
  /// - Complexity: O(n × number of rules).
  public func isOverLimit(_ text: String) -> Bool { !isWithinLimit(text) }

  /// The UTF-16 range of `text` beyond the limit: from the end of its longest prefix that
  /// satisfies every rule (never inside a grapheme cluster) to the end; nil when the text is
  /// within the limit. Under a soft limit, what an app highlights.
  ///
  /// ```swift
  /// var bio = TextLimit(maxLength: 5)
  /// bio.enforcement = .soft
  /// print(bio.overflowRange(in: "Hello, 世界")!)  // {5, 4}
  /// ```
  /// - Complexity: O(n × number of rules).
  public func overflowRange(in text: String) -> NSRange? {
    var text = text
    let (bytes, total) = text.withUTF8 {
      (prefixByteCount(utf8: UnsafeRawBufferPointer($0)), $0.count)
    }
    guard bytes < total else { return nil }
    let cut = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
    let location = text.utf16.distance(from: text.utf16.startIndex, to: cut)
    return NSRange(location: location, length: text.utf16.count - location)
  }

  /// Whether `text` satisfies every rule.
  /// - Complexity: O(n × number of rules).
  public func isWithinLimit(_ text: String) -> Bool {
    guard ruleSet.firstCounter.count(text) <= ruleSet.all[0].maxLength else { return false }
    for index in ruleSet.all.indices.dropFirst()
    where ruleSet.counters[index].count(text) > ruleSet.all[index].maxLength {
      return false
    }
    return true
  }

  /// The lengths of `text`, one per rule, in the rule's unit.
  func lengths(of text: some StringProtocol) -> [Int] {
    ruleSet.all.indices.map { ruleSet.counters[$0].count(String(text)) }
  }

  /// Whether lengths given one per rule are all within their rules.
  func allows(_ lengths: [Int]) -> Bool {
    zip(rules, lengths).allSatisfy { $1 <= $0.maxLength }
  }

  /// The longest prefix of `text` that satisfies every rule, never splitting a grapheme
  /// cluster: what a server stores when a client sent too much.
  /// - Complexity: O(n × number of rules).
  public func truncated(_ text: String) -> String {
    var text = text
    // A text within every rule is returned as it is. A cut one is a copy of its prefix: up to
    // 64 bytes decoded from them (the cut falls between scalars, so that changes nothing);
    // longer, made from a substring, whose bytes are known to be valid and not validated again
    // as `String(decoding:)` would (half the cost of a cut at 1 KiB; `withUTF8` made the text
    // native, so a UTF-8 offset is an index in O(1)).
    var byteCount = 0
    let shortCut = text.withUTF8 { utf8 -> String? in
      byteCount = prefixByteCount(utf8: UnsafeRawBufferPointer(utf8))
      guard byteCount < utf8.count && byteCount <= 64 else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: utf8[..<byteCount]), as: UTF8.self)
    }
    if let shortCut { return shortCut }
    guard byteCount < text.utf8.count else { return text }
    return String(text[..<text.utf8.index(text.utf8.startIndex, offsetBy: byteCount)])
  }

  /// The length in bytes of the longest prefix of these UTF-8 bytes that satisfies every rule,
  /// never splitting a grapheme cluster: where a server cuts a buffer a client sent. Ill-formed
  /// bytes are measured as `String(decoding:as: UTF8.self)` repairs them and kept as they are.
  ///
  /// ```swift
  /// let limit = TextLimit([.init(maxLength: 3, unit: .graphemes), .init(maxLength: 5, unit: .utf8)])
  /// let cut = Array("añb👍".utf8).withUnsafeBytes { limit.prefixByteCount(utf8: $0) }
  /// print(cut)  // 4
  /// ```
  /// - Complexity: O(n × number of rules).
  public func prefixByteCount(utf8 bytes: UnsafeRawBufferPointer) -> Int {
    let byteCount = ruleSet.firstCounter.prefixByteCount(
      utf8: bytes, maxCount: ruleSet.all[0].maxLength)
    guard ruleSet.all.count > 1 else { return byteCount }
    // The first rule's cut, with its counter borrowed; then every other rule's on what it kept.
    return TextCounter.prefixByteCount(
      utf8: UnsafeRawBufferPointer(rebasing: bytes[..<byteCount]),
      within: zip(ruleSet.counters.dropFirst(), ruleSet.all.dropFirst().lazy.map { $0.maxLength }))
  }
}
