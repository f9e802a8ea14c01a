import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Counting in parts gives the one-thread answer, whatever the safe cuts, on every backend.
@Suite struct ParallelCountTests {
  /// Text with every class, long enough to cut many times, with some invalid bytes.
  static func mixedBytes(size: Int, seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    while bytes.count < size {
      if Int.random(in: 0..<10, using: &random) == 0 {
        bytes += RandomText.bytes(maxLength: 8, using: &random)
      } else {
        bytes += Array(RandomText.string(maxScalars: 24, using: &random).utf8)
      }
    }
    return bytes
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func randomSafeCutLayoutsGiveTheSameCount(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0008
    var random = SeededGenerator(seed: seed)
    let bytes = Self.mixedBytes(size: 200_000, seed: seed)
    let expected = Reference.count(utf8: bytes, in: unit)
    bytes.withUnsafeBytes { raw in
      for layout in 0..<iterations(40, for: unit) {
        var cuts = [0]
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          let from = Int.random(in: 1..<bytes.count, using: &random)
          if let cut = _SafeSplit.find(in: raw, from: from, before: bytes.count) {
            cuts.append(cut)
          }
        }
        cuts = Array(Set(cuts)).sorted() + [bytes.count]
        let (count, _) = _ParallelCount.count(raw, unit: unit, backend: backend, cuts: cuts)
        #expect(count == expected, "seed \(seed) layout \(layout) cuts \(cuts)")
      }
    }
  }

  @Test func safeCutsAreBoundariesOfString() {
    let bytes = Self.mixedBytes(size: 100_000, seed: 0x5EED_0009)
    let string = String(decoding: bytes, as: UTF8.self)
    // Byte offsets of the repaired string's Character boundaries, mapped back to input offsets
    // by re-decoding each prefix is costly; instead check that counting the two sides apart
    // equals counting the whole, cut by cut.
    let whole = string.count
    bytes.withUnsafeBytes { raw in
      var from = 1
      var checked = 0
      while let cut = _SafeSplit.find(in: raw, from: from, before: bytes.count), checked < 300 {
        let left = String(decoding: bytes[..<cut], as: UTF8.self).count
        let right = String(decoding: bytes[cut...], as: UTF8.self).count
        #expect(left + right == whole, "cut at \(cut)")
        from = cut + 1 + cut % 97
        checked += 1
      }
      #expect(checked > 50)
    }
  }

  @Test(arguments: allBackends)
  func largeBuffersAndFilesCountTheSameOnEveryCore(_ backend: TextCounter.Backend) throws {
    let bytes = Self.mixedBytes(size: 5 << 20, seed: 0x5EED_000A)
    let one = TextCounter(unit: .graphemes, backend: backend, concurrency: 1)
    let many = TextCounter(unit: .graphemes, backend: backend, concurrency: 4)
    let expected = Reference.count(utf8: bytes, in: .graphemes)
    #expect(bytes.withUnsafeBytes { one.count(utf8: $0) } == expected)
    #expect(bytes.withUnsafeBytes { many.count(utf8: $0) } == expected)
    let path = NSTemporaryDirectory() + "textcount-parallel-\(UUID().uuidString).txt"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try many.countFile(atPath: path) == expected)
    var reports: [(Int, Int)] = []
    let withProgress = try many.countFile(atPath: path, progress: { reports.append(($0, $1)) })
    #expect(withProgress == expected)
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.0 <= $0.1 && $0.1 == bytes.count })
    // The first invalid byte is found wherever it is.
    // (The one-thread offset is checked against String(validating:) in DifferentialTests.)
    var stream = StreamingTextCounter(unit: .utf8, backend: backend)
    bytes.withUnsafeBytes { stream.append(utf8: $0) }
    let firstInvalid = stream.firstInvalidByteOffset
    #expect(firstInvalid != nil)
    #expect(throws: InvalidUTF8Error(byteOffset: firstInvalid ?? -1)) {
      try many.validatedCountFile(atPath: path)
    }
  }
}
