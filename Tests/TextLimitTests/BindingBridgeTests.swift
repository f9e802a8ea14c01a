import Foundation
import Testing
import TextCount

@testable import TextLimit

/// What the SwiftUI views write besides the platform view (`_LimitedTextModel`, with
/// `_BindingBridge`), on the simulated field, in the order SwiftUI calls: the binding, the
/// counter, the placeholder.
@Suite struct BindingBridgeTests {
  /// A binding and a field kept in step as `_LimitedTextRepresentable` keeps them; SwiftUI's
  /// tasks after an update wait in `afterUpdate` until `runAfterUpdate()`.
  final class Harness {
    var binding: String
    var display: _LimitedTextModel.Display?
    let field: SimulatedTextField
    let model: _LimitedTextModel
    /// What SwiftUI runs once its update is over (a main-actor task).
    var afterUpdate: [() -> Void] = []
    /// How many times the view showed a text the program set.
    var shown = 0

    init(limit: TextLimit, text: String, kind: SimulatedTextField.Kind = .uiKit) {
      field = SimulatedTextField(limit: limit, text: text, kind: kind)
      binding = field.text
      model = _LimitedTextModel(text: field.text)
      model.writeText = { [unowned self] in self.binding = $0 }
      model.writeDisplay = { [unowned self] in self.display = $0 }
      model.afterUpdate = { [unowned self] in self.afterUpdate.append($0) }
      // The delegate's report of each change, as the coordinator hears it.
      field.core.onTextChange = { [unowned self] text in
        self.model.hostChanged(
          text, isComposing: self.field.limitHostMarkedTextRange != nil,
          limiter: self.field.limiter)
      }
    }

    /// SwiftUI's update with the binding's value.
    func update() {
      model.updating {
        model.bindingChanged(
          to: binding, limiter: field.limiter,
          show: {
            self.shown += 1
            self.field.programSetsText($0)
            self.field.core.programSetText(self.field)
          }, isComposing: { self.field.limitHostMarkedTextRange != nil })
      }
    }

    /// A new limit, in an update (as the representable applies a changed `limit`).
    func update(limit: TextLimit) {
      model.updating { field.core.setLimit(limit, on: field) }
      update()
    }

    /// The tasks after the update.
    func runAfterUpdate() {
      let tasks = afterUpdate
      afterUpdate = []
      for task in tasks { task() }
    }

    /// The user types; SwiftUI then updates the view and runs what the update scheduled.
    func userTyped(_ string: String) {
      field.insert(string)
      update()
      runAfterUpdate()
    }
  }

  @Test func theProgramsWriteIsShownAndKeptWhenOverTheLimit() {
    let harness = Harness(limit: TextLimit(maxLength: 5), text: "")
    harness.binding = "restored draft"
    harness.update()
    #expect(harness.field.text == "restored draft", "rule 8: the program's text stays")
    #expect(harness.field.limiter.text == "restored draft")
    harness.userTyped("!")
    #expect(harness.field.text == "restored draft", "but may not grow")
  }

  @Test func theProgramsWriteIsCutAndWrittenBackUnderTruncate() {
    var limit = TextLimit(maxLength: 5)
    limit.overLimitPolicy = .truncate
    let harness = Harness(limit: limit, text: "")
    harness.binding = "restored draft"
    harness.update()
    #expect(harness.field.text == "resto")
    #expect(harness.binding == "restored draft", "state may not change during the update")
    harness.runAfterUpdate()
    #expect(harness.binding == "resto")
  }

  @Test func theUsersEditsReachTheBindingAndTheirEchoChangesNothing() {
    let harness = Harness(limit: TextLimit(maxLength: 5), text: "ab")
    harness.userTyped("cdefg")
    #expect(harness.binding == "abcde")
    let edits = harness.field.limiterEdits.count
    harness.update()  // the echo of the view's own write
    #expect(harness.field.text == "abcde")
    #expect(harness.field.limiterEdits.count == edits)
    // Not handled as a write of the program's, which would set the text and clear undo.
    harness.field.undo()
    #expect(harness.field.text == "ab", "the user's edit is still undoable")
  }

  /// The order that lost keystrokes: the edit, then SwiftUI's update, then the publish. The
  /// edit reaches the binding in its own turn, so the update sees it and does not take the
  /// binding's old value for the program's write (which would reset the field, move the caret
  /// to the end and clear undo).
  @Test(arguments: SimulatedTextField.Kind.allCases)
  func anUpdateBetweenTheEditAndThePublishLosesNothing(_ kind: SimulatedTextField.Kind) {
    let harness = Harness(limit: TextLimit(maxLength: 10), text: "ab", kind: kind)
    harness.field.insert("c")
    #expect(harness.binding == "abc", "written in the turn of the edit")
    harness.update()  // before anything scheduled after an update could run
    harness.runAfterUpdate()
    #expect(harness.field.text == "abc")
    #expect(harness.binding == "abc")
    #expect(harness.shown == 0, "the field was not reset")
    harness.field.undo()
    #expect(harness.field.text == "ab", "and its undo is intact")
  }

  /// A change made during an update (a new `.truncate` limit cuts the text) reaches the binding
  /// only after it; an update in between, with the binding's old value, is not the program's
  /// write.
  @Test func aPublishWaitingForTheEndOfAnUpdateIsNotTakenForTheProgramsWrite() {
    let harness = Harness(limit: TextLimit(maxLength: 10), text: "abcdefgh")
    var limit = TextLimit(maxLength: 5)
    limit.overLimitPolicy = .truncate
    harness.update(limit: limit)
    #expect(harness.field.text == "abcde")
    #expect(harness.binding == "abcdefgh", "not yet: an update is under way")
    harness.update()  // a second update before the publish lands
    #expect(harness.shown == 0, "the old value was not shown as the program's")
    harness.runAfterUpdate()
    #expect(harness.binding == "abcde")
    #expect(harness.display?.counter == LimitCounter(count: 5, maxLength: 5, unit: .graphemes))
    harness.binding = "xyz"  // the program's own write still is one
    harness.update()
    #expect(harness.field.text == "xyz")
  }

  /// The placeholder follows the text the field shows: it hides the moment marked text appears,
  /// though the binding keeps the committed text (empty) until the commit.
  @Test(arguments: SimulatedTextField.Kind.allCases)
  func thePlaceholderHidesWhileMarkedTextIsComposed(_ kind: SimulatedTextField.Kind) {
    let harness = Harness(limit: TextLimit(maxLength: 10), text: "", kind: kind)
    harness.update()
    harness.runAfterUpdate()
    func placeholder() -> Bool? { harness.display?.showsPlaceholder(over: harness.binding) }
    #expect(placeholder() == true)
    harness.field.setMarkedText("ni")
    #expect(harness.binding == "", "the binding never holds pinyin in progress")
    #expect(placeholder() == false, "no title over the marked text")
    harness.field.commit("你")
    #expect(harness.binding == "你")
    #expect(placeholder() == false)
    harness.field.deleteBackward()
    #expect(placeholder() == true)
    harness.binding = "draft"  // the program's write: hidden in the same update
    #expect(placeholder() == false)
  }

  @Test func aNewLimitAppliesToTheSameHost() {
    let harness = Harness(limit: TextLimit(maxLength: 10), text: "abcdef")
    var reported: [LimitEvent] = []
    harness.field.limiter.onLimitReached = { reported.append($0) }
    let replacement = harness.field.limiter.replacingLimit(
      with: TextLimit(maxLength: 3), on: harness.field)
    #expect(replacement.limit.rules[0].maxLength == 3)
    #expect(replacement.text == "abcdef", "text over the new limit stays (rule 8)")
    replacement.onLimitReached?(
      LimitEvent(attemptedText: "", keptText: "", reason: .insertionRejected))
    #expect(reported.count == 1, "the handler carries over")
  }
}
