public import Foundation

extension TextLimiter {
  /// `TextLimit.shouldChangeText(_:in:replacementText:markedTextRange:)` for several ranges (iOS
  /// 26), on the text the limiter knows. An accepted edit is one the host applies as it chooses:
  /// the limiter learns the result at the next did-change. A `.replace` is applied to the copy
  /// at once: the caller applies it to the host.
  /// - Parameters:
  ///   - ranges: The UTF-16 ranges the edit replaces.
  ///   - replacementText: What goes in one of them.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  /// - Returns: Accept, reject, or the edit to apply instead.
  /// - Complexity: O(n × rules × ranges); one range costs what a one-range edit does.
  public func shouldChangeText(
    in ranges: [NSRange], replacementText: String, markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    decideMultiRange(
      _MultiRangeEdit(
        ranges: ranges, replacement: replacementText, in: text, markedTextRange: markedTextRange),
      markedTextRange
    ).decision
  }

  /// `TextLimit.shouldChangeText(_:in:replacementTexts:markedTextRange:)` (AppKit's several
  /// ranges, a string each) on the text the limiter knows; as
  /// `shouldChangeText(in:replacementText:markedTextRange:)`.
  /// - Precondition: `replacementTexts` has as many strings as `ranges` has ranges.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChangeText(
    in ranges: [NSRange], replacementTexts: [String], markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    precondition(
      ranges.count == replacementTexts.count, "TextLimiter: one replacement string per range")
    return decideMultiRange(
      _MultiRangeEdit(ranges: ranges, replacements: replacementTexts, in: text), markedTextRange
    ).decision
  }

  /// Drives a host from its delegate's multi-range will-change hook (iOS 26's
  /// `shouldChangeCharactersInRanges` and `shouldChangeTextInRanges`): as
  /// `shouldChange(_:in:replacementText:)`, with the replacement in whichever range the host
  /// picks when it fits wherever it goes, and otherwise the limiter's shortened edit applied to
  /// the host itself (the replacement in the first range, the others deleted).
  /// - Returns: Whether the host should apply the edit as it is.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementText: String
  ) -> Bool {
    if isApplyingCorrection { return true }
    synchronize(with: host.limitHostText)
    let edit = _MultiRangeEdit(
      ranges: ranges, replacement: replacementText, in: text,
      markedTextRange: host.limitHostMarkedTextRange)
    return drive(host, edit)
  }

  /// Drives a host from AppKit's multi-range will-change hook
  /// (`textView(_:shouldChangeTextInRanges:replacementStrings:)`), a string per range.
  /// - Precondition: `replacementTexts` has as many strings as `ranges` has ranges.
  /// - Returns: Whether the host should apply the edit as it is.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementTexts: [String]
  ) -> Bool {
    precondition(
      ranges.count == replacementTexts.count, "TextLimiter: one replacement string per range")
    if isApplyingCorrection { return true }
    synchronize(with: host.limitHostText)
    let edit = _MultiRangeEdit(ranges: ranges, replacements: replacementTexts, in: text)
    return drive(host, edit)
  }

  /// Decides `edit` for `host` and, when the limiter must apply it itself, applies it, range by
  /// range from the last (so each range's offsets still hold), as edits of the user's.
  private func drive(_ host: some TextInputHost, _ edit: _MultiRangeEdit) -> Bool {
    if let range = edit.single {
      return shouldChange(host, in: range, replacementText: edit.replacements[0])
    }
    let (decision, kept) = decideMultiRange(edit, host.limitHostMarkedTextRange)
    switch decision {
    case .accept: return true
    case .reject: return false
    case .replace(_, let selectedRange):
      // The copy already holds the result; apply the same to the host.
      isApplyingCorrection = true
      for (range, string) in zip(edit.ranges, kept ?? []).reversed() {
        host.limitHostReplace(
          NSRange(location: range.lowerBound, length: range.count), withText: string)
      }
      host.limitHostSelectedRange = selectedRange
      isApplyingCorrection = false
      // Applying an edit ends a composition in progress, with no did-change call of its own.
      didChange(host)
      return false
    }
  }

  /// The multi-range decision on the copy, with the allowance; the copy takes a `.replace` at
  /// once. An accepted edit is learned from the host at did-change (the host picks the range).
  /// An edit of one range is a one-range edit.
  private func decideMultiRange(
    _ edit: _MultiRangeEdit, _ markedTextRange: NSRange?
  ) -> (decision: TextEditDecision, kept: [String]?) {
    if let range = edit.single {
      return (decide(range, edit.replacements[0], markedTextRange).decision, nil)
    }
    let (decision, kept, event) = effectiveLimit._evaluateMultiRangeEdit(
      text, edit, markedTextRange: markedTextRange)
    switch decision {
    case .accept:
      acceptedEdit = nil
      acceptedMultiRangeEdit = true
      verifiedHostText = nil
    case .replace(let result, _):
      document.replace(0..<document.utf16Count, with: result[...])
      acceptedEdit = nil
      updateAllowance()
    case .reject:
      break
    }
    if let event { onLimitReached?(event) }
    return (decision, kept)
  }
}
