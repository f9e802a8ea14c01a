import Foundation
import Testing
import TextCount

@testable import TextLimit

/// What the SwiftUI views do with their binding (`_BindingBridge`), on the simulated field.
@Suite struct BindingBridgeTests {
  /// A binding and a field kept in step as `_LimitedTextRepresentable` keeps them.
  final class Harness {
    var binding: String
    let field: SimulatedTextField
    let bridge: _BindingBridge

    init(limit: TextLimit, text: String) {
      binding = text
      field = SimulatedTextField(limit: limit, text: text)
      bridge = _BindingBridge(text: field.text)
      binding = field.text
    }

    /// SwiftUI's update with the binding's value.
    func update() {
      if let writeBack = bridge.bindingChanged(
        to: binding, limiter: field.limiter, show: { self.field.programSetsText($0) })
      {
        binding = writeBack
      }
    }

    /// The delegate's did-change: the view publishes the text, then SwiftUI updates.
    func userTyped(_ string: String) {
      field.insert(string)
      if let text = bridge.hostChanged(to: field.text) { binding = text }
      update()
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
