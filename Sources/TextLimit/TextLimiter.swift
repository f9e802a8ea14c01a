import TextCount

#if !hasFeature(Embedded)
  public import Foundation
#endif

/// Enforces a `TextLimit` on one text field, keeping what it needs between edits: a keystroke
/// in a long text costs time proportional to the edit, not to the document, and every
/// prevented or trimmed change is reported to `onLimitReached` (rule 10).
///
/// ```swift
/// let limiter = TextLimiter(limit: TextLimit(maxLength: 140))
/// limiter.onLimitReached = { event in haptics.play(); log(event.reason) }
/// // In the delegate:
/// func textView(
///   _ view: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
/// ) -> Bool {
///   limiter.shouldChange(view, in: range, replacementText: text)
/// }
/// func textViewDidChange(_ view: UITextView) { limiter.didChange(view) }
/// ```
///
/// The host's text is the truth; the limiter's copy is a cache. Before it decides for a host it
/// makes sure its copy equals the host's text, so text the program set without telling it is
/// never lost: it is treated as text the program set (rule 8). Over-limit text the program set
/// stays until the user edits (deleting is always allowed, growing it is not), unless the
/// limit's `overLimitPolicy` is `.truncate`. A deletion is applied exactly as the user asked,
/// even when it raises the count by splitting a cluster; the result then behaves as over-limit
/// text. Use one limiter per field, from one thread (the main thread in an app).
public final class TextLimiter {
  /// The limit enforced.
  public let limit: TextLimit
  /// Called for every change the limit prevented, shortened or trimmed.
  public var onLimitReached: ((LimitEvent) -> Void)?

  var document: _ChunkedText {
    didSet { verifiedHostText = nil }
  }
  /// The host's text as last seen equal to the copy (cleared whenever the copy changes). A
  /// `String` is a value: while it is held here its bytes cannot change, so a host that hands
  /// back the same storage holds the same text, which is checked in O(1); other storage is
  /// compared in one `memcmp` over contiguous bytes rather than chunk by chunk.
  var verifiedHostText: String?
  /// Per rule, the length allowed now: the rule's maximum, or more while text the program set
  /// (or a deletion that split a cluster) is over it. It shrinks as the user deletes and never
  /// grows through an insertion.
  var allowance: [Int]
  /// The marked text's range as last seen, while a composition is in progress.
  var markedRange: Range<Int>?
  /// Set while the limiter applies its own correction to a host, which may call its delegate
  /// (and so the limiter) back: those calls let the correction through.
  var isApplyingCorrection = false
  /// The UTF-16 range (in the copy) of the edit accepted since the last did-change, and how
  /// many were: after exactly one, the did-change checks that edit's place, not the whole text
  /// (the whole text was compared with the host's just before it).
  var acceptedEdit: (range: Range<Int>, count: Int)?
  /// Set when a multi-range edit was accepted: the host applies it where it chooses, and the
  /// did-change learns the result. It fits wherever it went, so what the did-change finds over
  /// the limit can only come from its deletions, which stand (rule 4): nothing is trimmed, and
  /// the text between the ranges (which a comparison of texts would take for inserted) is never
  /// touched.
  var acceptedMultiRangeEdit = false
  /// The last edits the host asked about that the limiter refused, or replaced with its own (a
  /// shortened paste). UIKit's text field registers an undo for such an edit all the same (the
  /// "undo crash" of hand-written limits: a paste refused at the limit, then Undo), and that
  /// undo would delete the text at the place the edit never filled: it is refused.
  var refusedEdits: [_RefusedEdit] = []

  /// A limiter for a field whose text is `text`.
  /// - Parameters:
  ///   - limit: The limit to enforce.
  ///   - text: The field's text now.
  public init(limit: TextLimit, text: String = "") {
    self.limit = limit
    var units: [TextUnit] = []
    for rule in limit.rules where !units.contains(rule.unit) { units.append(rule.unit) }
    document = _ChunkedText("", units: units)
    allowance = limit.rules.map { $0.maxLength }
    _ = setText(text)
  }

  /// The text as the limiter knows it.
  /// - Complexity: O(n).
  public var text: String { document.text }

  /// The length of the text in the first rule's unit.
  /// - Complexity: O(1).
  public var count: Int { document.total(in: limit.rules[0].unit) }

  /// How much more the first rule allows; never negative.
  /// - Complexity: O(1).
  public var remaining: Int { max(0, limit.rules[0].maxLength - count) }

  /// The live counter, e.g. `"12/100"`.
  /// - Complexity: O(1).
  public var counterText: String { "\(count)/\(limit.rules[0].maxLength)" }

  /// What a live counter shows now, in the rule the limit's `counterRule` picks; its
  /// `remaining` goes below zero over the limit.
  /// - Complexity: O(1) (O(rules) for `.tightest`).
  public var counter: LimitCounter {
    limit.counter(lengths: { document.total(in: limit.rules[$0].unit) })
  }

  /// The state the counter shows now (`LimitCounter.state(warningAt:)` with the limit's
  /// `warningThreshold`).
  /// - Complexity: O(1) (O(rules) for `.tightest`).
  public var counterState: LimitCounter.State {
    counter.state(warningAt: limit.warningThreshold)
  }

  /// Whether the text breaks a rule: text the program set, or anything under a soft limit.
  /// - Complexity: O(rules).
  public var isOverLimit: Bool {
    !limit.allows(limit.rules.map { document.total(in: $0.unit) })
  }

  /// The UTF-16 range of the text beyond the limit (`TextLimit.overflowRange(in:)`), for an app
  /// to highlight under a soft limit; nil when the text is within it.
  /// - Complexity: O(1) within the limit, O(n) over it.
  public var overflowRange: NSRange? {
    isOverLimit ? limit.overflowRange(in: document.text) : nil
  }

  /// Tells the limiter the program set the text (rule 8). Returns the text to show: `text`
  /// itself, or its longest prefix that fits when the policy is `.truncate`.
  /// - Complexity: O(n).
  @discardableResult
  public func setText(_ text: String) -> String {
    var text = text
    if limit.overLimitPolicy == .truncate && limit.enforcement == .hard
      && !limit.isWithinLimit(text)
    {
      let kept = limit.truncated(text)
      onLimitReached?(
        LimitEvent(attemptedText: text, keptText: kept, reason: .programmaticTextTruncated))
      text = kept
    }
    document = _ChunkedText(text, units: document.units)
    markedRange = nil
    acceptedEdit = nil
    adoptCurrentLengths()
    return text
  }

  /// Makes the limiter's copy equal to `text`, the host's text, when the program changed it
  /// without calling `setText(_:)`. The difference is treated as text the program set (rule 8):
  /// it is kept whatever its length; from then on deleting is allowed and growing is not.
  /// `shouldChange(_:in:replacementText:)` calls this first; call it yourself when editing
  /// begins if you drive the limiter through its text-based hooks.
  /// - Returns: Whether the copy differed.
  /// - Complexity: O(n) at memory-comparison speed when the texts are equal; plus O(change)
  ///   when they differ.
  @discardableResult
  public func synchronize(with text: String) -> Bool {
    if isVerified(text) { return false }
    guard !document.isEqual(to: text), let change = document.difference(to: text) else {
      verifiedHostText = text
      return false
    }
    document.replace(change.range, with: change.inserted)
    verifiedHostText = text
    markedRange = nil  // setting the text ends a composition, as UIKit and AppKit do
    acceptedEdit = nil
    adoptCurrentLengths()
    return true
  }

  // MARK: The text-based hooks

  /// `TextLimit.shouldChangeText` on the text the limiter knows, in time proportional to the
  /// edit. The limiter assumes the host applies the edit as decided.
  /// - Parameters:
  ///   - range: The UTF-16 range the edit replaces.
  ///   - replacementText: What the user typed, pasted or the input method produced.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  /// - Returns: Accept, reject, or the shortened edit to apply instead.
  /// - Complexity: O(edit + a few KiB) to decide, O(n) only to build a `.replace` text.
  public func shouldChangeText(
    in range: NSRange, replacementText: String, markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    decide(range, replacementText, markedTextRange).decision
  }

  /// `TextLimit.textDidChange` with memory: reconciles the limiter's copy with the host's text
  /// (an edit may have bypassed `shouldChange`), and trims only what that edit inserted.
  ///
  /// The difference between the copy and `text` (their longest common prefix and suffix aside)
  /// is attributed to the user's edit; text outside it is never removed. What the edit inserted
  /// ends at the caret, so the part of the changed range before the caret is trimmed first,
  /// from its end back, keeping what follows the caret; if that is not enough, the changed
  /// range is trimmed from its end. If removing all of the insertion is still not enough (the
  /// edit also deleted part of a cluster), the deletion stands and the result behaves as
  /// over-limit text (rule 4).
  /// - Parameters:
  ///   - text: The host's text after the edit.
  ///   - selectedRange: The host's selection after the edit.
  ///   - markedTextRange: The marked text's UTF-16 range, if a composition is in progress.
  /// - Returns: The correction to apply, or nil when the text may stay as it is.
  /// - Complexity: O(n) byte comparison (memory speed) to find what changed, then proportional
  ///   to the change.
  public func textDidChange(
    _ text: String, selectedRange: NSRange, markedTextRange: NSRange? = nil
  ) -> TextCorrection? {
    let oldLength = document.utf16Count
    var inserted: Range<Int>? = nil
    // After the one edit this limiter accepted, the host holds the copy if that edit's place
    // matches (the rest was compared before it); otherwise find what changed.
    if isVerified(text) {
      inserted = nil
    } else if let edit = acceptedEdit, edit.count == 1, document.matches(text, around: edit.range) {
      inserted = nil
    } else {
      inserted = reconcile(with: text)
    }
    acceptedEdit = nil
    verifiedHostText = text
    return finishDidChange(
      inserted: inserted, oldLength: oldLength, selectedRange: selectedRange,
      markedTextRange: markedTextRange, attemptedText: text)
  }

  /// The rest of `textDidChange(_:selectedRange:markedTextRange:)` once the copy is the host's
  /// text: `inserted` is the UTF-16 range the change put there (nil: none found), `oldLength`
  /// the copy's length before it, `attemptedText` the host's text (nil: the copy's).
  func finishDidChange(
    inserted: Range<Int>?, oldLength: Int, selectedRange: NSRange, markedTextRange: NSRange?,
    attemptedText: String?
  ) -> TextCorrection? {
    var inserted = inserted
    let changeWasAccepted = acceptedMultiRangeEdit
    acceptedMultiRangeEdit = false
    if markedTextRange != nil && limit.composition == .truncateAfterCompositionEnds {
      markedRange = document.repairedRange(markedTextRange!).range
      return nil
    }
    let compositionEnded = markedRange != nil
    if let marked = markedRange {
      // The committed text is where the marked text was, grown or shrunk by the commit (which
      // a host without a will-change call reports only now).
      let end = max(marked.lowerBound, marked.upperBound + document.utf16Count - oldLength)
      let committed = (marked.lowerBound..<end).clamped(to: 0..<document.utf16Count)
      inserted = Self.union(inserted, committed)
      markedRange = nil
    }
    let effective = effectiveLimit
    if limit.enforcement == .soft
      || effective.allows(effective.rules.map { document.total(in: $0.unit) })
    {
      updateAllowance()
      return nil
    }
    guard let inserted, !inserted.isEmpty, !changeWasAccepted else {
      adoptCurrentLengths()  // a deletion split a cluster: it stands (rule 4)
      return nil
    }
    // The text the change produced: the host's, or the copy before the trim (built only for an
    // event).
    let attempted = attemptedText ?? (onLimitReached == nil ? "" : document.text)
    // The user's insertion ends at the caret: what follows the caret is kept (rule 5) when
    // trimming before it is enough. The changed range is found by comparing texts, so it can be
    // aligned elsewhere than the edit was; then the whole changed range is trimmed.
    let caret = document.repairedRange(selectedRange).range.upperBound
    var removed: Range<Int>? = nil
    if inserted.lowerBound < caret && caret < inserted.upperBound {
      removed = trim(inserted.lowerBound..<caret, limit: effective)
    }
    if removed == nil { removed = trim(inserted, limit: effective) }
    if removed == nil {
      // Not even without all of its insertion: the edit's deletion split a cluster. The
      // insertion goes and the deletion stands (rule 4).
      removed = inserted
      document.replace(inserted, with: "")
      adoptCurrentLengths()
    }
    let trimmed = removed!
    let result = document.text
    let correction = TextCorrection(
      text: result, selectedRange: result._caretOnBoundary(atUTF16Offset: trimmed.lowerBound),
      replacedRange: NSRange(location: trimmed.lowerBound, length: trimmed.count),
      replacement: "")
    let reason: LimitEvent.Reason = compositionEnded ? .compositionTruncated : .overflowTrimmed
    onLimitReached?(LimitEvent(attemptedText: attempted, keptText: result, reason: reason))
    return correction
  }

  // MARK: Driving a host

  /// Drives a host from its delegate's `shouldChange…`: makes sure the limiter's copy is the
  /// host's text, decides, applies a shortened or repaired edit to the host itself (as an edit,
  /// keeping undo), and returns whether the system should apply the edit.
  ///
  /// An undo or a redo (`limitHostIsUndoingOrRedoing`) restores text the user had: it is
  /// accepted as it is, untrimmed, even over the limit (rule 8), unless its range lies outside
  /// the text, which is repaired (rule 9) and applied by the limiter.
  /// - Parameters:
  ///   - host: The text input about to change.
  ///   - range: The UTF-16 range the edit replaces.
  ///   - replacementText: What the user typed, pasted or the input method produced.
  /// - Returns: Whether the host should apply the edit as it is.
  /// - Complexity: O(n) at memory speed to compare the copy with the host's text, then
  ///   proportional to the edit.
  public func shouldChange(
    _ host: some TextInputHost, in range: NSRange, replacementText: String
  ) -> Bool {
    shouldChange(host, in: range, replacementText: replacementText, approval: nil)
  }

  /// `shouldChange(_:in:replacementText:)`, with the edit the limiter will apply (the shortened
  /// one when it shortens an insertion, the repaired one when it repairs a range) submitted to
  /// `approval` before anything changes: a refusal leaves the text and the copy as they were. An
  /// edit the limit refuses outright is not submitted (nothing would be applied).
  func shouldChange(
    _ host: some TextInputHost, in range: NSRange, replacementText: String,
    approval: _EditApproval?
  ) -> Bool {
    if isApplyingCorrection { return true }
    synchronize(with: host.limitHostText)
    if host.limitHostIsUndoingOrRedoing {
      return acceptUndoOrRedo(
        host, [range], replacementText: replacementText, replacementTexts: nil, approval)
    }
    let markedTextRange = host.limitHostMarkedTextRange
    let outcome = evaluate(range, replacementText, markedTextRange)
    guard let kept = outcome.kept else {
      // Nothing is applied; the app still sees the edit (a Return that sends a message), but
      // its answer cannot make the limit accept it.
      _ = approval?([range], [replacementText])
      remember(refused: outcome.range, replacementText)
      if let event = outcome.event { onLimitReached?(event) }
      return false
    }
    if kept.utf16.count != replacementText.utf16.count {
      remember(refused: outcome.range, replacementText)
    }
    let applied = NSRange(location: outcome.range.lowerBound, length: outcome.range.count)
    if let approval, !approval([applied], [String(kept)]) { return false }
    commit(outcome, markedTextRange)
    switch outcome.decision {
    case .accept:
      return true
    case .reject:
      return false
    case .replace(_, let selectedRange):
      apply(to: host, applied, String(kept), selectedRange)
      // Applying an edit ends a composition in progress, with no did-change call of its own.
      didChange(host)
      return false
    }
  }

  /// An undo or a redo, in the will-change hook: accepted as it is when every range lies in
  /// the text (the host applies it; the did-change takes the result as text the program set);
  /// otherwise repaired (rule 9) and applied here, untrimmed: one replacement goes in the first
  /// range and the others are deleted (UIKit's form), or each range gets its own (AppKit's).
  func acceptUndoOrRedo(
    _ host: some TextInputHost, _ ranges: [NSRange], replacementText: String,
    replacementTexts: [String]?, _ approval: _EditApproval?
  ) -> Bool {
    let strings = replacementTexts ?? [replacementText]
    if ranges.count == 1, isUndoOfRefusedEdit(ranges[0], strings[0]) { return false }
    let repaired = ranges.map { document.repairedRange($0) }
    guard repaired.contains(where: { $0.wasRepaired }) else {
      return approval?(ranges, strings) ?? true
    }
    let fixed = repaired.map { NSRange(location: $0.range.lowerBound, length: $0.range.count) }
    if let approval, !approval(fixed, strings) { return false }
    let order = fixed.indices.sorted { fixed[$0].location > fixed[$1].location }
    let first = order.last!
    isApplyingCorrection = true
    for index in order {
      let string = replacementTexts?[index] ?? (index == first ? replacementText : "")
      host.limitHostReplace(fixed[index], withText: string)
    }
    isApplyingCorrection = false
    synchronize(with: host.limitHostText)
    return false
  }

  /// Drives a host from its delegate's `…DidChange`: applies a correction, if one is needed,
  /// as an edit (keeping undo). An undo or redo (`limitHostIsUndoingOrRedoing`) is taken as it
  /// is, as text the program set.
  /// - Parameter host: The text input that changed.
  /// - Complexity: As `textDidChange(_:selectedRange:markedTextRange:)`.
  public func didChange(_ host: some TextInputHost) {
    if isApplyingCorrection { return }
    if host.limitHostIsUndoingOrRedoing {
      // Undo and redo restore text the user had: kept as it is (rule 8), so that undoing a
      // trim is not trimmed again.
      synchronize(with: host.limitHostText)
      return
    }
    guard
      let correction = textDidChange(
        host.limitHostText, selectedRange: host.limitHostSelectedRange,
        markedTextRange: host.limitHostMarkedTextRange)
    else { return }
    apply(to: host, correction.replacedRange, correction.replacement, correction.selectedRange)
  }

  /// Starts enforcing the limit on `host`: takes its text as set by the program and shows what
  /// `setText(_:)` returns (under `.truncate`, over-limit text is cut at once).
  /// - Parameter host: The text input to limit.
  /// - Complexity: O(n).
  public func attach(to host: some TextInputHost) {
    let current = host.limitHostText
    let shown = setText(current)
    guard shown != current else { return }
    let whole = NSRange(location: 0, length: current.utf16.count)
    apply(to: host, whole, shown, NSRange(location: shown.utf16.count, length: 0))
  }

  /// Makes the limiter's copy equal to the host's text: `synchronize(with:)` on `host`'s text.
  /// The adapters call it when editing begins.
  /// - Parameter host: The text input whose text is the truth.
  /// - Complexity: As `synchronize(with:)`.
  public func synchronize(with host: some TextInputHost) {
    synchronize(with: host.limitHostText)
  }

  // MARK: Internals

  /// Whether `text` is the host text last seen equal to the copy: the same storage (O(1)), or
  /// the same bytes (one `memcmp`).
  private func isVerified(_ text: String) -> Bool {
    guard var verified = verifiedHostText, verified.utf8.count == text.utf8.count else {
      return false
    }
    var text = text
    return text.withUTF8 { new in
      verified.withUTF8 { old in
        new.count == 0 || new.baseAddress == old.baseAddress
          || memcmp(new.baseAddress!, old.baseAddress!, new.count) == 0
      }
    }
  }

  /// Records an edit the host asked about that the limiter refused or shortened: `range` (in
  /// the copy, before the edit) was to get `replacement`.
  func remember(refused range: Range<Int>, _ replacement: String) {
    let edit = _RefusedEdit(
      location: range.lowerBound, inserted: replacement, replaced: document.substring(range))
    if refusedEdits.count == _RefusedEdit.kept { refusedEdits.removeFirst() }
    refusedEdits.append(edit)
  }

  /// Whether an undo or redo of `range` with `replacement` is the host's undo of an edit the
  /// limiter refused or shortened: its range is where that edit would have put its text, its
  /// replacement the text that edit would have replaced, and the text there is not what the
  /// edit tried to insert (it never was). Such an undo is forgotten once seen.
  func isUndoOfRefusedEdit(_ range: NSRange, _ replacement: String) -> Bool {
    guard
      let index = refusedEdits.lastIndex(where: {
        $0.location == range.location && $0.inserted.utf16.count == range.length
          && $0.replaced == replacement
      })
    else { return false }
    let stored = refusedEdits.remove(at: index)
    let clamped = document.repairedRange(range).range
    return clamped.count != range.length || document.substring(clamped) != stored.inserted
  }

  /// Decides an edit on the copy and, when it is accepted, applies it to the copy.
  func decide(
    _ range: NSRange, _ replacementText: String, _ markedTextRange: NSRange?
  ) -> TextLimit._EditOutcome {
    let outcome = evaluate(range, replacementText, markedTextRange)
    if outcome.kept != nil {
      commit(outcome, markedTextRange)
    } else if let event = outcome.event {
      onLimitReached?(event)
    }
    return outcome
  }

  /// Decides an edit on the copy, changing nothing.
  func evaluate(
    _ range: NSRange, _ replacementText: String, _ markedTextRange: NSRange?
  ) -> TextLimit._EditOutcome {
    effectiveLimit._evaluateEdit(
      in: document, range: range, replacementText: replacementText,
      markedTextRange: markedTextRange, reportsEvents: onLimitReached != nil)
  }

  /// Applies an accepted (or shortened) edit to the copy, and reports its event.
  /// - Precondition: `outcome.kept` is not nil.
  func commit(_ outcome: TextLimit._EditOutcome, _ markedTextRange: NSRange?) {
    let kept = outcome.kept!
    document.replace(outcome.range, with: kept)
    let place = outcome.range.lowerBound..<(outcome.range.lowerBound + kept.utf16.count)
    acceptedEdit = (place, (acceptedEdit?.count ?? 0) + 1)
    if markedTextRange != nil && limit.composition == .truncateAfterCompositionEnds {
      markedRange = outcome.range.lowerBound..<(outcome.range.lowerBound + kept.utf16.count)
    }
    if kept.isEmpty && markedRange == nil {
      adoptCurrentLengths()  // rule 4: a deletion stands, even when it splits a cluster
    } else {
      updateAllowance()
    }
    if let event = outcome.event { onLimitReached?(event) }
  }

  /// Applies the limiter's own edit to `host`, letting through the delegate calls it causes.
  /// A host may refuse it (AppKit's `shouldChangeText(in:replacementString:)` says no for a view
  /// that is not editable, or when a delegate other than the limiter's refuses): the copy is
  /// then made the host's text again, so the two never differ.
  func apply(
    to host: some TextInputHost, _ range: NSRange, _ text: String, _ selectedRange: NSRange
  ) {
    isApplyingCorrection = true
    defer { isApplyingCorrection = false }
    host.limitHostReplace(range, withText: text)
    if !synchronize(with: host.limitHostText) {  // applied: the host's text is the copy
      host.limitHostSelectedRange = selectedRange
    }
  }

  /// The limit as it applies now: each rule's maximum raised to the allowance.
  var effectiveLimit: TextLimit {
    var effective = TextLimit(
      zip(limit.rules, allowance).map {
        TextLimit.Rule(maxLength: max($0.maxLength, $1), unit: $0.unit)
      })
    effective.composition = limit.composition
    effective.allowsEmoji = limit.allowsEmoji
    effective.overLimitPolicy = limit.overLimitPolicy
    effective.enforcement = limit.enforcement
    effective.counterRule = limit.counterRule
    effective.warningThreshold = limit.warningThreshold
    return effective
  }

  /// Lowers the allowance to the current length (never below the rule), once nothing is composed.
  func updateAllowance() {
    guard markedRange == nil else { return }
    for (index, rule) in limit.rules.enumerated() {
      allowance[index] = max(rule.maxLength, min(allowance[index], document.total(in: rule.unit)))
    }
  }

  /// Takes the current lengths as the allowance (never below the rule): after the program set
  /// the text, or after a deletion, which stands whatever it does to the count.
  func adoptCurrentLengths() {
    allowance = limit.rules.map { max($0.maxLength, document.total(in: $0.unit)) }
  }

  /// Removes the shortest tail of the `inserted` range with which the text fits `limit`.
  /// - Returns: The UTF-16 range removed, in offsets of the text before the trim; nil (and the
  ///   text unchanged) when the text does not fit even with all of `inserted` removed.
  private func trim(_ inserted: Range<Int>, limit: TextLimit) -> Range<Int>? {
    let whole = document.text
    let utf16 = whole.utf16
    let lower = utf16.index(utf16.startIndex, offsetBy: inserted.lowerBound)
    let upper = utf16.index(lower, offsetBy: inserted.count)
    let insertedText = String(whole[lower..<upper])
    guard
      let kept = limit._longestFittingPrefix(of: insertedText, in: document, replacing: inserted)
    else { return nil }
    let removed = (inserted.lowerBound + kept.utf16.count)..<inserted.upperBound
    document.replace(removed, with: "")
    updateAllowance()
    return removed
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

/// An edit a host asked about that the limiter refused or shortened (`TextLimiter.refusedEdits`).
struct _RefusedEdit {
  /// How many are kept: an undo registered for an older one has long been overtaken.
  static let kept = 16
  /// Where the edit's range started (UTF-16, in the copy before it).
  var location: Int
  /// What the edit would have inserted.
  var inserted: String
  /// What the edit would have replaced.
  var replaced: String
}

/// Asked about the edit a limiter is about to apply, as the limiter will apply it (UTF-16
/// ranges in the text before the edit, and what goes in them: one string for all, or one per
/// range); false refuses it, and nothing changes.
typealias _EditApproval = (_ ranges: [NSRange], _ replacements: [String]) -> Bool

extension TextLimiter {
  /// A limiter for a new `limit` on the same host, with the same `onLimitReached`, attached to
  /// `host` (what the adapters do when a view's limit changes).
  /// - Parameters:
  ///   - limit: The new limit.
  ///   - host: The text input the limiter enforces it on.
  /// - Returns: The new limiter; this one should no longer be used for `host`.
  /// - Complexity: O(n).
  public func replacingLimit(with limit: TextLimit, on host: some TextInputHost) -> TextLimiter {
    let replacement = TextLimiter(limit: limit)
    replacement.onLimitReached = onLimitReached
    replacement.attach(to: host)
    return replacement
  }
}
