import Foundation
import Testing
import TextCount
import TextLimit

/// The field's text is the truth (issue scenarios), on every simulated platform: text the
/// program set without telling the limiter is never lost, and a field never locks the user out.
@Suite struct HostTruthTests {
  typealias Kind = SimulatedTextField.Kind

  @Test(arguments: Kind.allCases)
  func aChatBoxClearedAfterSendingAcceptsTypingAgain(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), kind: kind)
    for letter in ["h", "e", "l", "l", "o"] { field.insert(letter) }
    #expect(field.text == "hello")
    field.programSetsText("")  // sent: the program clears the box, no callback
    field.insert("a")
    #expect(field.text == "a")
    #expect(field.caret == 1)
  }

  @Test(arguments: Kind.allCases)
  func textTheProgramSetSurvivesTheNextKeystroke(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 10), kind: kind)
    field.programSetsText("Hello")
    field.insert("!")
    #expect(field.text == "Hello!")
  }

  @Test(arguments: Kind.allCases)
  func aRestoredDraftSurvivesAnOverflowingPaste(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 10), kind: kind)
    field.programSetsText("Draft")
    field.insert("0123456789")
    #expect(field.text == "Draft01234")
    #expect(field.caret == 10)
    #expect(
      field.events.map(\.reason).last
        == (kind.asksBeforeEditing ? .insertionTruncated : .overflowTrimmed))
  }

  @Test(arguments: Kind.allCases)
  func aMentionTheAppInsertsStaysWhenTheUserTypesOn(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 20), kind: kind)
    field.insert("Hi ")
    field.programSetsText("Hi @alice ")
    field.insert("x")
    field.insert("yz")
    #expect(field.text == "Hi @alice xyz")
  }

  @Test(arguments: Kind.allCases)
  func overLimitTextTheProgramSetShrinksButNeverGrows(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), kind: kind)
    field.programSetsText("abcdefgh")
    field.beginEditing()
    field.insert("x")
    #expect(field.text == "abcdefgh", "growing is not allowed")
    field.deleteBackward()
    #expect(field.text == "abcdefg", "deleting is")
    field.insert("x")
    #expect(field.text == "abcdefg", "the allowance shrank with the deletion")
    for _ in 0..<3 { field.deleteBackward() }
    field.insert("xyz")
    #expect(field.text == "abcdx")
  }

  /// A deletion inside a cluster raises the count; it stands, and the text then behaves as
  /// over-limit text: it may shrink, never grow, and nothing else is trimmed.
  @Test(arguments: Kind.allCases)
  func deletingTheViramaOfAConjunctAtTheLimitStands(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 2), text: "aक्ष", kind: kind)
    field.delete(NSRange(location: 2, length: 1))  // the virama
    #expect(field.text == "aकष")
    #expect(field.limiter.count == 3)
    field.insert("b")
    #expect(field.text == "aकष", "the text may not grow")
    field.select(NSRange(location: 0, length: 1))
    field.deleteBackward()
    #expect(field.text == "कष")
  }

  /// The same through the text-based hooks alone: the deletion's result is the new allowance at
  /// once, so a mark that joins a cluster (the count does not grow) is still accepted.
  @Test func aDeletionsResultIsTheAllowanceAtOnce() {
    let limiter = TextLimiter(limit: TextLimit(maxLength: 2), text: "aक्ष")
    #expect(
      limiter.shouldChangeText(in: NSRange(location: 2, length: 1), replacementText: "") == .accept)
    #expect(limiter.count == 3)
    #expect(
      limiter.shouldChangeText(in: NSRange(location: 3, length: 0), replacementText: "\u{93F}")
        == .accept)
    #expect(
      limiter.shouldChangeText(in: NSRange(location: 4, length: 0), replacementText: "b") == .reject
    )
  }

  @Test(arguments: Kind.allCases)
  func deletingTheZWJOfAFamilyAtTheLimitStands(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 2), text: "x👨‍👩", kind: kind)
    field.delete(NSRange(location: 3, length: 1))  // the ZWJ
    #expect(field.text == "x👨👩")
    #expect(field.events.isEmpty, "a deletion is not a limit event")
  }

  @Test(arguments: Kind.allCases)
  func anAutocorrectAfterAKeystrokeKeepsTheProgramsTextAndTrimsItsOwn(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 12), kind: kind)
    field.programSetsText("Dear Sir, ")
    field.insert("a")  // the keystroke lets the limiter see the program's text
    field.replaceBypassingDelegate(NSRange(location: 10, length: 1), with: "and more")
    #expect(field.text == "Dear Sir, an")
    #expect(field.caret == 12)
  }

  /// Documented limit of what can be told apart: with no call between the program's change and
  /// an edit that bypasses the delegate, the limiter sees one change and attributes it to the
  /// user. Even then, nothing after the caret is removed.
  @Test(arguments: [Kind.uiKit, .appKitTextView])
  func aProgramChangeFollowedDirectlyByAnAutocorrectCountsAsTheUsers(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 8), text: "ab", kind: kind)
    field.programSetsText("ab tail")
    field.select(NSRange(location: 2, length: 0))
    field.replaceBypassingDelegate(NSRange(location: 2, length: 0), with: "123456789")
    #expect(field.text == "ab1 tail")
    #expect(field.caret == 3)
  }

  @Test(arguments: Kind.allCases)
  func attachShowsWhatSetTextReturns(_ kind: Kind) {
    var limit = TextLimit(maxLength: 5)
    limit.overLimitPolicy = .truncate
    let field = SimulatedTextField(limit: limit, text: "abcdefgh", kind: kind)
    #expect(field.text == "abcde")
    #expect(field.limiter.text == "abcde")
  }

  /// A correction is an edit of the host (`limitHostReplace`), so undo restores what was there.
  @Test(arguments: Kind.allCases)
  func correctionsAreUndoableEdits(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 6), text: "ab", kind: kind)
    field.insert("cdefgh")
    #expect(field.text == "abcdef")
    if kind == .appKitTextField {
      // The formatter handed AppKit the shortened text: the paste was never shown.
      #expect(field.limiterEdits.isEmpty)
    } else {
      #expect(!field.limiterEdits.isEmpty)
      #expect(field.limiterEdits.allSatisfy { $0.range.length < 8 }, "never the whole text")
    }
    field.undo()
    #expect(field.text == "ab", "undoing the shortened paste")
  }

  /// The view refuses the limiter's correction (AppKit's `shouldChangeText(in:replacementString:)`
  /// says no for a view that is not editable, or a delegate other than the limiter's refuses):
  /// the limiter's copy is the view's text again at once, so the two never differ; the text
  /// stays, as text the program set would (rule 8), may not grow, and can be deleted.
  @Test(arguments: Kind.allCases)
  func aRefusedCorrectionLeavesTheCopyEqualToTheView(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    field.refusesProgrammaticEdits = true
    field.replaceBypassingDelegate(NSRange(location: 2, length: 0), with: "cdefgh")
    #expect(field.text == "abcdefgh", "the trim was refused")
    #expect(field.limiter.text == field.text)
    field.insert("x")
    #expect(field.text == "abcdefgh")
    field.deleteBackward()
    #expect(field.text == "abcdefg")
    #expect(field.limiter.text == field.text)
    if kind.asksBeforeEditing {
      field.programSetsText("ab")
      field.insert("cdefgh")
      #expect(field.text == "ab", "the shortened paste was refused")
      #expect(field.limiter.text == "ab")
    }
  }

  /// A refused edit changes nothing and is followed by no did-change call.
  @Test func aRefusedEditGetsNoDidChangeCall() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 2), text: "ab")
    let calls = field.hookCalls
    field.insert("c")
    #expect(field.text == "ab")
    #expect(field.hookCalls == calls + 1, "the will-change call only")
  }

  /// A refused keystroke was measured on the text as it was (the limiter keeps a measure for
  /// the edit it applies next). Then the text changes without the delegate being asked
  /// (autocorrect deletes a letter; or the program sets the text, with no callback; or nothing
  /// changes), and dictation puts a character in the same place: the limiter's copy is the
  /// field's text, and an insertion over the limit is trimmed.
  @Test(arguments: Kind.allCases)
  func aRefusedKeystrokesMeasureIsNotAppliedToALaterText(_ kind: Kind) {
    for change in ["autocorrect", "the program", "nothing"] {
      let field = SimulatedTextField(
        limit: TextLimit(maxLength: 10), text: "abcdefghij", kind: kind)
      field.select(NSRange(location: 3, length: 0))
      field.insert("X")
      #expect(field.text == "abcdefghij", "refused at the limit")
      switch change {
      case "autocorrect": field.replaceBypassingDelegate(NSRange(location: 7, length: 1), with: "")
      case "the program": field.programSetsText("abcdefgij")
      default: break
      }
      field.replaceBypassingDelegate(NSRange(location: 3, length: 0), with: "X")
      let context = "\(kind), \(change)"
      #expect(
        field.text == (change == "nothing" ? "abcdefghij" : "abcXdefgij"), "\(context)")
      #expect(field.limiter.text == field.text, "the copy is the field's text: \(context)")
      #expect(field.limiter.count == 10, "\(context)")
    }
  }

  @Test(arguments: Kind.allCases)
  func aCompositionIsNeverCutWhileItIsComposed(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 3), text: "ab", kind: kind)
    for marked in ["n", "ni", "nih", "niha", "nihao"] {
      field.setMarkedText(marked)
      #expect(field.text == "ab" + marked)
    }
    field.commit("你好")
    #expect(field.text == "ab你")
    #expect(field.events.map(\.reason).last == .compositionTruncated)
  }
}
