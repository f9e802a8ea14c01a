import Foundation
import Testing
import TextCount
import TextLimit

/// Events carry what changed (range, attempted and kept replacements); the whole texts are
/// built from the text before the change only when asked for.
@Suite struct LimitEventTests {
  @Test func aShortenedPasteCarriesItsRangeAndBothReplacements() throws {
    let limiter = TextLimiter(limit: TextLimit(maxLength: 6), text: "ab|cd")
    var events: [LimitEvent] = []
    limiter.onLimitReached = { events.append($0) }
    _ = limiter.shouldChangeText(in: NSRange(location: 2, length: 1), replacementText: "XYZW")
    let event = try #require(events.first)
    #expect(event.reason == .insertionTruncated)
    #expect(event.replacedRange == NSRange(location: 2, length: 1))
    #expect(event.attemptedReplacement == "XYZW")
    #expect(event.keptReplacement == "XY")
    #expect(event.attemptedText == "abXYZWcd")
    #expect(event.keptText == "abXYcd")
  }

  @Test func aRejectedKeystrokeKeepsNothingAndTheTextAsItWas() throws {
    // 3 UTF-8 bytes; "é" over the selected "b" would make 4, and nothing of it fits.
    let limiter = TextLimiter(limit: TextLimit(maxLength: 3, unit: .utf8), text: "abc")
    var events: [LimitEvent] = []
    limiter.onLimitReached = { events.append($0) }
    let decision = limiter.shouldChangeText(
      in: NSRange(location: 1, length: 1), replacementText: "é")
    #expect(decision == .reject)
    let event = try #require(events.first)
    #expect(event.reason == .insertionRejected)
    #expect(event.keptReplacement == nil)
    #expect(event.attemptedText == "aéc")
    #expect(event.keptText == "abc", "the selection is not deleted either")
  }

  /// The event describes the text as it was, even after the limiter's copy moved on.
  @Test func anEventOutlivesLaterEdits() throws {
    let limiter = TextLimiter(limit: TextLimit(maxLength: 4), text: "abc")
    var events: [LimitEvent] = []
    limiter.onLimitReached = { events.append($0) }
    _ = limiter.shouldChangeText(in: NSRange(location: 3, length: 0), replacementText: "de")
    _ = limiter.shouldChangeText(in: NSRange(location: 0, length: 4), replacementText: "")
    #expect(limiter.text == "")
    #expect(events.first?.attemptedText == "abcde")
    #expect(events.first?.keptText == "abcd")
  }
}
