/// Weights per code point, for `TextUnit.weighted`: the "length" products like Twitter (X) and
/// many Chinese and Japanese services use, where some characters count double.
///
/// A grapheme cluster weighs the sum of its scalars' weights (the weight of the first range that
/// holds a scalar, else `defaultWeight`); one that starts with an emoji weighs
/// `emojiClusterWeight` for the emoji and its other scalars by their weights. An emoji is one of
/// Unicode's RGI emoji of Emoji 17.0 (UTS #51: fully qualified basic emoji, keycaps, flags, tag,
/// modifier and ZWJ sequences; `😀`, `❤️`, `🇯🇵`, `👍🏽`, `👨‍👩‍👧‍👦`), the longest one the
/// cluster starts with, or a keycap without its U+FE0F (`1⃣`, as twitter-text counts it): so
/// `😀` is 2 in twitter-text's weights, `😀` and a combining accent 3, `🇦🇧` (no flag) 4, `©`
/// without U+FE0F 1. The length is the sum over clusters of `weight / scale`, rounded up per
/// cluster. With `normalizesToNFC`, each cluster is put in NFC first.
public struct WeightTable: Sendable, Hashable {
  /// A weight for the code points `first...last`.
  public struct Range: Sendable, Hashable {
    /// The first code point of the range.
    public var first: UInt32
    /// The last code point of the range (inclusive).
    public var last: UInt32
    /// The weight of each code point in the range, in `WeightTable.scale` units.
    public var weight: Int

    /// The code points `first...last`, each weighing `weight`.
    /// - Precondition: `first <= last`.
    public init(_ first: UInt32, _ last: UInt32, weight: Int) {
      precondition(first <= last, "WeightTable.Range: first > last")
      self.first = first
      self.last = last
      self.weight = weight
    }
  }

  /// The weighted ranges; a code point in none weighs `defaultWeight`. They do not overlap.
  public var ranges: [Range]
  /// The weight of a code point no range holds, in `scale` units.
  public var defaultWeight: Int
  /// The weight of one unit of length (100 for twitter-text's weights of 100 and 200).
  public var scale: Int
  /// The weight of an emoji (an RGI emoji sequence a cluster starts with, or a keycap without
  /// U+FE0F) as a whole; nil to weigh emoji by their scalars.
  public var emojiClusterWeight: Int?
  /// Whether each cluster is put in NFC before it is weighed (twitter-text does).
  public var normalizesToNFC: Bool

  /// - Precondition: the ranges do not overlap; `scale >= 1`.
  public init(
    ranges: [Range], defaultWeight: Int, scale: Int = 1, emojiClusterWeight: Int? = nil,
    normalizesToNFC: Bool = false
  ) {
    precondition(scale >= 1, "WeightTable: scale must be at least 1")
    let sorted = ranges.sorted { $0.first < $1.first }
    precondition(
      zip(sorted, sorted.dropFirst()).allSatisfy { $0.last < $1.first },
      "WeightTable: ranges overlap")
    self.ranges = sorted
    self.defaultWeight = defaultWeight
    self.scale = scale
    self.emojiClusterWeight = emojiClusterWeight
    self.normalizesToNFC = normalizesToNFC
  }

  /// twitter-text v3 (the published `v3.json` configuration): Latin, Cyrillic, Greek, Hebrew,
  /// Arabic and the other scripts below U+1100, and some punctuation, weigh 1; everything else
  /// (CJK, Hangul, Indic above U+1100…) weighs 2; an emoji weighs 2 as a whole (X's own
  /// documentation: emoji of its emoji set, which follows Unicode; here Unicode's RGI emoji of
  /// Emoji 17.0, where twitter-text 3.1.0's own lists stop at Emoji 12.1 in Java and Ruby, 11 in
  /// JavaScript); text is NFC-normalized first. With `TextLimit(maxLength: 280, unit:
  /// .weighted(.twitterV3))`, a post is within the limit exactly when twitter-text says it is
  /// for the emoji its lists know (URLs aside: they count by their characters here, not as 23).
  public static let twitterV3 = WeightTable(
    ranges: [
      Range(0, 4351, weight: 100), Range(8192, 8205, weight: 100), Range(8208, 8223, weight: 100),
      Range(8242, 8247, weight: 100),
    ],
    defaultWeight: 200, scale: 100, emojiClusterWeight: 200, normalizesToNFC: true)

  /// "一个汉字算两个字符": East Asian wide and fullwidth characters (display width 2, as
  /// `utf8proc_charwidth` says) weigh 2, everything else 1; an emoji weighs 2; text is
  /// NFC-normalized first (so `e` + U+0301 is one `é`).
  public static let wideAsTwo = WeightTable(
    ranges: _ScalarTables.widths.filter { $0.width == 2 }.map {
      Range($0.first, $0.last, weight: 2)
    },
    defaultWeight: 1, scale: 1, emojiClusterWeight: 2, normalizesToNFC: true)

  /// The weight of one scalar.
  /// - Complexity: O(log ranges).
  func weight(of scalar: UInt32) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].last < scalar { low = middle + 1 } else { high = middle }
    }
    if low < ranges.count, ranges[low].first <= scalar { return ranges[low].weight }
    return defaultWeight
  }
}
