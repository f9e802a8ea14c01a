import Foundation
import TextCount
import TextLimit

/// Random texts, limits and edits for the property tests.
enum RandomEdits {
  /// Pieces that join, split and straddle clusters: combining marks, skin tones, ZWJ sequences,
  /// flags, Indic conjuncts, CRLF, CJK, and plain ASCII.
  static let pieces: [String] = [
    "a", "b", "x", " ", "\n", "\r", "\r\n", "e\u{301}", "\u{301}", "\u{308}", "👍", "🏽", "👍🏽",
    "\u{200D}", "👨‍👩‍👧‍👦", "👩", "🇯", "🇵", "🇯🇵", "🇫🇷", "क", "्", "ष", "क्ष", "你", "好", "こ",
    "한", "ᄀ", "ᅡ", "ᆨ", "\u{FE0F}", "❤️", "1️⃣", "©", "😀", "🫠",
  ]

  static func string(maxPieces: Int, using random: inout some RandomNumberGenerator) -> String {
    (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
  }

  static func limit(using random: inout some RandomNumberGenerator) -> TextLimit {
    let units = TextUnit.allCases
    var rules = [
      TextLimit.Rule(
        maxLength: Int.random(in: 0...16, using: &random),
        unit: units.randomElement(using: &random)!)
    ]
    if Bool.random(using: &random) {
      rules.append(
        .init(
          maxLength: Int.random(in: 0...40, using: &random),
          unit: units.randomElement(using: &random)!))
    }
    var limit = TextLimit(rules)
    if Int.random(in: 0..<4, using: &random) == 0 { limit.composition = .enforced }
    if Int.random(in: 0..<8, using: &random) == 0 { limit.allowsEmoji = false }
    return limit
  }

  /// A text for `limit`: usually within it, sometimes over it (text the program set).
  static func text(for limit: TextLimit, using random: inout some RandomNumberGenerator) -> String {
    let text = string(maxPieces: 10, using: &random)
    return Int.random(in: 0..<4, using: &random) == 0 ? text : limit.truncated(text)
  }

  /// A UTF-16 range in `text`, anywhere (inside clusters too) but never between the halves of a
  /// surrogate pair; with `stale`, sometimes out of range or splitting a pair (rule 9).
  static func range(
    in text: String, using random: inout some RandomNumberGenerator, stale: Bool = true
  ) -> NSRange {
    let length = text.utf16.count
    if stale && Int.random(in: 0..<20, using: &random) == 0 {
      return NSRange(
        location: Int.random(in: 0...(length + 5), using: &random),
        length: Int.random(in: 0...9, using: &random))
    }
    let location = Int.random(in: 0...length, using: &random)
    let range = NSRange(
      location: location, length: Int.random(in: 0...(length - location), using: &random))
    return stale ? range : text.repairedRange(range).nsRange
  }
}

extension Range<Int> {
  /// The same UTF-16 range as an `NSRange`.
  var nsRange: NSRange { NSRange(location: lowerBound, length: count) }
}

extension String {
  /// Whether UTF-16 `offset` is a grapheme-cluster boundary of the text.
  func isCharacterBoundary(utf16Offset offset: Int) -> Bool {
    guard offset >= 0, offset <= utf16.count else { return false }
    let index = utf16.index(utf16.startIndex, offsetBy: offset)
    return index == endIndex || indices.contains(index)
  }

  /// The UTF-16 units of the text, for comparing outside parts exactly.
  var units: [UInt16] { Array(utf16) }
}

extension String {
  /// The text with UTF-16 `range` replaced, as UIKit applies an accepted edit (the range must
  /// be valid: UIKit would raise otherwise, and so does this).
  func replacingUTF16(_ range: NSRange, with replacement: String) -> String {
    var units = Array(utf16)
    precondition(
      range.location >= 0 && range.location + range.length <= units.count, "invalid range \(range)")
    units.replaceSubrange(
      range.location..<(range.location + range.length), with: Array(replacement.utf16))
    return String(decoding: units, as: UTF16.self)
  }

  /// Rule 9's repair, written independently of the engine: clamp, then move an edge that falls
  /// inside a surrogate pair (an empty range moves after the pair, a non-empty one widens).
  func repairedRange(_ range: NSRange) -> Range<Int> {
    let units = Array(utf16)
    var lower = min(max(range.location, 0), units.count)
    var upper = min(lower + max(range.length, 0), units.count)
    func inside(_ offset: Int) -> Bool {
      offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
    }
    if lower == upper {
      if inside(lower) {
        lower += 1
        upper = lower
      }
    } else {
      if inside(lower) { lower -= 1 }
      if inside(upper) { upper += 1 }
    }
    return lower..<upper
  }
}
