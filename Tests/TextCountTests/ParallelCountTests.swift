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

  /// A buffer and a file of 8 MiB, where the parallel path is meant: each count takes several
  /// threads (the probe sees how many; it assumes 8 cores, so that tests sharing this machine's
  /// cores cannot push a count back onto one thread), and equals the standard library's count;
  /// the first invalid byte is the one the standard library's UTF-8 parser stops at.
  @Test(arguments: allBackends)
  func largeBuffersAndFilesAreCountedOnSeveralThreads(_ backend: TextCounter.Backend) throws {
    let bytes = Self.largeText
    let expected = Self.largeTextCounts[0]
    let firstInvalid = Reference.firstInvalidOffset(bytes)
    #expect(firstInvalid != nil)
    let path = NSTemporaryDirectory() + "textcount-parallel-\(UUID().uuidString).txt"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let one = TextCounter(unit: .graphemes, backend: backend, concurrency: 1)
    let many = TextCounter(unit: .graphemes, backend: backend, concurrency: 4)
    #expect(bytes.withUnsafeBytes { one.count(utf8: $0) } == expected)

    let probe = _ParallelCountProbe(assumedCoreCount: 8)
    var reports: [(Int, Int)] = []
    try _ParallelCountProbe.bound.withValue(probe) {
      #expect(bytes.withUnsafeBytes { many.count(utf8: $0) } == expected)
      #expect(try many.countFile(atPath: path) == expected)
      let withProgress = try many.countFile(atPath: path, progress: { reports.append(($0, $1)) })
      #expect(withProgress == expected)
      #expect(throws: InvalidUTF8Error(byteOffset: firstInvalid ?? -1)) {
        try bytes.withUnsafeBytes { try many.validatedCount(utf8: $0) }
      }
      #expect(throws: InvalidUTF8Error(byteOffset: firstInvalid ?? -1)) {
        try many.validatedCountFile(atPath: path)
      }
    }
    #expect(
      probe.threadCounts.count == 5 && probe.threadCounts.allSatisfy { $0 > 1 },
      "threads per count: \(probe.threadCounts)")
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.0 <= $0.1 && $0.1 == bytes.count })
  }

  /// Every unit counts an 8 MiB buffer on several threads as the standard library counts it
  /// (the parts' counts summed, nothing counted twice or dropped at a cut).
  @Test(arguments: allBackends, TextUnit.allCases)
  func everyUnitCountsALargeBufferOnSeveralThreads(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let probe = _ParallelCountProbe(assumedCoreCount: 8)
    let count = _ParallelCountProbe.bound.withValue(probe) {
      Self.largeText.withUnsafeBytes { TextCounter(unit: unit, backend: backend).count(utf8: $0) }
    }
    #expect(count == Self.largeTextCounts[TextUnit.allCases.firstIndex(of: unit)!])
    #expect(probe.threadCounts.count == 1 && probe.threadCounts[0] > 1)
  }

  /// 8 MiB and a bit of mixed text, made once for the tests of the parallel path, and its length
  /// in every unit by the standard library (`Reference`).
  static let largeText = mixedBytes(size: (8 << 20) + 4099, seed: 0x5EED_000C)
  static let largeTextCounts = TextUnit.allCases.map { Reference.count(utf8: largeText, in: $0) }
}
