import Testing
import TextCount

/// Every line of Unicode 17.0's GraphemeBreakTest.txt: both backends find exactly the boundaries
/// Swift's `String` finds, and `String` finds the file's boundaries except on the listed lines.
@Suite struct GraphemeBreakConformanceTests {
  struct Case: Sendable, CustomStringConvertible {
    var line: Int
    var scalars: [UInt32]
    /// Scalars per cluster, as the file draws them.
    var expected: [Int]
    var description: String { "GraphemeBreakTest.txt:\(line)" }
  }

  static let cases: [Case] = {
    let text = readFixture("GraphemeBreakTest-17.0.0.txt")
    var cases: [Case] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      var scalars: [UInt32] = []
      var clusters: [Int] = []
      for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        switch token {
        case "÷": clusters.append(0)
        case "×": break
        default:
          scalars.append(UInt32(token, radix: 16)!)
          clusters[clusters.count - 1] += 1
        }
      }
      guard !scalars.isEmpty else { continue }
      cases.append(Case(line: number + 1, scalars: scalars, expected: clusters.filter { $0 > 0 }))
    }
    return cases
  }()

  /// Lines where Swift 6.3.1 departs from Unicode 17.0: all are GB9c conjuncts joined by a
  /// linker that Unicode added after 15.1 (Myanmar U+1039, Balinese U+1B44, Khmer U+17D2), which
  /// Swift does not treat as a linker (pinned by CanaryTests' U+1000 U+1039 U+1000).
  static let knownDepartures: Set<Int> = [785, 786, 787, 788, 789, 790, 791, 792]

  @Test func theFileIsThere() {
    #expect(Self.cases.count > 700)
  }

  @Test(arguments: cases)
  func standardLibraryMatchesTheFileOrIsAKnownDeparture(_ testCase: Case) {
    let string = String(scalars: testCase.scalars)
    let swiftClusters = string.map { $0.unicodeScalars.count }
    if Self.knownDepartures.contains(testCase.line) {
      #expect(swiftClusters != testCase.expected, "no longer departs: remove it from the list")
    } else {
      #expect(swiftClusters == testCase.expected)
    }
  }

  @Test(arguments: cases)
  func backendsMatchTheStandardLibrary(_ testCase: Case) {
    let string = String(scalars: testCase.scalars)
    let bytes = Array(string.utf8)
    for backend in allBackends {
      #expect(
        clusterLengths(bytes, backend: backend) == Reference.clusterLengths(string), "\(backend)")
      #expect(TextCounter(unit: .graphemes, backend: backend).count(utf8: bytes) == string.count)
    }
  }
}
