import Foundation
import TestSupport
import Testing
import TextCount

/// `.weighted(.twitterV3)` against twitter-text's own published conformance cases
/// (Tests/Fixtures/twitter-text/weighted.json, from twitter-text's validate.yml, Apache 2.0):
/// every config-v3 case whose text holds no URL (twitter-text counts a URL as 23 whatever its
/// length; the weighted unit counts its characters and says so).
@Suite struct TwitterTextConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var description: String
    var text: String
    var weightedLength: Int
    var valid: Bool
    var testDescription: String { description }
  }

  /// A URL as twitter-text finds one: a scheme, or a host name ending in a top-level domain.
  static func holdsURL(_ text: String) -> Bool {
    text.range(of: "https?://", options: .regularExpression) != nil
      || text.range(of: #"[A-Za-z0-9-]\.[a-z]{2,}\b"#, options: .regularExpression) != nil
  }

  static let cases: [Case] = {
    let data = Data(readFixture("twitter-text/weighted.json").utf8)
    let json = try! JSONSerialization.jsonObject(with: data) as! [String: [[String: Any]]]
    return json["WeightedTweetsWithDiscountedEmojiCounterTest"]!.map {
      Case(
        description: $0["description"] as! String, text: $0["text"] as! String,
        weightedLength: $0["weightedLength"] as! Int, valid: $0["valid"] as! Bool)
    }.filter { !holdsURL($0.text) }
  }()

  @Test func enoughCasesAreKept() {
    // 22 v3 cases, 9 with a URL: the rest must all be here (a filter that kept nothing would
    // make the test below pass vacuously).
    #expect(Self.cases.count == 13)
  }

  @Test(arguments: cases, allBackends)
  func weightedLengthAndValidity(_ example: Case, _ backend: TextCounter.Backend) {
    let counter = TextCounter(unit: .weighted(.twitterV3), backend: backend)
    let length = counter.count(example.text)
    #expect(length == example.weightedLength, "\(example.description)")
    #expect((length <= 280) == example.valid, "\(example.description)")
  }
}
