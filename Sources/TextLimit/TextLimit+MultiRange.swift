#if !hasFeature(Embedded)
  public import Foundation
#endif

extension TextLimit {
  /// Decides an edit of several ranges at once, as iOS 26 reports one
  /// (`textField(_:shouldChangeCharactersInRanges:replacementString:)`,
  /// `textView(_:shouldChangeTextInRanges:replacementText:)`): the field puts `replacementText`
  /// in one of the ranges, "at its own discretion", and deletes the others.
  ///
  /// The rules are those of one range (`shouldChangeText(_:in:replacementText:markedTextRange:)`):
  /// deletions are accepted as asked; an insertion that fits wherever the field puts it is
  /// accepted; one that does not is shortened to its longest prefix that fits, put in the first
  /// range, and returned as `.replace` (apply it yourself and refuse the field's edit, so that
  /// the field's choice of range cannot matter); if nothing of it fits, it is rejected; edits
  /// inside the marked text are accepted under `.truncateAfterCompositionEnds`. Text outside the
  /// ranges is never touched. Overlapping or touching ranges are taken as one.
  ///
  /// ```swift
  /// let limit = TextLimit(maxLength: 5)
  /// limit.shouldChangeText("abcdef", in: [NSRange(location: 1, length: 1),
  ///                                     NSRange(location: 4, length: 1)], replacementText: "XYZ")
  /// // .replace(text: "aXYcf", selectedRange: {3, 0}): two deleted, "XY" of "XYZ" fits
  /// ```
  /// - Parameters:
  ///   - text: The text before the edit.
  ///   - ranges: The UTF-16 ranges the edit replaces.
  ///   - replacementText: What goes in one of the ranges.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  ///     One empty range just after non-empty marked text is an input method's commit as iOS 26
  ///     reports it (`[{2, 0}]` where iOS 18 sent `{0, 2}`): the edit replaces the marked text.
  /// - Complexity: O(n × rules × ranges) to count, plus the cut of one range's edit.
  public func shouldChangeText(
    _ text: String, in ranges: [NSRange], replacementText: String,
    markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    _evaluateMultiRangeEdit(
      text,
      _MultiRangeEdit(
        ranges: ranges, replacement: replacementText, in: text, markedTextRange: markedTextRange),
      markedTextRange: markedTextRange
    ).decision
  }

  /// Decides an edit of several ranges at once with a string for each, as AppKit reports one
  /// (`textView(_:shouldChangeTextInRanges:replacementStrings:)`): every range is replaced by
  /// its own string.
  ///
  /// Deletions are accepted as asked; if the whole edit fits, it is accepted; otherwise each
  /// string, from the first range on, keeps its longest prefix that fits (never splitting a
  /// grapheme cluster), and the result is returned as `.replace`; if nothing of any string fits,
  /// the edit is rejected. Text outside the ranges is never touched.
  /// - Parameters:
  ///   - text: The text before the edit.
  ///   - ranges: The UTF-16 ranges the edit replaces, sorted and apart, as AppKit gives them.
  ///   - replacementTexts: One string per range.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  /// - Precondition: `replacementTexts` has as many strings as `ranges` has ranges.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChangeText(
    _ text: String, in ranges: [NSRange], replacementTexts: [String],
    markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    precondition(
      ranges.count == replacementTexts.count, "TextLimit: one replacement string per range")
    return _evaluateMultiRangeEdit(
      text, _MultiRangeEdit(ranges: ranges, replacements: replacementTexts, in: text),
      markedTextRange: markedTextRange
    ).decision
  }

  /// What a multi-range edit comes to: the decision, what each range keeps when the decision
  /// is `.replace` (one string per range of `edit.ranges`), and the event to report, if any. An
  /// edit of one range is decided as one-range edits are (the iOS 26 commit included).
  func _evaluateMultiRangeEdit(
    _ text: String, _ edit: _MultiRangeEdit, markedTextRange: NSRange?
  ) -> (decision: TextEditDecision, kept: [String]?, event: LimitEvent?) {
    if let range = edit.single {
      let outcome = _evaluateEdit(
        in: _StringDocument(text: text), range: range, replacementText: edit.replacements[0],
        markedTextRange: markedTextRange)
      return (outcome.decision, nil, outcome.event)
    }
    let offered = edit.replacements.map { allowsEmoji ? $0 : _EmojiFilter.removingEmoji(from: $0) }
    let filtered = offered != edit.replacements
    let isInsideComposition =
      composition == .truncateAfterCompositionEnds
      && markedTextRange.map { marked in
        edit.ranges.allSatisfy {
          marked.location <= $0.lowerBound && $0.upperBound <= marked.location + marked.length
        }
      } == true
    // Per range, as the limiter would apply it (UIKit's replacement in the first range).
    let wanted = edit.placed(offered)
    func replacing(_ kept: [String]) -> TextEditDecision {
      .replace(
        text: edit.result(of: text, with: kept), selectedRange: edit.caret(in: text, with: kept))
    }
    func event(_ kept: [String]?, _ reason: LimitEvent.Reason) -> LimitEvent {
      LimitEvent(
        attemptedText: edit.result(of: text, with: edit.placed(edit.replacements)),
        keptText: kept.map { edit.result(of: text, with: $0) } ?? text, reason: reason)
    }
    let isDeletion = offered.allSatisfy { $0.isEmpty }
    // Only emoji, and none allowed.
    if isDeletion && !edit.replacements.allSatisfy({ $0.isEmpty }) {
      return (.reject, nil, event(nil, .emojiRemoved))
    }
    if isDeletion || isInsideComposition || enforcement == .soft
      || edit.everyPlacement(of: offered).allSatisfy({
        isWithinLimit(edit.result(of: text, with: $0))
      })
    {
      if !filtered && !edit.wasRepaired { return (.accept, nil, nil) }
      return (replacing(wanted), wanted, filtered ? event(wanted, .emojiRemoved) : nil)
    }
    // Shorten the insertions, from the first range on, each to its longest prefix that fits
    // with the ones before it kept, the ones after it not yet inserted, the deletions made.
    var kept = wanted.map { _ in "" }
    for index in kept.indices where !wanted[index].isEmpty {
      let before = edit.result(of: text, with: kept)
      let at = edit.insertionPoint(of: index, with: kept)
      let prefix = _longestFittingPrefix(
        of: wanted[index], in: _StringDocument(text: before), replacing: at..<at)
      kept[index] = prefix.map(String.init) ?? ""
    }
    if kept.allSatisfy({ $0.isEmpty }) { return (.reject, nil, event(nil, .insertionRejected)) }
    return (replacing(kept), kept, event(kept, .insertionTruncated))
  }
}

/// An edit of several UTF-16 ranges: the ranges repaired (rule 9) and in order, and what goes in
/// them, either one string for one range the host picks (UIKit) or a string per range (AppKit).
struct _MultiRangeEdit {
  /// The repaired ranges, sorted, apart.
  var ranges: [Range<Int>]
  /// With `one`, the single replacement; otherwise a string per range.
  var replacements: [String]
  /// Whether the host picks one range for `replacements[0]` (UIKit) rather than filling each.
  var hostPicksTheRange: Bool
  /// Whether a range was repaired or merged.
  var wasRepaired: Bool
  /// The range as given, when the edit came as one range: it is decided as a one-range edit.
  var single: NSRange?

  /// UIKit's form: `replacement` goes in one of `ranges`, the others are deleted. Overlapping or
  /// touching ranges are merged (which one the replacement goes in cannot then matter). One
  /// empty range just after the marked text is iOS 26's commit: it replaces the marked text
  /// (`TextLimit._committedRange`).
  init(ranges given: [NSRange], replacement: String, in text: String, markedTextRange: NSRange?) {
    let given =
      given.count == 1
      ? [TextLimit._committedRange(given[0], markedTextRange: markedTextRange)] : given
    let repaired = given.map { _EditRange($0, in: text) }
    let sorted = repaired.map { $0.utf16 }.sorted { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in sorted {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    if merged.isEmpty { merged = [text.utf16.count..<text.utf16.count] }
    ranges = merged
    replacements = [replacement]
    hostPicksTheRange = true
    wasRepaired = repaired.contains { $0.wasRepaired } || merged.count != given.count
    single = given.count == 1 ? given[0] : nil
  }

  /// AppKit's form: each range is replaced by its own string. Ranges that overlap once repaired
  /// are merged, their strings joined in order.
  init(ranges given: [NSRange], replacements strings: [String], in text: String) {
    let repaired = given.map { _EditRange($0, in: text) }
    let order = repaired.indices.sorted {
      repaired[$0].utf16.lowerBound < repaired[$1].utf16.lowerBound
    }
    var merged: [(range: Range<Int>, string: String)] = []
    for index in order {
      let range = repaired[index].utf16
      if let last = merged.last, range.lowerBound < last.range.upperBound {
        merged[merged.count - 1] = (
          last.range.lowerBound..<max(last.range.upperBound, range.upperBound),
          last.string + strings[index]
        )
      } else {
        merged.append((range, strings[index]))
      }
    }
    ranges = merged.map { $0.range }
    replacements = merged.map { $0.string }
    hostPicksTheRange = false
    wasRepaired =
      repaired.contains { $0.wasRepaired } || merged.count != given.count
      || order != Array(repaired.indices)
    single = given.count == 1 ? given[0] : nil
  }

  /// The string for each range: the replacement in the first range and nothing in the others
  /// (UIKit's edit as the limiter applies it), or each range's own (AppKit).
  func placed(_ strings: [String]) -> [String] {
    hostPicksTheRange ? [strings[0]] + Array(repeating: "", count: ranges.count - 1) : strings
  }

  /// Every way the host may place `strings` (one string per range): UIKit's replacement in each
  /// range in turn, or AppKit's one way.
  func everyPlacement(of strings: [String]) -> [[String]] {
    guard hostPicksTheRange else { return [strings] }
    return ranges.indices.map { target in
      ranges.indices.map { $0 == target ? strings[0] : "" }
    }
  }

  /// `text` with each range replaced by its string of `strings` (one per range).
  func result(of text: String, with strings: [String]) -> String {
    let units = Array(text.utf16)
    var result: [UInt16] = []
    result.reserveCapacity(units.count)
    var at = 0
    for (range, string) in zip(ranges, strings) {
      result += units[at..<range.lowerBound]
      result += string.utf16
      at = range.upperBound
    }
    result += units[at...]
    return String(decoding: result, as: UTF16.self)
  }

  /// Where range `index`'s string starts in `result(of:with: strings)`.
  func insertionPoint(of index: Int, with strings: [String]) -> Int {
    var shift = 0
    for earlier in 0..<index { shift += strings[earlier].utf16.count - ranges[earlier].count }
    return ranges[index].lowerBound + shift
  }

  /// The caret after the edit: after the last string inserted (or where the first range was),
  /// on a cluster boundary.
  func caret(in text: String, with strings: [String]) -> NSRange {
    let last = strings.lastIndex { !$0.isEmpty } ?? 0
    let offset = insertionPoint(of: last, with: strings) + strings[last].utf16.count
    return result(of: text, with: strings)._caretOnBoundary(atUTF16Offset: offset)
  }
}
