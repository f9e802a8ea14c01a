import Foundation
import TextCount
import TextLimit

/// What an edit could have come to, found the slow, obvious way, independently of the engine:
/// every candidate result is built and measured, and the best is picked by a linear scan.
enum EditOracle {
  /// The length of `text` in `unit`: the standard library's own views for the units `String`
  /// has, TextCount for display width and the weighted units (whose own suites check them
  /// against Unicode's data files).
  static func length(_ text: String, in unit: TextUnit) -> Int {
    switch unit {
    case .graphemes: text.count
    case .utf16: text.utf16.count
    case .unicodeScalars: text.unicodeScalars.count
    case .utf8: text.utf8.count
    case .displayWidth, .weighted: TextCounter(unit: unit).count(text)
    }
  }

  /// Whether `text` satisfies every rule of `limit`.
  static func fits(_ text: String, _ limit: TextLimit) -> Bool {
    limit.rules.allSatisfy { length(text, in: $0.unit) <= $0.maxLength }
  }

  /// The UTF-8 lengths of the prefixes of `replacement` that end where a grapheme cluster of
  /// `context + replacement` ends, shortest first, the whole replacement last.
  static func clusterPrefixLengths(of replacement: String, after context: String) -> [Int] {
    let contextLength = context.utf8.count
    var offset = 0
    var cuts: [Int] = []
    for character in context + replacement {
      offset += character.utf8.count
      if offset > contextLength { cuts.append(offset - contextLength) }
    }
    return cuts
  }

  /// What the stateless hook must answer, by a linear scan over the cluster boundaries: the
  /// longest non-empty prefix of the (emoji-filtered) replacement with which the text fits;
  /// a deletion exactly as asked; a reject only when no non-empty prefix fits.
  static func expectedDecision(
    _ limit: TextLimit, text: String, range: NSRange, replacement: String
  ) -> TextEditDecision {
    let repaired = text.repairedRange(range)
    let units = Array(text.utf16)
    let before = String(decoding: units[..<repaired.lowerBound], as: UTF16.self)
    let after = String(decoding: units[repaired.upperBound...], as: UTF16.self)
    let offered = limit.allowsEmoji ? replacement : String(replacement.filter { !isEmoji($0) })
    let isExact = repaired == range.location..<(range.location + range.length)
    func result(keeping kept: Substring) -> TextEditDecision {
      if isExact && kept.utf8.count == replacement.utf8.count { return .accept }
      let newText = before + kept + after
      return .replace(text: newText, selectedRange: caret(in: newText, after: before + kept))
    }
    if replacement.isEmpty { return result(keeping: "") }
    let lastBefore = before.last.map(String.init) ?? ""
    let cuts = clusterPrefixLengths(of: offered, after: lastBefore)
    guard
      let best = cuts.last(where: { cut in
        fits(before + Substring(offered.utf8.prefix(cut)) + after, limit)
      })
    else { return .reject }
    return result(keeping: Substring(offered.utf8.prefix(best)))
  }

  /// A caret after `kept` (a prefix of `text`), moved to the end of the cluster it falls in.
  static func caret(in text: String, after kept: String) -> NSRange {
    var offset = 0
    for character in text {
      if offset >= kept.utf16.count { break }
      offset += character.utf16.count
    }
    return NSRange(location: offset, length: 0)
  }

  /// The documented emoji rule: emoji presentation, a flag letter, a keycap, or U+FE0F right
  /// after an emoji-capable scalar in the same cluster.
  static func isEmoji(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    return scalars.indices.contains { index in
      let scalar = scalars[index]
      return scalar.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(scalar.value)
        || scalar.value == 0x20E3
        || (scalar.value == 0xFE0F && index > 0 && scalars[index - 1].properties.isEmoji)
    }
  }
}
