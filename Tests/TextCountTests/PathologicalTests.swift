import Testing
import TextCount

/// The pathological inputs of the reliability issue, at a few MiB (the benchmark harness runs
/// them at 64 MiB and checks their time against ASCII): exact counts, streamed in pieces with
/// O(1) state.
@Suite struct PathologicalTests {
  static let size = 2 << 20

  static func repeated(_ unit: [UInt8], bytes: Int) -> [UInt8] {
    Array((0..<(bytes / unit.count + 1)).lazy.flatMap { _ in unit }.prefix(bytes))
  }

  static let inputs: [(name: String, bytes: [UInt8], graphemes: Int)] = [
    ("one cluster of combining marks", [0x61] + repeated(Array("\u{301}".utf8), bytes: size), 1),
    ("regional indicators, even", repeated(Array("🇯".utf8), bytes: size), size / 4 / 2),
    (
      "regional indicators, odd", repeated(Array("🇯".utf8), bytes: size - 4), (size / 4 - 1 + 1) / 2
    ),
    ("an endless ZWJ chain", repeated(Array("👩\u{200D}".utf8), bytes: size / 7 * 7), 1),
    ("consonant + virama chains", repeated(Array("क्".utf8), bytes: size / 6 * 6), 1),
    ("every byte 0x80-0xFF", repeated(Array(0x80...0xFF), bytes: size), size),
    ("truncated 4-byte sequences", repeated([0xF0, 0x9F, 0x98], bytes: size / 3 * 3), size / 3),
  ]

  @Test(arguments: inputs.indices, allBackends)
  func countedExactlyInPieces(_ index: Int, _ backend: TextCounter.Backend) {
    let input = Self.inputs[index]
    let counter = TextCounter(unit: .graphemes, backend: backend, concurrency: 2)
    #expect(
      input.bytes.withUnsafeBytes { counter.count(utf8: $0) } == input.graphemes, "\(input.name)")
    var stream = StreamingTextCounter(unit: .graphemes, backend: backend)
    input.bytes.withUnsafeBytes { raw in
      var start = 0
      while start < raw.count {
        let end = min(raw.count, start + 65_537)
        stream.append(utf8: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        start = end
      }
    }
    #expect(stream.finish() == input.graphemes, "\(input.name)")
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
