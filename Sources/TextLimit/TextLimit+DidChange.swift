public import Foundation

extension TextLimit {
  /// Corrects the text after an edit happened: UIKit's `textFieldDidChange` /
  /// `textViewDidChange`, which also sees edits that bypassed `shouldChange` (autocorrect,
  /// dictation, the candidate bar, a committed IME composition).
  ///
  /// Returns nil when the text is within every limit, or while a composition is in progress
  /// under `.truncateAfterCompositionEnds`. Otherwise it removes the overflow from the text just
  /// before the caret (what was just committed, pasted or autocorrected), never after it; only
  /// if there is not enough before the caret does it trim the end. The caret lands where the
  /// removed text was.
  ///
  /// It is stateless, so it cannot tell text the program set from text the user typed: it brings
  /// any over-limit text within the limit. `TextLimiter` remembers the previous text and keeps
  /// over-limit text the program set until the user edits (rule 8).
  /// - Complexity: O(n × rules × log n) when a correction is needed, O(n × rules) otherwise.
  public func textDidChange(
    _ text: String, selectedRange: NSRange, markedTextRange: NSRange? = nil
  ) -> TextCorrection? {
    _correction(text, selectedRange: selectedRange, markedTextRange: markedTextRange)?.correction
  }

  func _correction(
    _ text: String, selectedRange: NSRange, markedTextRange: NSRange?
  ) -> (correction: TextCorrection, event: LimitEvent)? {
    if markedTextRange != nil && composition == .truncateAfterCompositionEnds { return nil }
    if isWithinLimit(text) { return nil }
    let selection = _EditRange(selectedRange, in: text)
    let caret = text._roundedDownToCharacter(selection.bounds.upperBound)
    let kept = _removingOverflow(from: text, before: caret, notBefore: text.startIndex)
    let reason: LimitEvent.Reason = markedTextRange == nil ? .overflowTrimmed : .compositionTruncated
    return (kept, LimitEvent(attemptedText: text, keptText: kept.text, reason: reason))
  }

  /// Removes as little as possible of `text[floor..<caret]`, whole clusters ending at `caret`, so
  /// that the text fits; if all of it is not enough, keeps the longest prefix of the rest.
  /// - Complexity: O(n × rules × log n).
  func _removingOverflow(
    from text: String, before caret: String.Index, notBefore floor: String.Index
  ) -> TextCorrection {
    let right = text[caret...]
    var starts = [floor]  // cluster boundaries in floor...caret
    var index = floor
    while index < caret {
      index = text.index(after: index)
      starts.append(min(index, caret))
    }
    func fits(_ position: Int) -> Bool { isWithinLimit(_joined(text[..<starts[position]], "", right)) }
    if fits(0) {
      var low = 0  // fits
      var high = starts.count - 1  // the whole text does not fit
      while high - low > 1 {
        let middle = (low + high) / 2
        if fits(middle) { low = middle } else { high = middle }
      }
      let cut = starts[low]
      return TextCorrection(
        text: _joined(text[..<cut], "", right), selectedRange: .caret(at: text._utf16Offset(of: cut)))
    }
    // Not enough before the caret: drop it all, then trim the end.
    let kept = truncated(_joined(text[..<floor], "", right))
    let caretOffset = min(text._utf16Offset(of: floor), kept.utf16.count)
    return TextCorrection(text: kept, selectedRange: .caret(at: caretOffset))
  }
}
