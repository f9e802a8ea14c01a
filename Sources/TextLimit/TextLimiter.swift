public import Foundation
import TextCount

/// Enforces a `TextLimit` on one text field, keeping what it needs between edits: a keystroke
/// in a long text costs time proportional to the edit, not to the document, and every
/// prevented or trimmed change is reported to `onLimitReached` (rule 10).
///
/// ```swift
/// let limiter = TextLimiter(limit: TextLimit(maxLength: 140))
/// limiter.onLimitReached = { event in haptics.play(); log(event.reason) }
/// // In the delegate:
/// func textView(_ view: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
///   limiter.shouldChange(view, in: range, replacementText: text)
/// }
/// func textViewDidChange(_ view: UITextView) { limiter.didChange(view) }
/// ```
///
/// It remembers the text between calls: call `setText(_:)` when the program changes the text.
/// Over-limit text the program set stays until the user edits (deleting is always allowed,
/// growing it is not), unless the limit's `overLimitPolicy` is `.truncate` (rule 8). Use one
/// limiter per field, from one thread (the main thread in an app).
public final class TextLimiter {
  /// The limit enforced.
  public let limit: TextLimit
  /// Called for every change the limit prevented, shortened or trimmed.
  public var onLimitReached: ((LimitEvent) -> Void)?

  private var document: _ChunkedText
  /// Per rule, the length allowed now: the rule's maximum, or more while text the program set
  /// is over it (it shrinks as the user deletes, never grows).
  private var allowance: [Int]
  /// The marked text's range as last seen, while a composition is in progress.
  private var markedRange: Range<Int>?

  /// - Parameters:
  ///   - limit: The limit to enforce.
  ///   - text: The field's text now.
  public init(limit: TextLimit, text: String = "") {
    self.limit = limit
    var units: [TextUnit] = []
    for rule in limit.rules where !units.contains(rule.unit) { units.append(rule.unit) }
    document = _ChunkedText("", units: units)
    allowance = limit.rules.map(\.maxLength)
    _ = setText(text)
  }

  /// The text as the limiter knows it.
  /// - Complexity: O(n).
  public var text: String { document.text }

  /// The length of the text in the first rule's unit.
  /// - Complexity: O(1).
  public var count: Int { document.total(in: limit.rules[0].unit) }

  /// How much more the first rule allows; never negative.
  public var remaining: Int { max(0, limit.rules[0].maxLength - count) }

  /// The live counter, e.g. `"12/100"`.
  public var counterText: String { "\(count)/\(limit.rules[0].maxLength)" }

  /// Tells the limiter the program set the text (rule 8). Returns the text to show: `text`
  /// itself, or its longest prefix that fits when the policy is `.truncate`.
  /// - Complexity: O(n).
  @discardableResult
  public func setText(_ text: String) -> String {
    var text = text
    if limit.overLimitPolicy == .truncate && !limit.isWithinLimit(text) {
      let kept = limit.truncated(text)
      onLimitReached?(
        LimitEvent(attemptedText: text, keptText: kept, reason: .programmaticTextTruncated))
      text = kept
    }
    document = _ChunkedText(text, units: document.units)
    markedRange = nil
    allowance = limit.rules.map { max($0.maxLength, document.total(in: $0.unit)) }
    return text
  }

  /// The limit as it applies now: each rule's maximum raised to the allowance.
  private var effectiveLimit: TextLimit {
    var effective = TextLimit(
      zip(limit.rules, allowance).map {
        TextLimit.Rule(maxLength: max($0.maxLength, $1), unit: $0.unit)
      })
    effective.composition = limit.composition
    effective.allowsEmoji = limit.allowsEmoji
    effective.overLimitPolicy = limit.overLimitPolicy
    return effective
  }

  /// Lowers the allowance to the current length (never below the rule), once nothing is composed.
  private func updateAllowance() {
    guard markedRange == nil else { return }
    for (index, rule) in limit.rules.enumerated() {
      allowance[index] = max(rule.maxLength, min(allowance[index], document.total(in: rule.unit)))
    }
  }

  /// `TextLimit.shouldChangeText` on the text the limiter knows, in time proportional to the
  /// edit. The limiter assumes the host applies the edit as decided.
  /// - Complexity: O(edit + a few KiB) to decide, O(n) only to build a `.replace` text.
  public func shouldChangeText(
    in range: NSRange, replacementText: String, markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    let outcome = effectiveLimit._evaluateEdit(
      in: document, range: range, replacementText: replacementText,
      markedTextRange: markedTextRange, reportsEvents: onLimitReached != nil)
    if let kept = outcome.kept {
      document.replace(outcome.range, with: kept)
      if markedTextRange != nil && limit.composition == .truncateAfterCompositionEnds {
        markedRange = outcome.range.lowerBound..<(outcome.range.lowerBound + kept.utf16.count)
      }
      updateAllowance()
    }
    if let event = outcome.event { onLimitReached?(event) }
    return outcome.decision
  }

  /// `TextLimit.textDidChange` with memory: reconciles the limiter's copy with the host's text
  /// (an edit may have bypassed `shouldChange`), and trims only what was just inserted or
  /// committed, from its end back, never what was there before.
  /// - Complexity: O(n) byte comparison (memcmp speed) to find what changed, then proportional to
  ///   the change.
  public func textDidChange(
    _ text: String, selectedRange: NSRange, markedTextRange: NSRange? = nil
  ) -> TextCorrection? {
    var inserted = reconcile(with: text)
    let isComposing = markedTextRange != nil && limit.composition == .truncateAfterCompositionEnds
    if isComposing {
      let marked = document.repairedRange(markedTextRange!).range
      markedRange = marked
      return nil
    }
    let compositionEnded = markedRange != nil
    if let committed = markedRange {
      // The committed text is where the marked text was, grown or shrunk by the commit.
      inserted = Self.union(inserted, committed.clamped(to: 0..<document.utf16Count))
      markedRange = nil
    }
    let effective = effectiveLimit
    if document.fits(effective, replacing: 0..<0, with: "") {
      updateAllowance()
      return nil
    }
    let correction = trim(inserted, limit: effective, selectedRange: selectedRange)
    let reason: LimitEvent.Reason = compositionEnded ? .compositionTruncated : .overflowTrimmed
    onLimitReached?(LimitEvent(attemptedText: text, keptText: correction.text, reason: reason))
    updateAllowance()
    return correction
  }

  /// Removes the tail of the `inserted` range until the text fits; if removing all of it is not
  /// enough, falls back to the stateless rule (before the caret, then the end).
  private func trim(_ inserted: Range<Int>?, limit: TextLimit, selectedRange: NSRange)
    -> TextCorrection
  {
    if let inserted, !inserted.isEmpty {
      let whole = document.text
      let utf16 = whole.utf16
      let lower = utf16.index(utf16.startIndex, offsetBy: inserted.lowerBound)
      let upper = utf16.index(lower, offsetBy: inserted.count)
      let insertedText = String(whole[lower..<upper])
      if let kept = limit._longestFittingPrefix(of: insertedText, in: document, replacing: inserted)
      {
        let result = document.text(replacing: inserted, with: kept)
        document.replace(inserted, with: kept)
        let caret = result._caretOnBoundary(atUTF16Offset: inserted.lowerBound + kept.utf16.count)
        return TextCorrection(text: result, selectedRange: caret)
      }
    }
    let fallback = limit._correction(
      document.text, selectedRange: selectedRange, markedTextRange: nil)!
    document = _ChunkedText(fallback.correction.text, units: document.units)
    return fallback.correction
  }

  /// Makes the limiter's copy equal to `text`; returns the UTF-16 range (in the new text) that
  /// the change inserted, or nil if nothing changed.
  private func reconcile(with text: String) -> Range<Int>? {
    guard let change = document.difference(to: text) else { return nil }
    document.replace(change.range, with: change.inserted)
    return change.range.lowerBound..<(change.range.lowerBound + change.inserted.utf16.count)
  }

  private static func union(_ a: Range<Int>?, _ b: Range<Int>) -> Range<Int> {
    guard let a else { return b }
    return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }
}

extension TextLimiter {
  /// Drives a host from its delegate's `shouldChange…`: applies a `.replace` decision to the host
  /// itself and returns whether the system should apply the edit.
  public func shouldChange(_ host: some TextInputHost, in range: NSRange, replacementText: String)
    -> Bool
  {
    switch shouldChangeText(
      in: range, replacementText: replacementText, markedTextRange: host.limitHostMarkedTextRange)
    {
    case .accept: return true
    case .reject: return false
    case .replace(let text, let selectedRange):
      host.limitHostText = text
      host.limitHostSelectedRange = selectedRange
      return false
    }
  }

  /// Drives a host from its delegate's `…DidChange`: applies a correction if one is needed.
  public func didChange(_ host: some TextInputHost) {
    if let correction = textDidChange(
      host.limitHostText, selectedRange: host.limitHostSelectedRange,
      markedTextRange: host.limitHostMarkedTextRange)
    {
      host.limitHostText = correction.text
      host.limitHostSelectedRange = correction.selectedRange
    }
  }
}
