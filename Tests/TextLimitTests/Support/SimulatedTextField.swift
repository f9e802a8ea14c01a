import Foundation
import TestSupport

@testable import TextLimit

/// A text field that behaves as UIKit's and AppKit's do, with `TextLimitDelegate`'s platform-
/// neutral part (`_TextLimitDelegateCore`) as its delegate, driven the way the platform drives
/// the adapters (Sources/TextLimit/Adapters/):
///
/// - A user edit through the delegate asks the will-change hook first: the one-range hook
///   (UIKit before iOS 26, `NSTextView`), the multi-range hook with one string (UIKit on iOS
///   26, when the delegate implements it, as `TextLimitDelegate` does: Apple's documentation of
///   `textView(_:shouldChangeTextInRanges:replacementText:)`), or a string per range
///   (`NSTextView`'s delegate's multi-range hook, NSTextView.h). A refused edit changes nothing
///   and is followed by no did-change call; an accepted one is applied, then did-change. An
///   accepted multi-range edit with one string puts it in a range the field picks at random
///   ("at its own discretion") and deletes the others.
/// - On iOS 26 an input method's commit arrives as an empty range just after the marked text
///   (`[{2,0}]` where iOS 18 sent `{0,2}`; Apple Developer Forums thread 801013).
/// - `NSTextField` asks its formatter's `isPartialStringValid` with the text the edit would
///   make; the adapter's formatter answers through the limiter's did-change rules.
/// - Autocorrect, dictation and the candidate bar change the text without asking; did-change
///   follows.
/// - The program sets the text or the selection with no callback at all, as `text = …` does.
/// - The limiter's own corrections arrive through `limitHostReplace`, which may call the
///   delegate back (`replace(_:withText:)` and `insertText(_:replacementRange:)` may; Apple does
///   not promise it): `callsDelegateOnReplace` says whether this field does. Each is undoable.
/// - Undo and redo work on groups: every edit made while one user action is handled (the edit,
///   and the limiter's corrections applied during its will-change or did-change call) is one
///   group, as `UndoManager.groupsByEvent` groups every registration of one run-loop event
///   (UndoManager documentation). Undo reverts a group's edits, last first, and redo re-applies
///   them, each with `limitHostIsUndoingOrRedoing` true (`isUndoing`, `isRedoing`). Each step
///   either asks the will-change hook first (`undoAsksDelegate`: `UITextField` does, which is
///   why max-length delegates guard against undo ranges past the end: the answers to Stack
///   Overflow question 433337, and jianshu.com/p/8a18baf0a252 on pasting then undoing at the
///   limit on an iPad) or does not (`UITextView`, `NSTextView`), then
///   did-change follows. An `NSTextField` passes each step through its formatter.
/// - AppKit applies a programmatic change only if `shouldChangeText(in:replacementString:)`
///   allows it, which it does not for a view that is not editable or when a delegate refuses
///   (NSTextView.h): `refusesProgrammaticEdits` makes the field refuse the limiter's edits so.
/// - The app may give the field a delegate of its own in place of the limiter's
///   (`appReplacesDelegate`): the limiter then sees only the change notification
///   (`UITextView.textDidChangeNotification`, `.editingChanged`, `NSText.didChangeNotification`).
final class SimulatedTextField: TextInputHost {
  /// Which platform's field is simulated.
  enum Kind: CaseIterable, Sendable, CustomStringConvertible {
    /// `UITextField` / `UITextView` before iOS 26: the one-range will-change hook.
    case uiKit
    /// `UITextField` / `UITextView` on iOS 26: every edit through the multi-range hook.
    case uiKitMultiRange
    /// `NSTextView`: the one-range will-change hook.
    case appKitTextView
    /// `NSTextView` whose delegate implements the multi-range hook: a string per range.
    case appKitTextViewMultiRange
    /// `NSTextField`: the formatter's partial-string check, then the did-change notification.
    case appKitTextField

    var description: String {
      switch self {
      case .uiKit: "UIKit"
      case .uiKitMultiRange: "UIKit (iOS 26)"
      case .appKitTextView: "NSTextView"
      case .appKitTextViewMultiRange: "NSTextView (ranges)"
      case .appKitTextField: "NSTextField"
      }
    }

    /// Whether the field asks a will-change hook before an edit (NSTextField asks its
    /// formatter instead, with the whole new text).
    var asksBeforeEditing: Bool { self != .appKitTextField }
    /// Whether edits come through a multi-range hook.
    var usesMultiRangeHook: Bool { self == .uiKitMultiRange || self == .appKitTextViewMultiRange }
  }

  private(set) var limitHostText: String
  var limitHostSelectedRange: NSRange
  private(set) var limitHostMarkedTextRange: NSRange?
  private(set) var limitHostIsUndoingOrRedoing = false
  let kind: Kind
  /// The delegate's platform-neutral part, as `TextLimitDelegate` holds it.
  let core: _TextLimitDelegateCore
  var limiter: TextLimiter { core.limiter }
  /// The app's own delegate, asked before the limiter (held weakly, as `TextLimitDelegate`'s
  /// `forwardingDelegate` is).
  weak var appDelegate: SimulatedAppDelegate?
  /// Whether the app replaced the field's delegate with its own after the limit was set.
  private(set) var appReplacedDelegate: SimulatedAppDelegate?
  /// Whether the limiter's own edits call the delegate back (will-change, then did-change).
  var callsDelegateOnReplace = true
  /// Every event the limiter reported.
  var events: [LimitEvent] = []
  /// Every text the delegate reported to the model (`didChangeText`, a binding), in order.
  var reported: [String] = []
  /// Every edit the limiter applied through `limitHostReplace`.
  private(set) var limiterEdits: [(range: NSRange, text: String)] = []
  /// An edit, as undo records it: what to put back in which range.
  typealias RecordedEdit = (range: NSRange, text: String)
  /// The groups undo reverts, the last group last; each group's inverses in the order made.
  private var undoStack: [[RecordedEdit]] = []
  /// The groups redo re-applies.
  private var redoStack: [[RecordedEdit]] = []
  /// The group the current user action (or undo, or redo) records into.
  private var openGroup: [RecordedEdit]?
  /// Whether undo and redo ask the will-change hook before each step (`UITextField`).
  var undoAsksDelegate = false
  /// Whether the field refuses the limiter's programmatic edits (AppKit's
  /// `shouldChangeText(in:replacementString:)` says no: not editable, or a delegate refuses).
  var refusesProgrammaticEdits = false
  /// Whether the undo manager registers an undo for an edit the delegate refused, as if it had
  /// been applied (`UITextField`: pasting at the limit, then Undo, replaces a range the text
  /// never got, jianshu.com/p/8a18baf0a252), and whether that registration comes before the
  /// limiter's own correction in the edit's group (undone after it) or after it.
  var registersUndoForRefusedEdits = false
  var refusedEditRegisteredFirst = true
  /// The clock that paces the announcements.
  let clock: ManualClock
  /// How many calls the field made to the delegate (will-change, did-change, begin editing).
  private(set) var hookCalls = 0
  /// Picks the range of a multi-range edit that gets the replacement (UIKit's discretion).
  var randomness = SeededGenerator(seed: 0x5EED_F1E1)

  /// A field showing `text`, to which a limiter is attached (`TextLimiter.attach(to:)`).
  init(
    limit: TextLimit, text: String = "", kind: Kind = .uiKit, clock: ManualClock = ManualClock()
  ) {
    limitHostText = text
    limitHostSelectedRange = NSRange(location: text.utf16.count, length: 0)
    self.kind = kind
    self.clock = clock
    core = _TextLimitDelegateCore(limit: limit, clock: clock)
    core.limiter.onLimitReached = { [unowned self] in self.events.append($0) }
    core.onTextChange = { [unowned self] in self.reported.append($0) }
    core.attach(self)
  }

  var text: String { limitHostText }
  var caret: Int { limitHostSelectedRange.location }

  // MARK: The system applying edits

  /// Replaces `range` with `string` and puts the caret after it, as the system does; records
  /// the inverse in the open undo group (or a group of its own).
  private func apply(_ range: NSRange, _ string: String) {
    let old = String(decoding: Array(limitHostText.utf16)[Range(range)!], as: UTF16.self)
    let inverse = (NSRange(location: range.location, length: string.utf16.count), old)
    if openGroup != nil {
      openGroup!.append(inverse)
    } else {
      undoStack.append([inverse])
      redoStack.removeAll()
    }
    limitHostText = limitHostText.replacingUTF16(range, with: string)
    placeCaret(after: range.location + string.utf16.count)
  }

  /// Runs one user action as one event: what it applies, the limiter's corrections included,
  /// is one undo group; a new action clears what could be redone.
  private func event(_ action: () -> Void) {
    guard openGroup == nil else { return action() }
    openGroup = []
    action()
    let group = openGroup!
    openGroup = nil
    if !group.isEmpty {
      undoStack.append(group)
      redoStack.removeAll()
    }
  }

  /// Like UIKit, the caret never rests inside a composed character sequence.
  private func placeCaret(after offset: Int) {
    let text = limitHostText
    let boundary = (offset...text.utf16.count).first { text.isCharacterBoundary(utf16Offset: $0) }!
    limitHostSelectedRange = NSRange(location: boundary, length: 0)
  }

  /// The did-change call: the delegate's, or the change notification when the app replaced
  /// the delegate (the adapters observe it).
  private func didChange() {
    hookCalls += 1
    if let app = appReplacedDelegate { app.didChangeCalls += 1 }
    core.didChange(self)
  }

  /// The will-change hook the platform calls for this kind of field.
  var willChangeSelector: String {
    switch kind {
    case .uiKit: "textField:shouldChangeCharactersInRange:replacementString:"
    case .uiKitMultiRange: "textField:shouldChangeCharactersInRanges:replacementString:"
    case .appKitTextView: "textView:shouldChangeTextInRange:replacementString:"
    case .appKitTextViewMultiRange: "textView:shouldChangeTextInRanges:replacementStrings:"
    case .appKitTextField: ""
    }
  }

  /// The selectors `TextLimitDelegate` implements itself on this platform.
  var limiterHooks: Set<String> {
    switch kind {
    case .uiKit, .uiKitMultiRange: _DelegateSelectors.uiKitLimiterHooks
    default: _DelegateSelectors.appKitLimiterHooks
    }
  }

  /// The will-change call, as the platform makes it for an edit of `ranges`: to the hook's
  /// implementation, the limiter's delegate if it implements the hook, or else (through the
  /// Objective-C runtime's forwarding) the app's delegate alone.
  private func shouldChange(_ ranges: [NSRange], _ strings: [String]) -> Bool {
    if let app = appReplacedDelegate {
      return app.answer(self, ranges, strings, kind: kind) ?? true  // the limiter is not asked
    }
    guard limiterHooks.contains(willChangeSelector) else {
      return appDelegate?.answer(self, ranges, strings, kind: kind) ?? true
    }
    hookCalls += 1
    let askApp = { [weak self] (ranges: [NSRange], strings: [String]) -> Bool? in
      guard let self, let app = self.appDelegate else { return nil }
      return app.answer(self, ranges, strings, kind: self.kind)
    }
    if kind == .appKitTextViewMultiRange {
      return core.shouldChange(
        self, in: ranges, replacement: .each(strings), hook: .multiRange, askApp: askApp)
    }
    return core.shouldChange(
      self, in: ranges, replacement: .one(strings[0]),
      hook: kind.usesMultiRangeHook ? .multiRange : .oneRange, askApp: askApp)
  }

  /// An edit of the user's through the delegate: asked first where the platform asks.
  private func userEdit(_ range: NSRange, _ string: String, marking: Bool = false) {
    if kind == .appKitTextField {
      return formatterEdit(range, string, marking: marking)
    }
    event {
      let before = Array(limitHostText.utf16)
      if !shouldChange([range], [string]) {
        if registersUndoForRefusedEdits {
          // The inverse of the edit as if it had been applied.
          let lower = min(range.location, before.count)
          let upper = min(range.location + range.length, before.count)
          let stale = (
            NSRange(location: range.location, length: string.utf16.count),
            String(decoding: before[lower..<upper], as: UTF16.self)
          )
          if refusedEditRegisteredFirst {
            openGroup!.insert(stale, at: 0)
          } else {
            openGroup!.append(stale)
          }
        }
        return  // refused: nothing changes, and no did-change call follows
      }
      apply(range, string)
      if marking {
        limitHostMarkedTextRange = NSRange(location: range.location, length: string.utf16.count)
      }
      didChange()
    }
  }

  /// `NSTextField`: the formatter sees the text the edit would make; it may refuse it or hand
  /// back another text and selection (`isPartialStringValid`); then the did-change notification.
  private func formatterEdit(_ range: NSRange, _ string: String, marking: Bool) {
    event {
      let original = limitHostText
      let proposed = original.replacingUTF16(range, with: string)
      let marked = marking ? NSRange(location: range.location, length: string.utf16.count) : nil
      let caretAfter = NSRange(location: range.location + string.utf16.count, length: 0)
      hookCalls += 1
      let correction = core.correction(
        ofProposed: proposed, selectedRange: caretAfter, original: original,
        markedTextRange: marked, isUndoingOrRedoing: limitHostIsUndoingOrRedoing)
      if let correction {
        // AppKit shows the formatter's text instead, as one edit of the whole text.
        apply(NSRange(location: 0, length: original.utf16.count), correction.text)
        limitHostSelectedRange = correction.selectedRange
        limitHostMarkedTextRange = nil
      } else {
        apply(range, string)
        // The edit leaves marked text, or ends the composition, before AppKit reports it.
        limitHostMarkedTextRange = marked
      }
      didChange()
    }
  }

  func limitHostReplace(_ range: NSRange, withText text: String) {
    limiterEdits.append((range, text))
    if refusesProgrammaticEdits { return }
    // The system may ask the delegate about its own programmatic edit, as UIKit may.
    if callsDelegateOnReplace && kind.asksBeforeEditing && !shouldChange([range], [text]) {
      return
    }
    limitHostMarkedTextRange = nil
    apply(range, text)
    if callsDelegateOnReplace { didChange() }
  }

  // MARK: What the user does

  /// Typing or pasting over the selection.
  func insert(_ string: String) { userEdit(limitHostSelectedRange, string) }

  /// Select a UTF-16 range.
  func select(_ range: NSRange) { limitHostSelectedRange = range }

  /// Backspace: deletes the selection, or the grapheme cluster before the caret.
  func deleteBackward() {
    userEdit(Self.backspaceRange(in: limitHostText, limitHostSelectedRange), "")
  }

  /// What backspace deletes: the selection, or the last grapheme cluster of the text before the
  /// caret (even where the program left the caret inside a cluster).
  static func backspaceRange(in text: String, _ selection: NSRange) -> NSRange {
    guard selection.length == 0 else { return selection }
    let before = String(decoding: text.utf16.prefix(selection.location), as: UTF16.self)
    let last = before.last.map { String($0).utf16.count } ?? 0
    return NSRange(location: selection.location - last, length: last)
  }

  /// Deletes exactly the UTF-16 `range` (a selection the user made, even inside a cluster).
  func delete(_ range: NSRange) {
    limitHostSelectedRange = range
    userEdit(range, "")
  }

  /// An IME keystroke: replaces the marked text (or the selection) with new marked text.
  func setMarkedText(_ string: String) {
    userEdit(limitHostMarkedTextRange ?? limitHostSelectedRange, string, marking: true)
  }

  /// The IME commits a candidate: it replaces the marked text, which stops being marked. On
  /// iOS 26 the will-change hook hears of it as an insertion just after the marked text.
  func commit(_ string: String) {
    guard let marked = limitHostMarkedTextRange else { return insert(string) }
    if kind == .appKitTextField {
      formatterEdit(marked, string, marking: false)
      limitHostMarkedTextRange = nil
      return
    }
    let reported =
      kind == .uiKitMultiRange
      ? NSRange(location: marked.location + marked.length, length: 0) : marked
    event {
      if !shouldChange([reported], [string]) {
        // Refused: the composition ends with the marked text as it was.
        limitHostMarkedTextRange = nil
        didChange()
        return
      }
      apply(marked, string)
      limitHostMarkedTextRange = nil
      didChange()
    }
  }

  /// An edit of several ranges at once (a selection made of several ranges, as bidirectional
  /// text or a multiple selection gives): on iOS 26 one string, put in the range the field
  /// picks; on AppKit, a string per range. Other kinds hear of it as one edit of the ranges'
  /// union, as UIKit sends a delegate without the multi-range hook.
  func replace(ranges: [NSRange], with strings: [String]) {
    event { replaceInOneEvent(ranges: ranges, with: strings) }
  }

  private func replaceInOneEvent(ranges: [NSRange], with strings: [String]) {
    let sorted = ranges.sorted { $0.location < $1.location }
    switch kind {
    case .uiKitMultiRange:
      guard shouldChange(sorted, [strings[0]]) else { return }
      let target = Int.random(in: 0..<sorted.count, using: &randomness)
      for index in sorted.indices.reversed() {
        apply(sorted[index], index == target ? strings[0] : "")
      }
      placeCaret(after: insertionEnd(sorted, target: target, string: strings[0]))
      didChange()
    case .appKitTextViewMultiRange:
      guard shouldChange(sorted, strings) else { return }
      for index in sorted.indices.reversed() { apply(sorted[index], strings[index]) }
      let last = sorted.indices.last!
      placeCaret(
        after: sorted[last].location
          + zip(sorted.dropLast(), strings.dropLast()).reduce(0) {
            $0 + $1.1.utf16.count - $1.0.length
          } + strings[last].utf16.count)
      didChange()
    default:
      let union = NSRange(
        location: sorted[0].location,
        length: sorted.last!.location + sorted.last!.length - sorted[0].location)
      userEdit(union, strings.joined())
    }
  }

  /// Where the replacement ends once the ranges before `target` are deleted.
  private func insertionEnd(_ ranges: [NSRange], target: Int, string: String) -> Int {
    ranges[target].location - ranges[..<target].reduce(0) { $0 + $1.length } + string.utf16.count
  }

  /// Autocorrect, dictation or the candidate bar: changes the text without asking.
  func replaceBypassingDelegate(_ range: NSRange, with string: String) {
    event {
      apply(range, string)
      didChange()
    }
  }

  /// Undo: the last group's edits reverted, last first, with the undo manager undoing; what
  /// they replace goes to a group redo re-applies.
  func undo() {
    guard let group = undoStack.popLast() else { return }
    if let redone = step(through: group) { redoStack.append(redone) }
  }

  /// Redo: the last undone group re-applied, with the undo manager redoing.
  func redo() {
    guard let group = redoStack.popLast() else { return }
    if let undone = step(through: group) { undoStack.append(undone) }
  }

  /// The undo manager at work: each recorded edit, last first, asked through the will-change
  /// hook when the field asks for undo (or through the formatter, for `NSTextField`), applied,
  /// then did-change. Returns the inverses of what was applied, the limiter's repairs included.
  private func step(through group: [RecordedEdit]) -> [RecordedEdit]? {
    limitHostIsUndoingOrRedoing = true
    defer { limitHostIsUndoingOrRedoing = false }
    openGroup = []
    for (range, text) in group.reversed() {
      if kind == .appKitTextField {
        formatterEdit(range, text, marking: false)
        continue
      }
      if undoAsksDelegate && !shouldChange([range], [text]) { continue }
      apply(range, text)
      didChange()
    }
    let applied = openGroup!
    openGroup = nil
    return applied.isEmpty ? nil : applied
  }

  /// The undo manager holds an edit whose range the text no longer has (`UITextField`
  /// registers undo for a change its delegate then refused, the "undo crash" max-length
  /// delegates guard against): the next undo replaces `range` with `text`.
  func registerStaleUndo(_ range: NSRange, _ text: String) {
    undoStack.append([(range, text)])
  }

  /// Editing begins (the field becomes first responder): the adapters synchronize the limiter.
  func beginEditing() {
    hookCalls += 1
    core.didBeginEditing(self)
  }

  /// Editing ends (the field resigns first responder).
  func endEditing() {
    hookCalls += 1
    core.didEndEditing()
  }

  // MARK: What the program does

  /// The program sets the text, as `field.text = …` does: no callback reaches the limiter, and
  /// the undo stack is cleared.
  func programSetsText(_ string: String) {
    undoStack.removeAll()
    redoStack.removeAll()
    limitHostText = string
    limitHostSelectedRange = NSRange(location: string.utf16.count, length: 0)
    limitHostMarkedTextRange = nil
  }

  /// The program sets the text through the limiter, as the README recommends (rule 8).
  func programSetsTextThroughLimiter(_ string: String) {
    programSetsText(limiter.setText(string))
  }

  /// The app sets the field's delegate to one of its own after the limit was set: the limiter's
  /// hooks are no longer called; the change notification still reaches it.
  func appReplacesDelegate(with delegate: SimulatedAppDelegate) {
    appReplacedDelegate = delegate
  }

  /// A formatting delegate's work: sets the text as the program does, inside a will-change call.
  func setTextFromDelegate(_ string: String) {
    limitHostText = string
    placeCaret(after: string.utf16.count)
  }
}

/// The app's own delegate: which will-change hooks it implements (as `TextLimitDelegate` asks
/// through `_DelegateSelectors.appHook`: the multi-range one if it has it, else the one-range
/// one with the ranges' union), what it answers, what it was told.
final class SimulatedAppDelegate {
  /// Its will-change answer; may change the field's text (a formatting delegate).
  var willChange: (SimulatedTextField, [NSRange], [String]) -> Bool
  /// Which hooks it implements.
  var implementsOneRange: Bool
  var implementsMultiRange: Bool
  /// The other delegate methods it implements, by selector.
  var otherMethods: Set<String>
  /// The ranges of each will-change call it got.
  var willChangeCalls: [[NSRange]] = []
  var didChangeCalls = 0
  /// Called when it is released (what `_ReleaseWatcher` observes).
  var onRelease: (() -> Void)?

  init(
    oneRange: Bool = true, multiRange: Bool = false, otherMethods: Set<String> = [],
    willChange: @escaping (SimulatedTextField, [NSRange], [String]) -> Bool = { _, _, _ in true }
  ) {
    implementsOneRange = oneRange
    implementsMultiRange = multiRange
    self.otherMethods = otherMethods
    self.willChange = willChange
  }

  deinit { onRelease?() }

  func responds(to selector: String) -> Bool {
    otherMethods.contains(selector)
      || (selector.contains("Ranges") ? implementsMultiRange : implementsOneRange)
        && selector.contains("shouldChange")
  }

  /// Its answer to a will-change call, asked as the adapter asks it; nil when it has no hook.
  func answer(
    _ field: SimulatedTextField, _ ranges: [NSRange], _ strings: [String],
    kind: SimulatedTextField.Kind
  ) -> Bool? {
    switch _DelegateSelectors.appHook(
      implementsMultiRange: implementsMultiRange, implementsOneRange: implementsOneRange)
    {
    case .multiRange:
      willChangeCalls.append(ranges)
      return willChange(field, ranges, strings)
    case .oneRange:
      let lower = ranges.map(\.location).min()!
      let upper = ranges.map { $0.location + $0.length }.max()!
      let union = NSRange(location: lower, length: upper - lower)
      willChangeCalls.append([union])
      return willChange(field, [union], [strings.joined()])
    case .none:
      return nil
    }
  }
}
