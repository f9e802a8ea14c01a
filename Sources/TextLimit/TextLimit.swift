public import TextCount

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
  /// One limit: at most `maxLength` in `unit`.
  public struct Rule: Sendable, Hashable {
    /// The most the text may measure, in `unit`.
    public var maxLength: Int
    /// What is counted: grapheme clusters, UTF-16 code units, bytes, display width, weights.
    public var unit: TextUnit

    /// At most `maxLength` in `unit`.
    /// - Precondition: `maxLength >= 0`.
    public init(maxLength: Int, unit: TextUnit) {
      precondition(maxLength >= 0, "TextLimit.Rule: maxLength must not be negative")
      self.maxLength = maxLength
      self.unit = unit
    }
  }

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
    var byteCount = ruleSet.firstCounter.prefixByteCount(
      utf8: bytes, maxCount: ruleSet.all[0].maxLength)
    for index in ruleSet.all.indices.dropFirst() {
      // A cut falls on a cluster boundary, so the next rule measures the same clusters.
      byteCount = ruleSet.counters[index].prefixByteCount(
        utf8: UnsafeRawBufferPointer(rebasing: bytes[..<byteCount]),
        maxCount: ruleSet.all[index].maxLength)
    }
    return byteCount
  }
}
