import Foundation
import TextLimit

/// A text field that behaves as UIKit's and AppKit's do, driven through a `TextLimiter` the way
/// the adapters drive it (Sources/TextLimit/Adapters/):
///
/// - A user edit through the delegate asks `shouldChange` first. A refused edit changes nothing
///   and is followed by no did-change call; an accepted one is applied, then `didChange`.
/// - Autocorrect, dictation and the candidate bar change the text without asking; `didChange`
///   follows.
/// - The program sets the text or the selection with no callback at all, as `text = …` does.
/// - The limiter's own corrections arrive through `limitHostReplace`, which calls the delegate
///   back (`shouldChange`, then `didChange`), as `replace(_:withText:)` and AppKit's
///   `insertText(_:replacementRange:)` may; each is an undoable edit.
/// - Marked text appears, grows and is committed; setting the text ends a composition.
///
/// `Kind.appKitTextField` models `NSTextField`, whose field editor's will-change hook belongs to
/// its cell: its adapter sees only the did-change notification, so no edit is ever refused up
/// front and every decision happens after the fact.
final class SimulatedTextField: TextInputHost {
  /// Which platform's field is simulated.
  enum Kind: CaseIterable, Sendable, CustomStringConvertible {
    /// `UITextField` / `UITextView`: both hooks.
    case uiKit
    /// `NSTextView`: both hooks.
    case appKitTextView
    /// `NSTextField`: the did-change notification only.
    case appKitTextField

    var description: String {
      switch self {
      case .uiKit: "UIKit"
      case .appKitTextView: "NSTextView"
      case .appKitTextField: "NSTextField"
      }
    }

    var asksBeforeEditing: Bool { self != .appKitTextField }
  }

  private(set) var limitHostText: String
  var limitHostSelectedRange: NSRange
  private(set) var limitHostMarkedTextRange: NSRange?
  let kind: Kind
  let limiter: TextLimiter
  /// Every event the limiter reported.
  var events: [LimitEvent] = []
  /// Every edit the limiter applied through `limitHostReplace`.
  private(set) var limiterEdits: [(range: NSRange, text: String)] = []
  /// The inverse of every edit applied, for `undo()`.
  private var undoStack: [(range: NSRange, text: String)] = []
  /// How many calls the field made to the limiter (will-change, did-change, begin editing).
  private(set) var hookCalls = 0

  /// A field showing `text`, to which a limiter is attached (`TextLimiter.attach(to:)`).
  init(limit: TextLimit, text: String = "", kind: Kind = .uiKit) {
    limitHostText = text
    limitHostSelectedRange = NSRange(location: text.utf16.count, length: 0)
    self.kind = kind
    limiter = TextLimiter(limit: limit)
    limiter.onLimitReached = { [unowned self] in self.events.append($0) }
    limiter.attach(to: self)
  }

  var text: String { limitHostText }
  var caret: Int { limitHostSelectedRange.location }

  // MARK: The system applying edits

  /// Replaces `range` with `string` and puts the caret after it, as the system does; records
  /// the inverse for undo.
  private func apply(_ range: NSRange, _ string: String) {
    let old = String(decoding: Array(limitHostText.utf16)[Range(range)!], as: UTF16.self)
    undoStack.append((NSRange(location: range.location, length: string.utf16.count), old))
    limitHostText = limitHostText.replacingUTF16(range, with: string)
    // Like UIKit, the caret never rests inside a composed character sequence.
    let caret = range.location + string.utf16.count
    let text = limitHostText
    let boundary = (caret...text.utf16.count).first { text.isCharacterBoundary(utf16Offset: $0) }!
    limitHostSelectedRange = NSRange(location: boundary, length: 0)
  }

  /// The delegate's did-change call.
  private func didChange() {
    hookCalls += 1
    limiter.didChange(self)
  }

  /// The delegate's will-change call, where the platform has one.
  private func shouldChange(_ range: NSRange, _ string: String) -> Bool {
    guard kind.asksBeforeEditing else { return true }
    hookCalls += 1
    return limiter.shouldChange(self, in: range, replacementText: string)
  }

  /// An edit of the user's through the delegate: asked first where the platform asks.
  private func userEdit(_ range: NSRange, _ string: String, marking: Bool = false) {
    if !shouldChange(range, string) {
      return  // refused: nothing changes, and no did-change call follows
    }
    apply(range, string)
    if marking {
      limitHostMarkedTextRange = NSRange(location: range.location, length: string.utf16.count)
    }
    didChange()
  }

  func limitHostReplace(_ range: NSRange, withText text: String) {
    limiterEdits.append((range, text))
    // The system asks the delegate about its own programmatic edit, as UIKit may.
    if kind.asksBeforeEditing && !limiter.shouldChange(self, in: range, replacementText: text) {
      return
    }
    limitHostMarkedTextRange = nil
    apply(range, text)
    didChange()
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

  /// The IME commits a candidate: it replaces the marked text, which stops being marked.
  func commit(_ string: String) {
    guard let marked = limitHostMarkedTextRange else { return insert(string) }
    if !shouldChange(marked, string) {
      // Refused: the composition ends with the marked text as it was.
      limitHostMarkedTextRange = nil
      didChange()
      return
    }
    apply(marked, string)
    limitHostMarkedTextRange = nil
    didChange()
  }

  /// Autocorrect, dictation or the candidate bar: changes the text without asking.
  func replaceBypassingDelegate(_ range: NSRange, with string: String) {
    apply(range, string)
    didChange()
  }

  /// Undo: the system reverts the last edit (without asking the delegate), then did-change.
  func undo() {
    guard let (range, text) = undoStack.popLast() else { return }
    let count = undoStack.count
    apply(range, text)
    undoStack.removeSubrange(count...)  // an undo is not itself undone here
    didChange()
  }

  /// Editing begins (the field becomes first responder): the adapters synchronize the limiter.
  func beginEditing() {
    hookCalls += 1
    limiter.synchronize(with: self)
  }

  // MARK: What the program does

  /// The program sets the text, as `field.text = …` does: no callback reaches the limiter, and
  /// the undo stack is cleared.
  func programSetsText(_ string: String) {
    undoStack.removeAll()
    limitHostText = string
    limitHostSelectedRange = NSRange(location: string.utf16.count, length: 0)
    limitHostMarkedTextRange = nil
  }

  /// The program sets the text through the limiter, as the README recommends (rule 8).
  func programSetsTextThroughLimiter(_ string: String) {
    programSetsText(limiter.setText(string))
  }
}
