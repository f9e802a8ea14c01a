#if !hasFeature(Embedded)
  public import Foundation
#endif

extension TextLimit {
  /// Corrects the text after an edit happened: UIKit's `textFieldDidChange` /
  /// `textViewDidChange`, which also sees edits that bypassed `shouldChange` (autocorrect,
  /// dictation, the candidate bar, a committed IME composition).
  ///
  /// Returns nil when the text is within every limit, under a `.soft` `enforcement`, or while a
  /// composition is in progress under `.truncateAfterCompositionEnds`. Otherwise it removes the overflow from the text just
  /// before the caret (what was just committed, pasted or autocorrected), never after it; only
  /// if there is not enough before the caret does it trim the end. The caret lands where the
  /// removed text was.
  ///
  /// It is stateless, so it cannot tell text the program set from text the user typed: it brings
  /// any over-limit text within the limit. `TextLimiter` remembers the previous text: it trims
  /// only what the change added, and keeps over-limit text the program set (rule 8).
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
    if enforcement == .soft { return nil }
    if isWithinLimit(text) { return nil }
    // Everything before the caret counts as just inserted: remove its tail until the text fits.
    let caret = text._roundedDownToCharacter(_EditRange(selectedRange, in: text).bounds.upperBound)
    let inserted = String(text[..<caret])
    let document = _StringDocument(text: String(text[caret...]))
    let kept: String
    let caretOffset: Int
    let replaced: NSRange
    var replacement = ""
    if let prefix = _longestFittingPrefix(of: inserted, in: document, replacing: 0..<0) {
      kept = _joined(prefix, "", text[caret...])
      caretOffset = prefix.utf16.count
      replaced = NSRange(location: caretOffset, length: inserted.utf16.count - caretOffset)
    } else {
      kept = truncated(String(text[caret...]))  // not enough before the caret: trim the end
      caretOffset = 0
      replaced = NSRange(location: 0, length: text.utf16.count)
      replacement = kept
    }
    let correction = TextCorrection(
      text: kept, selectedRange: kept._caretOnBoundary(atUTF16Offset: caretOffset),
      replacedRange: replaced, replacement: replacement)
    return (correction, LimitEvent(attemptedText: text, keptText: kept, reason: .overflowTrimmed))
  }
}
