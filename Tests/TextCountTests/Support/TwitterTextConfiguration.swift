import Foundation

/// twitter-text's published configurations (`Tests/Fixtures/twitter-text/v3.json` and
/// `v2.json`, Apache 2.0), read by the test: the weights an independent oracle gives the weighted unit.
struct TwitterTextConfiguration {
  var scale: Int
  var defaultWeight: Int
  var ranges: [(range: ClosedRange<UInt32>, weight: Int)]
  var transformedURLLength: Int
  var maxWeightedTweetLength: Int
  /// Whether an emoji sequence weighs `defaultWeight` as a whole (v3; absent in v2).
  var emojiParsingEnabled: Bool

  static let v3 = load("twitter-text/v3.json")

  static func load(_ fixture: String) -> TwitterTextConfiguration {
    let data = Data(readFixture(fixture).utf8)
    guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let scale = json["scale"] as? Int, let defaultWeight = json["defaultWeight"] as? Int,
      let ranges = json["ranges"] as? [[String: Int]],
      let urlLength = json["transformedURLLength"] as? Int,
      let maxLength = json["maxWeightedTweetLength"] as? Int
    else { preconditionFailure("\(fixture) is missing or malformed") }
    return TwitterTextConfiguration(
      scale: scale, defaultWeight: defaultWeight,
      ranges: ranges.map { (UInt32($0["start"]!)...UInt32($0["end"]!), $0["weight"]!) },
      transformedURLLength: urlLength, maxWeightedTweetLength: maxLength,
      emojiParsingEnabled: json["emojiParsingEnabled"] as? Bool ?? false)
  }
}
