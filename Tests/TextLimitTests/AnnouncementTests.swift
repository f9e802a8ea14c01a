import Foundation
import Testing
import TextCount

@testable import TextLimit

/// What VoiceOver hears (`_TextLimitDelegateCore` with `_AnnouncementPacer`), through the
/// simulated field of every platform and a clock the test advances: only answers to the user's
/// edits, "Limit reached" at once, the count once the user pauses past the warning threshold.
@Suite struct AnnouncementTests {
  typealias Kind = SimulatedTextField.Kind

  final class Recorder: LimitAnnouncer {
    var messages: [String] = []
    func announce(_ message: String) { messages.append(message) }
  }

  /// A field with a recorder, in English.
  static func field(
    _ limit: TextLimit, _ text: String = "", _ kind: Kind
  ) -> (SimulatedTextField, Recorder) {
    let field = SimulatedTextField(limit: limit, text: text, kind: kind)
    let recorder = Recorder()
    field.core.announcer = recorder
    field.core.locale = Locale(identifier: "en_US")
    return (field, recorder)
  }

  /// A screen opens on a saved draft at the limit, and the limit changes: nobody typed, nothing
  /// is said. The user's first refused keystroke says "Limit reached".
  @Test(arguments: Kind.allCases)
  func aDraftAtTheLimitIsNotAnnouncedUntilTheUserTypes(_ kind: Kind) {
    let (field, recorder) = Self.field(TextLimit(maxLength: 5), "abcde", kind)
    #expect(recorder.messages.isEmpty, "attaching to a view at the limit")
    field.core.setLimit(TextLimit(maxLength: 4), on: field)
    field.clock.advance(by: 5)
    #expect(recorder.messages.isEmpty, "a new limit, with the text over it")
    field.insert("f")
    #expect(recorder.messages == ["Limit reached"], "a refused keystroke")
  }

  /// Past the threshold, the count is said once the user pauses a second, not on each
  /// keystroke; below it, nothing.
  @Test(arguments: Kind.allCases)
  func theCountIsSpokenOnceTheUserPausesPastTheThreshold(_ kind: Kind) {
    var limit = TextLimit(maxLength: 10)
    limit.warningThreshold = .remaining(3)
    let (field, recorder) = Self.field(limit, "", kind)
    field.insert("abcdef")
    field.clock.advance(by: 2)
    #expect(recorder.messages.isEmpty, "4 remaining: below the threshold")
    field.insert("g")
    field.clock.advance(by: 0.6)
    field.insert("h")
    field.clock.advance(by: 0.6)
    #expect(recorder.messages.isEmpty, "still typing: the pause starts again with each edit")
    field.clock.advance(by: 0.5)
    #expect(recorder.messages == ["2 remaining"])
    field.clock.advance(by: 10)
    #expect(recorder.messages == ["2 remaining"], "once a pause")
    field.deleteBackward()
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["2 remaining", "3 remaining"], "deleting is an edit too")
  }

  /// With no threshold, every pause says the count.
  @Test(arguments: Kind.allCases)
  func withNoThresholdEveryPauseSpeaks(_ kind: Kind) {
    var limit = TextLimit(maxLength: 100)
    limit.warningThreshold = nil
    let (field, recorder) = Self.field(limit, "", kind)
    field.insert("a")
    field.clock.advance(by: 1)
    field.insert("b")
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["99 remaining", "98 remaining"])
  }

  /// At the limit "Limit reached" is said at once and replaces the paced count: the pause adds
  /// nothing, and refused keystrokes say nothing more.
  @Test(arguments: Kind.allCases)
  func limitReachedReplacesThePacedCount(_ kind: Kind) {
    let (field, recorder) = Self.field(TextLimit(maxLength: 5), "", kind)
    field.insert("abcd")
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["1 remaining"], "past 80%: the standard threshold")
    field.insert("e")
    #expect(recorder.messages == ["1 remaining", "Limit reached"], "at once")
    field.clock.advance(by: 1)
    field.insert("f")
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["1 remaining", "Limit reached"], "nothing twice")
  }

  /// Over a soft limit, the pause says how far over, in the counter's language.
  @Test(arguments: Kind.allCases)
  func overASoftLimitThePauseSaysHowFarOver(_ kind: Kind) {
    var limit = TextLimit(maxLength: 3)
    limit.enforcement = .soft
    let (field, recorder) = Self.field(limit, "", kind)
    field.core.locale = Locale(identifier: "de_DE")
    field.insert("abcd")
    #expect(recorder.messages == ["Limit erreicht"])
    field.clock.advance(by: 1)
    field.insert("e")
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["Limit erreicht", "Limit um 2 überschritten"])
  }

  /// Deleting from text over a hard limit (a draft the program restored) does not reach the
  /// limit: nothing is said at once, and the pause says how far over the text still is.
  @Test(arguments: Kind.allCases)
  func deletingFromTextOverTheLimitSaysNoLimitReached(_ kind: Kind) {
    let (field, recorder) = Self.field(TextLimit(maxLength: 5), "", kind)
    field.programSetsTextThroughLimiter("restored")
    field.beginEditing()
    field.deleteBackward()
    #expect(recorder.messages.isEmpty)
    field.clock.advance(by: 1)
    #expect(recorder.messages == ["2 over the limit"])
    field.insert("x")
    #expect(recorder.messages == ["2 over the limit", "Limit reached"], "a refused keystroke")
  }

  /// The user moves on (the field loses focus) before the pause ends: the count is not spoken.
  @Test(arguments: Kind.allCases)
  func endingEditingCancelsTheCount(_ kind: Kind) {
    var limit = TextLimit(maxLength: 10)
    limit.warningThreshold = nil
    let (field, recorder) = Self.field(limit, "", kind)
    field.insert("abc")
    field.clock.advance(by: 0.5)
    field.endEditing()
    field.clock.advance(by: 2)
    #expect(recorder.messages.isEmpty)
  }

  /// The pacer alone: a pause ends only after `pause` seconds with no edit.
  @Test func thePacerWaitsForThePause() {
    var pacer = _AnnouncementPacer(pause: 1)
    let counter = LimitCounter(count: 9, maxLength: 10, unit: .graphemes)
    #expect(pacer.userEdited(counter, shrank: false, at: 0) == nil)
    #expect(pacer.deadline == 1)
    #expect(pacer.pauseElapsed(counter, threshold: .standard, at: 0.5) == nil)
    #expect(pacer.userEdited(counter, shrank: false, at: 0.5) == nil)
    #expect(pacer.pauseElapsed(counter, threshold: .standard, at: 1) == nil, "moved to 1.5")
    #expect(pacer.pauseElapsed(counter, threshold: .standard, at: 1.5) == .remaining(1))
    #expect(pacer.pauseElapsed(counter, threshold: .standard, at: 9) == nil)
  }
}
