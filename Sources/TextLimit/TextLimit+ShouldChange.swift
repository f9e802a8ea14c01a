public import Foundation

extension TextLimit {
  /// Decides an edit before it happens: UIKit's `shouldChangeCharactersIn` /
  /// `shouldChangeTextIn`.
  ///
  /// - A pure deletion is always accepted, even over the limit (rule 4).
  /// - An insertion that fits is accepted. One that does not keeps the longest prefix of the
  ///   replacement that fits, never splitting a grapheme cluster, and never losing text after the
  ///   caret; the caret goes after the kept part (rules 3, 5, 6). If nothing fits, it is rejected.
  /// - With `.truncateAfterCompositionEnds`, edits inside `markedTextRange` are accepted even over
  ///   the limit; `textDidChange` trims the committed text (rule 7).
  /// - A range outside the text or inside a surrogate pair is repaired, and the repaired edit is
  ///   returned as `.replace`, so the host never applies an invalid range (rule 9).
  ///
  /// ```swift
  /// let limit = TextLimit(maxLength: 5)
  /// limit.shouldChangeText("abcd", in: NSRange(location: 2, length: 0), replacementText: "XYZ")
  /// // .replace(text: "abXcd", selectedRange: {3, 0})
  /// ```
  /// - Parameters:
  ///   - text: The text before the edit.
  ///   - range: The UTF-16 range the edit replaces.
  ///   - replacementText: What the user typed, pasted or the input method produced.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  /// - Complexity: O(n × rules) to count, plus O(n × rules × log k) when an insertion of k
  ///   clusters must be shortened. `TextLimiter` does the same in time proportional to the edit.
  public func shouldChangeText(
    _ text: String, in range: NSRange, replacementText: String, markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    _evaluateEdit(text, in: range, replacementText: replacementText, markedTextRange: markedTextRange)
      .decision
  }

  /// The decision, with the event to report if the limit prevented or shortened the edit.
  func _evaluateEdit(
    _ text: String, in range: NSRange, replacementText: String, markedTextRange: NSRange?
  ) -> (decision: TextEditDecision, event: LimitEvent?) {
    let edit = _EditRange(range, in: text)
    let left = text[..<edit.bounds.lowerBound]
    let right = text[edit.bounds.upperBound...]
    var replacement = replacementText
    var event: LimitEvent? = nil
    if !allowsEmoji {
      let filtered = _EmojiFilter.removingEmoji(from: replacementText)
      if filtered != replacementText {
        event = LimitEvent(
          attemptedText: _joined(left, replacementText, right), keptText: _joined(left, filtered, right),
          reason: .emojiRemoved)
        replacement = filtered
      }
    }

    /// The edit as given, or as repaired/filtered: the host must apply it if it changed.
    func applying(_ kept: Substring) -> TextEditDecision {
      if !edit.wasRepaired && event == nil && kept.endIndex == replacementText.endIndex {
        return .accept
      }
      let caret = edit.utf16.lowerBound + kept.utf16.count
      return .replace(text: _joined(left, kept, right), selectedRange: .caret(at: caret))
    }

    let isInsideComposition =
      composition == .truncateAfterCompositionEnds
      && markedTextRange.map { marked in
        marked.location <= edit.utf16.lowerBound
          && edit.utf16.upperBound <= marked.location + max(marked.length, 0)
      } == true
    if replacement.isEmpty {
      if edit.bounds.isEmpty && event == nil && !edit.wasRepaired { return (.accept, nil) }
      return (applying(replacement[...]), event)  // rule 4: deleting is always allowed
    }
    if isInsideComposition || isWithinLimit(_joined(left, replacement, right)) {
      return (applying(replacement[...]), event)
    }
    let attempted = _joined(left, replacement, right)
    guard let kept = _longestFittingPrefix(of: replacement, between: left, and: right),
      !kept.isEmpty
    else {
      return (.reject, LimitEvent(attemptedText: attempted, keptText: text, reason: .insertionRejected))
    }
    let decision = applying(kept)
    return (decision, LimitEvent(attemptedText: attempted, keptText: _joined(left, kept, right), reason: .insertionTruncated))
  }

  /// The longest prefix of `replacement` that ends on a grapheme boundary (as segmented after
  /// `left`) and with which `left + prefix + right` satisfies every rule; nil when not even the
  /// empty prefix does.
  ///
  /// Found by binary search over the cluster boundaries: lengths grow with the prefix in every
  /// unit (a joining mark can leave a grapheme count flat, never lower), so the search ends on
  /// the longest prefix that fits.
  /// - Complexity: O((n + k) × rules × log k) for k clusters in `replacement`.
  func _longestFittingPrefix(
    of replacement: String, between left: Substring, and right: Substring
  ) -> Substring? {
    let cuts = Self._clusterEnds(of: replacement, after: left)
    func fits(_ cut: Int) -> Bool {
      let prefix = replacement.utf8.prefix(cut)
      return isWithinLimit(_joined(left, Substring(prefix), right))
    }
    guard fits(0) else { return nil }
    var low = 0  // cuts[low] fits
    var high = cuts.count  // cuts[high...] do not (the whole replacement was checked by the caller)
    while high - low > 1 {
      let middle = (low + high) / 2
      if fits(cuts[middle]) { low = middle } else { high = middle }
    }
    return Substring(replacement.utf8.prefix(cuts[low]))
  }

  /// UTF-8 offsets in `replacement` where a grapheme cluster ends once it follows `left`,
  /// starting with 0 (keep nothing). A leading mark that joins `left`'s last cluster is not a
  /// cluster of its own, so no cut falls inside it.
  static func _clusterEnds(of replacement: String, after left: Substring) -> [Int] {
    let context = left.last.map(String.init) ?? ""
    let contextLength = context.utf8.count
    let joined = context + replacement
    var cuts = [0]
    var offset = 0
    for character in joined {
      offset += character.utf8.count
      if offset > contextLength { cuts.append(offset - contextLength) }
    }
    return cuts
  }
}

/// `left + middle + right` in one allocation.
func _joined(_ left: Substring, _ middle: some StringProtocol, _ right: Substring) -> String {
  var result = ""
  result.reserveCapacity(left.utf8.count + middle.utf8.count + right.utf8.count)
  result += left
  result += middle
  result += right
  return result
}
