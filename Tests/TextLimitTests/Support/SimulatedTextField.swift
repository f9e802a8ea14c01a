import Foundation
import TextLimit

/// A text field modelled on UIKit's: text, a selection and marked (IME) text, driven through a
/// `TextLimiter` the way `UITextField`'s delegate drives it. Edits that go through the
/// delegate call `shouldChange` first and apply the edit only if it says yes; all user edits end
/// with `didChange`, as `textViewDidChange` does; programmatic sets call neither.
final class SimulatedTextField: TextInputHost {
  var limitHostText: String
  var limitHostSelectedRange: NSRange
  var limitHostMarkedTextRange: NSRange?
  let limiter: TextLimiter
  /// Every event the limiter reported.
  var events: [LimitEvent] = []

  init(limit: TextLimit, text: String = "") {
    limitHostText = text
    limitHostSelectedRange = NSRange(location: text.utf16.count, length: 0)
    limiter = TextLimiter(limit: limit, text: text)
    limiter.onLimitReached = { [unowned self] in self.events.append($0) }
  }

  var text: String { limitHostText }
  var caret: Int { limitHostSelectedRange.location }

  /// Replaces `range` with `string` and puts the caret after it, as the system does.
  private func apply(_ range: NSRange, _ string: String) {
    limitHostText = limitHostText.replacingUTF16(range, with: string)
    // Like UIKit, the caret never rests inside a composed character sequence.
    let caret = range.location + string.utf16.count
    let text = limitHostText
    let boundary = (caret...text.utf16.count).first { text.isCharacterBoundary(utf16Offset: $0) }!
    limitHostSelectedRange = NSRange(location: boundary, length: 0)
  }

  /// Typing or pasting over the selection.
  func insert(_ string: String) {
    let range = limitHostSelectedRange
    if limiter.shouldChange(self, in: range, replacementText: string) { apply(range, string) }
    limiter.didChange(self)
  }

  /// Select a UTF-16 range.
  func select(_ range: NSRange) { limitHostSelectedRange = range }

  /// Backspace: deletes the selection, or the grapheme cluster before the caret.
  func deleteBackward() {
    var range = limitHostSelectedRange
    if range.length == 0 {
      guard range.location > 0 else { return }
      let text = limitHostText
      let caret = String.Index(utf16Offset: range.location, in: text)
      let start = text.index(before: caret)
      range = NSRange(start..<caret, in: text)
    }
    if limiter.shouldChange(self, in: range, replacementText: "") { apply(range, "") }
    limiter.didChange(self)
  }

  /// An IME keystroke: replaces the marked text (or the selection) with new marked text.
  func setMarkedText(_ string: String) {
    let range = limitHostMarkedTextRange ?? limitHostSelectedRange
    if limiter.shouldChange(self, in: range, replacementText: string) {
      apply(range, string)
      limitHostMarkedTextRange = NSRange(location: range.location, length: string.utf16.count)
    }
    limiter.didChange(self)
  }

  /// The IME commits a candidate: it replaces the marked text, which stops being marked.
  func commit(_ string: String) {
    guard let marked = limitHostMarkedTextRange else { return insert(string) }
    if limiter.shouldChange(self, in: marked, replacementText: string) { apply(marked, string) }
    limitHostMarkedTextRange = nil
    limiter.didChange(self)
  }

  /// Autocorrect, dictation or the candidate bar: changes the text without asking.
  func replaceBypassingDelegate(_ range: NSRange, with string: String) {
    apply(range, string)
    limiter.didChange(self)
  }

  /// The program sets the text: no delegate call, the limiter is told directly.
  func setTextProgrammatically(_ string: String) {
    limitHostText = limiter.setText(string)
    limitHostSelectedRange = NSRange(location: limitHostText.utf16.count, length: 0)
    limitHostMarkedTextRange = nil
  }
}
