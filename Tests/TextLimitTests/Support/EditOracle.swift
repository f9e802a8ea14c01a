import Foundation
import TextCount
import TextLimit

/// What an edit could have come to, found the slow, obvious way, independently of the engine:
/// every candidate result is built and measured, and the best is picked by a linear scan.
enum EditOracle {
  /// The length of `text` in `unit`: the standard library's own views for the units `String`
  /// has, TextCount for display width, the weighted units and post lengths (whose own suites
  /// check them against Unicode's data files and twitter-text's conformance cases).
  static func length(_ text: String, in unit: TextUnit) -> Int {
    switch unit {
    case .graphemes: text.count
    case .utf16: text.utf16.count
    case .unicodeScalars: text.unicodeScalars.count
    case .utf8: text.utf8.count
    case .displayWidth, .weighted, .post, .sms, .htmlMaxLength, .words, .stringz:
      TextCounter(unit: unit).count(text)
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

extension EditOracle {
  /// Ranges repaired (rule 9) and sorted, written independently of the engine; with `merging`,
  /// overlapping or touching ranges become one (UIKit's form), else only overlapping ones do
  /// (AppKit's, whose strings are then joined).
  static func normalized(
    _ ranges: [NSRange], in text: String, touching: Bool
  ) -> (ranges: [Range<Int>], groups: [[Int]], wasRepaired: Bool) {
    let repaired = ranges.map { text.repairedRange($0) }
    let order = repaired.indices.sorted { repaired[$0].lowerBound < repaired[$1].lowerBound }
    var merged: [Range<Int>] = []
    var groups: [[Int]] = []
    for index in order {
      let range = repaired[index]
      if let last = merged.last,
        touching ? range.lowerBound <= last.upperBound : range.lowerBound < last.upperBound
      {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        groups[groups.count - 1].append(index)
      } else {
        merged.append(range)
        groups.append([index])
      }
    }
    let wasRepaired =
      zip(repaired, ranges).contains { $0.0 != $0.1.location..<($0.1.location + $0.1.length) }
      || merged.count != ranges.count || (!touching && order != Array(ranges.indices))
    return (merged, groups, wasRepaired)
  }

  /// `text` with each of `ranges` (sorted, apart) replaced by its string.
  static func replacing(_ text: String, _ ranges: [Range<Int>], _ strings: [String]) -> String {
    let units = Array(text.utf16)
    var result: [UInt16] = []
    var at = 0
    for (range, string) in zip(ranges, strings) {
      result += units[at..<range.lowerBound] + Array(string.utf16)
      at = range.upperBound
    }
    return String(decoding: result + units[at...], as: UTF16.self)
  }

  /// The caret after `strings` were put in `ranges`: after the last non-empty one (or where the
  /// first range was), moved to the end of its cluster.
  static func caret(_ text: String, _ ranges: [Range<Int>], _ strings: [String]) -> NSRange {
    let last = strings.lastIndex { !$0.isEmpty } ?? 0
    var offset = ranges[last].lowerBound + strings[last].utf16.count
    for earlier in 0..<last { offset += strings[earlier].utf16.count - ranges[earlier].count }
    let result = replacing(text, ranges, strings)
    return caret(
      in: result, after: String(decoding: Array(result.utf16)[..<offset], as: UTF16.self))
  }

  /// The decision for iOS 26's form (one string, in the range the field picks), by scans:
  /// accepted when the string fits in every range; otherwise its longest prefix that fits in
  /// the first range, the others deleted; rejected when no non-empty prefix fits.
  static func expectedDecision(
    _ limit: TextLimit, text: String, ranges given: [NSRange], oneString replacement: String
  ) -> TextEditDecision {
    if given.count == 1 {
      return expectedDecision(limit, text: text, range: given[0], replacement: replacement)
    }
    let (ranges, _, wasRepaired) = normalized(given, in: text, touching: true)
    let offered = limit.allowsEmoji ? replacement : String(replacement.filter { !isEmoji($0) })
    let empty = Array(repeating: "", count: ranges.count)
    func placed(_ string: String, at target: Int) -> [String] {
      var strings = empty
      strings[target] = string
      return strings
    }
    func replace(_ strings: [String]) -> TextEditDecision {
      .replace(text: replacing(text, ranges, strings), selectedRange: caret(text, ranges, strings))
    }
    if offered.isEmpty && !replacement.isEmpty { return .reject }
    if offered.isEmpty
      || ranges.indices.allSatisfy({ fits(replacing(text, ranges, placed(offered, at: $0)), limit) }
      )
    {
      return offered == replacement && !wasRepaired ? .accept : replace(placed(offered, at: 0))
    }
    let before = String(decoding: Array(text.utf16)[..<ranges[0].lowerBound], as: UTF16.self)
    let cuts = clusterPrefixLengths(of: offered, after: before.last.map(String.init) ?? "")
    guard
      let best = cuts.last(where: { cut in
        fits(
          replacing(text, ranges, placed(String(Substring(offered.utf8.prefix(cut))), at: 0)), limit
        )
      })
    else { return .reject }
    return replace(placed(String(Substring(offered.utf8.prefix(best))), at: 0))
  }

  /// The decision for AppKit's form (a string per range), by scans: accepted when the whole
  /// edit fits; otherwise each string from the first keeps its longest prefix that fits with
  /// the ones before it kept and the later ones not yet put; rejected when none keeps anything.
  static func expectedDecision(
    _ limit: TextLimit, text: String, ranges given: [NSRange], strings given2: [String]
  ) -> TextEditDecision {
    if given.count == 1 {
      return expectedDecision(limit, text: text, range: given[0], replacement: given2[0])
    }
    let (ranges, groups, wasRepaired) = normalized(given, in: text, touching: false)
    // The strings of merged ranges are joined in the ranges' order.
    let strings = groups.map { group in group.map { given2[$0] }.joined() }
    let offered = strings.map { limit.allowsEmoji ? $0 : String($0.filter { !isEmoji($0) }) }
    func replace(_ kept: [String]) -> TextEditDecision {
      .replace(text: replacing(text, ranges, kept), selectedRange: caret(text, ranges, kept))
    }
    if offered.allSatisfy(\.isEmpty) && !strings.allSatisfy(\.isEmpty) { return .reject }
    if offered.allSatisfy(\.isEmpty) || fits(replacing(text, ranges, offered), limit) {
      return offered == strings && !wasRepaired ? .accept : replace(offered)
    }
    var kept = Array(repeating: "", count: ranges.count)
    for index in kept.indices where !offered[index].isEmpty {
      let upTo = replacing(
        String(decoding: Array(text.utf16)[..<ranges[index].lowerBound], as: UTF16.self),
        Array(ranges[..<index]), Array(kept[..<index]))
      let cuts = clusterPrefixLengths(of: offered[index], after: upTo.last.map(String.init) ?? "")
      let best = cuts.last { cut in
        var trial = kept
        trial[index] = String(Substring(offered[index].utf8.prefix(cut)))
        return fits(replacing(text, ranges, trial), limit)
      }
      kept[index] = best.map { String(Substring(offered[index].utf8.prefix($0))) } ?? ""
    }
    return kept.allSatisfy(\.isEmpty) ? .reject : replace(kept)
  }

  /// Two or more ranges apart (not touching), anywhere in `text` but never inside a surrogate
  /// pair.
  static func disjointRanges(
    in text: String, count: Int, using random: inout some RandomNumberGenerator
  ) -> [NSRange] {
    let length = text.utf16.count
    let points = (0..<(count * 2)).map { _ in Int.random(in: 0...length, using: &random) }
      .map { text.repairedRange(NSRange(location: $0, length: 0)).lowerBound }.sorted()
    var ranges: [NSRange] = []
    var at = -1
    for pair in stride(from: 0, to: points.count, by: 2) {
      let lower = max(points[pair], at + 1)
      let upper = max(lower, points[pair + 1])
      guard lower <= length else { break }
      let range = text.repairedRange(NSRange(location: lower, length: upper - lower))
      if range.lowerBound > at { ranges.append(range.nsRange) }
      at = range.upperBound
    }
    return ranges.isEmpty ? [NSRange(location: length, length: 0)] : ranges
  }

  /// Whether `after` is a text a multi-range edit of `before` may leave: each range holds a
  /// prefix of its string, emoji removed where the limit allows none (UIKit's form: one range
  /// holds a prefix of the one string, the others nothing), the rest of the text as it was; or
  /// `before` itself.
  static func isAllowedResult(
    _ after: String, of before: String, ranges: [NSRange], strings offered: [String],
    oneString: Bool, allowsEmoji: Bool
  ) -> Bool {
    if after == before { return true }
    let strings = offered.map { allowsEmoji ? $0 : String($0.filter { !isEmoji($0) }) }
    let sorted = ranges.map { before.repairedRange($0) }.sorted { $0.lowerBound < $1.lowerBound }
    func prefixes(_ string: String) -> [String] {
      (0...string.utf16.count).compactMap { String(string.utf16.prefix($0)) }
    }
    if oneString {
      for target in sorted.indices {
        for prefix in prefixes(strings[0]) {
          var placed = Array(repeating: "", count: sorted.count)
          placed[target] = prefix
          if replacing(before, sorted, placed) == after { return true }
        }
      }
      return false
    }
    var candidates: [[String]] = [[]]
    for string in strings {
      candidates = candidates.flatMap { head in prefixes(string).map { head + [$0] } }
    }
    return candidates.contains { replacing(before, sorted, $0) == after }
  }
}
