import Foundation
import Testing

@testable import TextLimit

/// Undo and redo through the simulated field of every platform, with the undo manager asking
/// the will-change hook before each step (`UITextField`) and not (`UITextView`, `NSTextView`);
/// an `NSTextField` passes each step through its formatter. An undo or a redo restores text the
/// user had: it is never trimmed again (rule 8), and only a range past the end is repaired
/// (rule 9). The limiter's trim joins the undo group of the edit it trims.
@Suite struct UndoTests {
  typealias Kind = SimulatedTextField.Kind

  /// Every kind, undo asking the delegate first and not (`NSTextField`: its formatter, once).
  static let modes: [(Kind, Bool)] = Kind.allCases.flatMap { kind in
    kind == .appKitTextField ? [(kind, false)] : [(kind, false), (kind, true)]
  }

  /// Dictation over a selection is trimmed to the limit; one Undo restores the text before the
  /// dictation (the trim and the dictation are one group), Redo re-applies the dictation and its
  /// trim, and the limit holds afterwards.
  @Test(arguments: modes)
  func undoRestoresTheTextBeforeATrimmedDictationAndRedoRedoesIt(_ kind: Kind, _ asks: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "abcde", kind: kind)
    field.undoAsksDelegate = asks
    field.replaceBypassingDelegate(NSRange(location: 2, length: 2), with: "XYZW")
    #expect(field.text == "abXYe", "the dictation trimmed before the caret")
    field.undo()
    #expect(field.text == "abcde", "one Undo: the text before the dictation")
    #expect(field.limiter.text == field.text)
    field.redo()
    #expect(field.text == "abXYe", "Redo: the trimmed edit again")
    #expect(field.limiter.text == field.text)
    field.undo()
    #expect(field.text == "abcde")
    field.select(NSRange(location: 5, length: 0))
    field.insert("!")
    #expect(field.text == "abcde", "the limit holds again")
    field.deleteBackward()
    #expect(field.text == "abcd")
  }

  /// A shortened paste is one group with the limiter's edit: undone at once, redone shortened.
  @Test(arguments: modes)
  func aShortenedPasteIsUndoneAndRedoneWhole(_ kind: Kind, _ asks: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 6), text: "ab", kind: kind)
    field.undoAsksDelegate = asks
    field.insert("cdefgh")
    #expect(field.text == "abcdef")
    field.undo()
    #expect(field.text == "ab")
    field.redo()
    #expect(field.text == "abcdef")
    #expect(field.limiter.text == "abcdef")
  }

  /// An undo that restores text over the limit (text the program set, then deleted by the user)
  /// is taken as it is, though no edit could put it there, and the next insertion is refused.
  @Test(arguments: modes)
  func anUndoBringingTextOverTheLimitBackIsTakenAsItIs(_ kind: Kind, _ asks: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 3), text: "", kind: kind)
    field.undoAsksDelegate = asks
    field.programSetsTextThroughLimiter("restored")
    field.beginEditing()
    field.delete(NSRange(location: 0, length: 8))
    #expect(field.text == "")
    field.undo()
    #expect(field.text == "restored", "the user's text comes back whole")
    #expect(field.limiter.text == "restored")
    field.select(NSRange(location: 8, length: 0))
    field.insert("x")
    #expect(field.text == "restored", "and may not grow")
  }

  /// The undo manager holds an edit whose range lies past the end (`UITextField` registered it
  /// for a change its delegate refused): asked about it, the limiter repairs the range (rule 9)
  /// and applies it, untrimmed, instead of letting the field apply a range it does not have.
  @Test(arguments: modes.filter { $0.1 })
  func anUndoPastTheEndIsRepaired(_ kind: Kind, _ asks: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "abc", kind: kind)
    field.undoAsksDelegate = asks
    field.registerStaleUndo(NSRange(location: 1, length: 9), "")
    field.undo()
    #expect(field.text == "a", "rule 9: {1, 9} in abc deletes bc")
    #expect(field.limiter.text == "a")
    field.registerStaleUndo(NSRange(location: 7, length: 0), "XYZWVU")
    field.undo()
    #expect(field.text == "aXYZWVU", "clamped to the end, and not trimmed")
    #expect(field.limiter.text == field.text)
  }

  /// `UITextField` registers an undo for an edit its delegate refused (or the limiter replaced
  /// with a shorter one), as if it had been applied: undoing it would replace a range the text
  /// never got, deleting the user's own text. The limiter refuses that undo; the rest of the
  /// group (its own correction) is undone, and nothing the user typed is lost.
  @Test(arguments: [Kind.uiKit, .uiKitMultiRange], [true, false])
  func anUndoOfARefusedEditNeverDeletesTheUsersText(_ kind: Kind, _ registeredFirst: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 12), text: "abcdefghij", kind: kind)
    field.undoAsksDelegate = true
    field.registersUndoForRefusedEdits = true
    field.refusedEditRegisteredFirst = registeredFirst
    field.select(NSRange(location: 2, length: 0))
    field.insert("XXXXX")
    #expect(field.text == "abXXcdefghij", "the paste shortened")
    field.undo()
    #expect(field.text == "abcdefghij", "the shortened paste undone, and nothing else")
    #expect(field.limiter.text == field.text)
    // A keystroke refused at the limit, in the middle of the text.
    field.programSetsTextThroughLimiter("abcdefghijkl")
    field.select(NSRange(location: 2, length: 0))
    field.insert("x")
    #expect(field.text == "abcdefghijkl")
    field.undo()
    #expect(field.text == "abcdefghijkl", "the refused keystroke's undo deletes nothing")
  }
}
