import TestSupport
import Testing

@testable import TextCount

/// The automaton kernel alone: on well-formed text where joiners never leave a block, it takes
/// the text to its last bytes (no false error where a scalar crosses a block's edge) and counts
/// what `String` counts.
@Suite(.enabled(if: _VectorKernels.isAvailable, "the machine has no SIMD kernels"))
struct AutomatonKernelTests {
  /// Pieces that each hold a join (a virama, a ZWJ, a mark, a regional indicator pair, a skin
  /// tone, a keycap, CR LF), of one to four bytes a scalar, and a few that join nothing.
  static let pieces = [
    "क्षि", "नमस्ते", "👩‍👩‍👧", "🇯🇵", "e\u{301}", "ا\u{64E}ل\u{651}", "👍🏽", "1\u{FE0F}\u{20E3}",
    "\r\n", " ", "a", "ü", "字",
  ].map { Array($0.utf8) }

  @Test func takesJoinerDenseTextToItsLastBytesWithStringsCount() {
    let seed: UInt64 = 0x5EED_0A17
    var random = SeededGenerator(seed: seed)
    for text in 0..<300 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 200...3_000, using: &random)
      while bytes.count < length { bytes += Self.pieces.randomElement(using: &random)! }
      // Starts zero to three bytes in move the scalars that cross a block's edge.
      let start = text % 4
      bytes = Array(repeating: UInt8(ascii: "x"), count: start) + bytes
      bytes.withUnsafeBufferPointer { buffer in
        let run = _VectorKernels.clustersByAutomaton(
          buffer.baseAddress!, from: start, to: buffer.count, state: 0)
        #expect(
          run.end >= buffer.count - 70, "seed \(seed) text \(text): stopped at \(run.end)")
        let expected = String(decoding: buffer[start..<run.end], as: UTF8.self).count
        #expect(run.clusters == expected, "seed \(seed) text \(text)")
      }
    }
  }
}
