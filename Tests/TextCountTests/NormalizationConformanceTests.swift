import Foundation
import TestSupport
import Testing
import TextCount

/// Counting normalized text (`normalization: .nfc` and `.nfkc`) against Unicode's own
/// NormalizationTest.txt, as Debian's `unicode-data` package ships it (Scripts/install-dependencies
/// installs it): for every line `c1;c2;c3;c4;c5`, the NFC of c1, c2 and c3 is c2 and of c4 and c5
/// is c4; the NFKC of all five is c4. The counts in scalars and UTF-8 bytes must be those of the
/// expected column, on every backend.
@Suite struct NormalizationConformanceTests {
  static let path = "/usr/share/unicode/NormalizationTest.txt.bz2"

  /// The test lines: five columns of scalar sequences each.
  static let lines: [[String]] = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/bzcat")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      guard let first = line.first, first.isHexDigit else { return nil }  // comments, @Part
      let columns = line.split(separator: ";", omittingEmptySubsequences: false).prefix(5)
      return columns.map { column in
        String(
          String.UnicodeScalarView(
            column.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }))
      }
    }
  }()

  @Test func theFileIsThere() {
    // Part 1 alone has over 17,000 lines; an empty list would pass everything below.
    #expect(Self.lines.count > 19_000, "\(Self.path) missing: run Scripts/install-dependencies")
  }

  @Test(arguments: allBackends, [Normalization.nfc, .nfkc])
  func countsAreThoseOfTheExpectedColumn(
    _ backend: TextCounter.Backend, _ normalization: Normalization
  ) {
    let scalars = TextCounter(
      unit: .unicodeScalars, backend: backend, normalization: normalization)
    let bytes = TextCounter(unit: .utf8, backend: backend, normalization: normalization)
    var failures = 0
    for columns in Self.lines {
      // Which column each source column normalizes to.
      let targets = normalization == .nfc ? [1, 1, 1, 3, 3] : [3, 3, 3, 3, 3]
      for (source, target) in zip(columns, targets) {
        let expected = columns[target]
        let ok =
          scalars.count(source) == expected.unicodeScalars.count
          && bytes.count(source) == expected.utf8.count
        if !ok {
          failures += 1
          if failures <= 10 {
            let from = source.unicodeScalars.map { String($0.value, radix: 16) }
            let to = expected.unicodeScalars.map { String($0.value, radix: 16) }
            Issue.record("\(normalization) of \(from) should count as \(to)")
          }
        }
      }
    }
    #expect(failures == 0)
  }
}
