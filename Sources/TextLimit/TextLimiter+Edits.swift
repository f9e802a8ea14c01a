#if !hasFeature(Embedded)
  public import Foundation
#endif

/// The limiter's hooks for a host that tells what changed instead of handing over its whole
/// text: the web's field limiter keeps its own copy of a field's text in JavaScript, compares
/// strings there, and sends the module only the edit, so that a keystroke in a long text costs
/// time proportional to the edit. Given the change a comparison of the texts finds (their
/// common prefix and suffix, as the whole-text hooks find it), each hook answers as its
/// whole-text counterpart does (EditHooksTests); given the true edit, it trims exactly what the
/// edit inserted.
extension TextLimiter {
  /// `synchronize(with:)` given as what changed: the host's text is the limiter's copy with the
  /// UTF-16 `range` replaced by `replacement`, by the program (rule 8).
  /// - Parameters:
  ///   - range: The UTF-16 range of the copy that changed; clamped to it.
  ///   - replacement: What is there now.
  /// - Complexity: O(edit + a few KiB).
  public func synchronize(replacing range: NSRange, with replacement: String) {
    let range = document.repairedRange(range).range
    guard !(range.isEmpty && replacement.isEmpty) else { return }
    document.replace(range, with: replacement[...])
    markedRange = nil  // setting the text ends a composition, as UIKit and AppKit do
    acceptedEdit = nil
    adoptCurrentLengths()
  }

  /// `textDidChange(_:selectedRange:markedTextRange:)` given as what changed: the host's text
  /// is the limiter's copy with the UTF-16 `range` replaced by `replacement`, by the user or an
  /// input method. What the change inserted is trimmed as there.
  /// - Parameters:
  ///   - range: The UTF-16 range of the copy that changed (empty with an empty replacement:
  ///     nothing changed, as after an edit applied as decided).
  ///   - replacement: What is there now.
  ///   - selectedRange: The host's selection after the change.
  ///   - markedTextRange: The marked text's UTF-16 range, if a composition is in progress.
  /// - Returns: The correction to apply, or nil when the text may stay as it is.
  /// - Complexity: Proportional to the change (O(n) only to build a correction's text).
  public func textDidChange(
    replacing range: NSRange, with replacement: String, selectedRange: NSRange,
    markedTextRange: NSRange? = nil
  ) -> TextCorrection? {
    let oldLength = document.utf16Count
    let range = document.repairedRange(range).range
    var inserted: Range<Int>? = nil
    if !(range.isEmpty && replacement.isEmpty) {
      document.replace(range, with: replacement[...])
      inserted = range.lowerBound..<(range.lowerBound + replacement.utf16.count)
    }
    acceptedEdit = nil
    return finishDidChange(
      inserted: inserted, oldLength: oldLength, selectedRange: selectedRange,
      markedTextRange: markedTextRange, attemptedText: nil)
  }

  /// `shouldChangeText(in:replacementText:markedTextRange:)` with its answer as an edit: nil to
  /// accept the edit as it is, or the UTF-16 range of the copy to replace, what to put there
  /// (nil: reject, change nothing) and the selection after it. Applied to the copy already, as
  /// the host is expected to apply it.
  /// - Complexity: O(edit + a few KiB) to decide; O(n) to build the selection of a shortened edit.
  package func shouldChangeEdit(
    in range: NSRange, replacementText: String, markedTextRange: NSRange? = nil
  ) -> (range: NSRange, replacement: String?, selectedRange: NSRange)? {
    let outcome = decide(range, replacementText, markedTextRange)
    let replaced = NSRange(location: outcome.range.lowerBound, length: outcome.range.count)
    switch outcome.decision {
    case .accept: return nil
    case .reject: return (replaced, nil, NSRange(location: range.location, length: range.length))
    case .replace(_, let selectedRange):
      return (replaced, outcome.kept.map(String.init), selectedRange)
    }
  }
}
