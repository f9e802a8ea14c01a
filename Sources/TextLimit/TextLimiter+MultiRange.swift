#if !hasFeature(Embedded)
  public import Foundation
#endif

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
  /// the host itself (the replacement in the first range, the others deleted). An undo or a redo
  /// is accepted as it is.
  /// - Returns: Whether the host should apply the edit as it is.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementText: String
  ) -> Bool {
    shouldChange(host, in: ranges, replacementText: replacementText, approval: nil)
  }

  /// Drives a host from AppKit's multi-range will-change hook
  /// (`textView(_:shouldChangeTextInRanges:replacementStrings:)`), a string per range.
  /// - Precondition: `replacementTexts` has as many strings as `ranges` has ranges.
  /// - Returns: Whether the host should apply the edit as it is.
  /// - Complexity: O(n × rules × ranges).
  public func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementTexts: [String]
  ) -> Bool {
    shouldChange(host, in: ranges, replacementTexts: replacementTexts, approval: nil)
  }

  /// `shouldChange(_:in:replacementText:)` for several ranges, with the edit the limiter will
  /// apply submitted to `approval` first (as the one-range form does).
  func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementText: String,
    approval: _EditApproval?
  ) -> Bool {
    if isApplyingCorrection { return true }
    synchronize(with: host.limitHostText)
    if host.limitHostIsUndoingOrRedoing {
      return acceptUndoOrRedo(
        host, ranges, replacementText: replacementText, replacementTexts: nil, approval)
    }
    let edit = _MultiRangeEdit(
      ranges: ranges, replacement: replacementText, in: text,
      markedTextRange: host.limitHostMarkedTextRange)
    return drive(host, edit, approval)
  }

  /// `shouldChange(_:in:replacementTexts:)` with the edit the limiter will apply submitted to
  /// `approval` first.
  func shouldChange(
    _ host: some TextInputHost, in ranges: [NSRange], replacementTexts: [String],
    approval: _EditApproval?
  ) -> Bool {
    precondition(
      ranges.count == replacementTexts.count, "TextLimiter: one replacement string per range")
    if isApplyingCorrection { return true }
    synchronize(with: host.limitHostText)
    if host.limitHostIsUndoingOrRedoing {
      return acceptUndoOrRedo(
        host, ranges, replacementText: "", replacementTexts: replacementTexts, approval)
    }
    let edit = _MultiRangeEdit(ranges: ranges, replacements: replacementTexts, in: text)
    return drive(host, edit, approval)
  }

  /// Decides `edit` for `host` and, when the limiter must apply it itself, applies it, range by
  /// range from the last (so each range's offsets still hold), as edits of the user's.
  private func drive(
    _ host: some TextInputHost, _ edit: _MultiRangeEdit, _ approval: _EditApproval?
  ) -> Bool {
    if let range = edit.single {
      return shouldChange(
        host, in: range, replacementText: edit.replacements[0], approval: approval)
    }
    let evaluation = evaluateMultiRange(edit, host.limitHostMarkedTextRange)
    if case .reject = evaluation.decision {
      // The app still sees the edit; its answer cannot make the limit accept it.
      _ = approval?(
        edit.ranges.map { NSRange(location: $0.lowerBound, length: $0.count) }, edit.replacements)
      if let event = evaluation.event { onLimitReached?(event) }
      return false
    }
    if let approval {
      let ranges = edit.ranges.map { NSRange(location: $0.lowerBound, length: $0.count) }
      let strings =
        evaluation.kept.map { edit.hostPicksTheRange ? [$0.joined()] : $0 } ?? edit.replacements
      if !approval(ranges, strings) { return false }
    }
    commitMultiRange(evaluation)
    switch evaluation.decision {
    case .accept: return true
    case .reject: return false
    case .replace(_, let selectedRange):
      // The copy already holds the result; apply the same to the host.
      isApplyingCorrection = true
      for (range, string) in zip(edit.ranges, evaluation.kept ?? []).reversed() {
        host.limitHostReplace(
          NSRange(location: range.lowerBound, length: range.count), withText: string)
      }
      if !synchronize(with: host.limitHostText) {  // applied: the host's text is the copy
        host.limitHostSelectedRange = selectedRange
      }
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
    let evaluation = evaluateMultiRange(edit, markedTextRange)
    if case .reject = evaluation.decision {
      if let event = evaluation.event { onLimitReached?(event) }
    } else {
      commitMultiRange(evaluation)
    }
    return (evaluation.decision, evaluation.kept)
  }

  /// What a multi-range edit of several ranges comes to, changing nothing.
  private func evaluateMultiRange(
    _ edit: _MultiRangeEdit, _ markedTextRange: NSRange?
  ) -> (decision: TextEditDecision, kept: [String]?, event: LimitEvent?) {
    effectiveLimit._evaluateMultiRangeEdit(text, edit, markedTextRange: markedTextRange)
  }

  /// Applies an accepted or shortened multi-range decision to the copy, and reports its event.
  private func commitMultiRange(
    _ evaluation: (decision: TextEditDecision, kept: [String]?, event: LimitEvent?)
  ) {
    switch evaluation.decision {
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
    if let event = evaluation.event { onLimitReached?(event) }
  }
}
