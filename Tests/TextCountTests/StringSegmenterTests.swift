import TestSupport
import Testing

@testable import TextCount

/// `_StringSegmenter`, the Swift backend's segmenter on systems older than
/// `Unicode._CharacterRecognizer` (iOS 16.4, macOS 13.3): it must find exactly the boundaries
/// `String` finds, on every line of GraphemeBreakTest.txt and on random text. (On Linux the
/// recognizer always exists, so this is the only place the fallback runs.)
@Suite struct StringSegmenterTests {
  /// The cluster lengths, in scalars, that `_StringSegmenter` finds.
  static func clusterLengths(_ scalars: [Unicode.Scalar]) -> [Int] {
    var segmenter = _StringSegmenter()
    var lengths: [Int] = []
    for scalar in scalars {
      if segmenter.hasBreak(before: scalar) { lengths.append(0) }
      lengths[lengths.count - 1] += 1
    }
    return lengths
  }

  @Test(arguments: GraphemeBreakConformanceTests.cases)
  func matchesTheStandardLibraryOnTheUnicodeTestFile(
    _ testCase: GraphemeBreakConformanceTests.Case
  ) {
    let string = String(scalars: testCase.scalars)
    #expect(
      Self.clusterLengths(Array(string.unicodeScalars))
        == string.map { $0.unicodeScalars.count })
  }

  @Test func matchesTheStandardLibraryOnRandomText() {
    let seed: UInt64 = 0x5E6_0001
    var random = SeededGenerator(seed: seed)
    let pieces: [Unicode.Scalar] = [
      "a", "\r", "\n", "\u{301}", "\u{200D}", "\u{1F468}", "\u{1F469}", "\u{1F1EF}", "\u{1F1F5}",
      "\u{915}", "\u{94D}", "\u{937}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
      "\u{FE0F}", "\u{1F3FD}", "\u{600}", "\u{903}", "\u{E33}",
    ]
    for iteration in 0..<testIterations(3_000) {
      let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      let string = String(view)
      #expect(
        Self.clusterLengths(scalars) == string.map { $0.unicodeScalars.count },
        "seed \(seed) #\(iteration): \(scalars.map { String($0.value, radix: 16) })")
    }
  }
}
