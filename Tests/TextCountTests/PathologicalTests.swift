import Testing

@testable import TextCount

/// The pathological inputs of the reliability issue, at 1 MiB (counted on one thread) and 5 MiB
/// (on several: the parallel path cuts them where it can, and a cut must never change the
/// count; the benchmark harness runs them at 64 MiB and checks their time against ASCII): exact
/// counts, whole and streamed in pieces with O(1) state.
@Suite struct PathologicalTests {
  /// `unit` repeated to `bytes` bytes (the last copy cut short), by doubling.
  static func repeated(_ unit: [UInt8], bytes: Int) -> [UInt8] {
    var result = unit
    result.reserveCapacity(bytes + unit.count)
    while result.count < bytes { result += result.prefix(bytes - result.count) }
    return Array(result.prefix(bytes))
  }

  /// The inputs at about `size` bytes, each with its count in grapheme clusters (by the rules,
  /// worked out here: one endless cluster, pairs of regional indicators, one U+FFFD a byte or
  /// a truncated sequence).
  static func inputs(size: Int) -> [(name: String, bytes: [UInt8], graphemes: Int)] {
    [
      ("one cluster of combining marks", [0x61] + repeated(Array("\u{301}".utf8), bytes: size), 1),
      ("regional indicators, even", repeated(Array("🇯".utf8), bytes: size), size / 4 / 2),
      (
        "regional indicators, odd", repeated(Array("🇯".utf8), bytes: size - 4),
        (size / 4 - 1 + 1) / 2
      ),
      ("an endless ZWJ chain", repeated(Array("👩\u{200D}".utf8), bytes: size / 7 * 7), 1),
      ("consonant + virama chains", repeated(Array("क्".utf8), bytes: size / 6 * 6), 1),
      ("every byte 0x80-0xFF", repeated(Array(0x80...0xFF), bytes: size), size),
      ("truncated 4-byte sequences", repeated([0xF0, 0x9F, 0x98], bytes: size / 3 * 3), size / 3),
    ]
  }

  /// Below the parallel path's threshold (2 MiB) and above it.
  static let sizes = [1 << 20, 5 << 20]
  /// The inputs at each size, made once.
  static let inputsBySize = sizes.map(inputs(size:))

  @Test(arguments: sizes, allBackends)
  func countedExactlyWholeAndInPieces(_ size: Int, _ backend: TextCounter.Backend) {
    let parallel = size >= 2 << 20
    for input in Self.inputsBySize[Self.sizes.firstIndex(of: size)!] {
      let counter = TextCounter(unit: .graphemes, backend: backend, concurrency: 2)
      let probe = _ParallelCountProbe(assumedCoreCount: 8)
      let count = _ParallelCountProbe.bound.withValue(probe) {
        input.bytes.withUnsafeBytes { counter.count(utf8: $0) }
      }
      #expect(count == input.graphemes, "\(input.name), \(size) bytes")
      #expect(
        probe.threadCounts == (parallel ? [2] : []),
        "\(input.name), \(size) bytes: threads \(probe.threadCounts)")
      var stream = StreamingTextCounter(unit: .graphemes, backend: backend)
      input.bytes.withUnsafeBytes { raw in
        var start = 0
        while start < raw.count {
          let end = min(raw.count, start + 65_537)
          stream.append(utf8: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
          start = end
        }
      }
      #expect(stream.finish() == input.graphemes, "\(input.name), \(size) bytes, streamed")
    }
  }

  @Test func streamingStateIsSmallAndFixed() {
    // No buffer grows with the input: the counter is a fixed-size value (its only heap buffer
    // holds one cluster, and only when counting normalized text).
    #expect(MemoryLayout<StreamingTextCounter>.size <= 512)
  }

  @Test func alternatingLineEnds() {
    let bytes = Self.repeated(Array("\r\n\n\r\r\n\r".utf8), bytes: 7 * 1000)
    // Per period: CRLF, LF, CR, CRLF, CR = 5 clusters.
    for backend in allBackends {
      #expect(TextCounter(backend: backend).count(utf8: bytes) == 5000)
    }
  }
}
