import TestSupport
import Testing

@testable import TextCount

/// The automaton kernels alone: on well-formed text where joiners never leave a block, each
/// takes the text to its last bytes (no false error where a scalar crosses a block's edge) and
/// counts what `String` counts, or measures what the Swift backend measures.
@Suite(.enabled(if: _VectorKernels.isAvailable, "the machine has no SIMD kernels"))
struct AutomatonKernelTests {
  /// Pieces that each hold a join (a virama, a ZWJ, a mark, a regional indicator pair, a skin
  /// tone, a keycap, CR LF), of one to four bytes a scalar, and a few that join nothing.
  static let pieces = [
    "क्षि", "नमस्ते", "👩‍👩‍👧", "🇯🇵", "e\u{301}", "ا\u{64E}ل\u{651}", "👍🏽", "1\u{FE0F}\u{20E3}",
    "\r\n", " ", "a", "ü", "字",
  ].map { Array($0.utf8) }

  /// Pieces of no more than three bytes a scalar, which the kernel looks up in its flat table of
  /// U+0000–U+FFFF: Hangul jamo and syllables (L, V, T, LV, LVT), a Prepend, a SpacingMark, a
  /// variation selector and U+FFFD among them.
  static let bmpPieces = [
    "क्षि", "नमस्ते", "e\u{301}", "ا\u{64E}ل\u{651}", "1\u{FE0F}\u{20E3}", "\u{1100}\u{1161}\u{11A8}",
    "가각", "\u{600}1", "क\u{93E}", "\r\n", " ", "a", "ü", "字", "\u{FFFD}\u{FE0F}",
  ].map { Array($0.utf8) }

  /// 300 texts of random pieces (seeded), 200 to 3,000 bytes, each after 0 to 3 bytes of ASCII:
  /// the kernels start after them, which moves the scalars that cross a block's edge.
  static func texts(of pieces: [[UInt8]], seed: UInt64) -> [(bytes: [UInt8], start: Int)] {
    var random = SeededGenerator(seed: seed)
    return (0..<300).map { text in
      var bytes: [UInt8] = []
      let length = Int.random(in: 200...3_000, using: &random)
      while bytes.count < length { bytes += pieces.randomElement(using: &random)! }
      let start = text % 4
      return (Array(repeating: UInt8(ascii: "x"), count: start) + bytes, start)
    }
  }

  @Test(arguments: [("all widths", pieces), ("no four-byte scalar", bmpPieces)])
  func takesJoinerDenseTextToItsLastBytesWithStringsCount(name: String, pieces: [[UInt8]]) {
    let seed: UInt64 = 0x5EED_0A17
    for (text, (bytes, start)) in Self.texts(of: pieces, seed: seed).enumerated() {
      bytes.withUnsafeBufferPointer { buffer in
        let run = _VectorKernels.clustersByAutomaton(
          buffer.baseAddress!, from: start, to: buffer.count, state: 0)
        #expect(
          run.end >= buffer.count - 70, "\(name), seed \(seed) text \(text): stopped at \(run.end)")
        let expected = String(decoding: buffer[start..<run.end], as: UTF8.self).count
        #expect(run.clusters == expected, "\(name), seed \(seed) text \(text)")
      }
    }
  }

  /// The automaton's length kernel on the same text, in display width: it too takes the text to
  /// its last bytes (blocks end where it does), and the clusters it closes are as wide as
  /// `Reference` says (`String`'s clusters, widths from Unicode's data files).
  @Test(arguments: [("all widths", pieces), ("no four-byte scalar", bmpPieces)])
  func lengthKernelTakesJoinerDenseTextToItsLastBytes(name: String, pieces: [[UInt8]]) {
    let rule = _TableSegmenter.clusterLengthTable(for: .displayWidth)!.kernelRule!
    let seed: UInt64 = 0x5EED_0A18
    for (text, (bytes, start)) in Self.texts(of: pieces, seed: seed).enumerated() {
      bytes.withUnsafeBufferPointer { buffer in
        var tally = _ClusterLengthTally()
        let run = _VectorKernels.lengthsByAutomaton(
          buffer.baseAddress!, from: start, to: buffer.count, state: 0, tally: &tally,
          clusterStart: start,
          rule: rule)
        #expect(
          run.end >= buffer.count - 70, "\(name), seed \(seed) text \(text): stopped at \(run.end)")
        let closed = Array(buffer[start..<(run.clusterStart ?? start)])
        #expect(
          run.length == Reference.count(utf8: closed, in: .displayWidth),
          "\(name), seed \(seed) text \(text)")
      }
    }
  }

  /// Pieces of emoji sequences in X's weights: Unicode's RGI sequences (ZWJ, skin tone, flag,
  /// tag, keycaps with and without U+FE0F, an emoji's presentation) and clusters that start with
  /// none or hold more (a flag of no country, a ZWJ sequence Unicode does not list, a keycap of
  /// a letter, an emoji and a mark, © with no selector), among text that joins.
  static let emojiPieces = [
    "👩‍👩‍👧", "👩🏽‍💻", "🇯🇵", "🇦🇧", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    "1\u{FE0F}\u{20E3}", "#\u{20E3}", "k\u{20E3}", "👍🏽", "👍\u{301}", "🐈\u{200D}🦷", "©\u{FE0F}",
    "©", "❤\u{FE0F}", "नमस्ते", "x\u{35C}", "a",
  ].map { Array($0.utf8) }

  /// The automaton's length kernel in X's weights takes emoji-dense text to its last bytes: a
  /// cluster of an emoji sequence's scalars is looked up where it ends (with no stop), from where
  /// it starts, also where that is before the call (a cluster the first of two calls left open),
  /// and weighs what `Reference` says (Unicode's emoji files read by the tests).
  @Test func lengthKernelLooksEmojiSequencesUp() {
    let unit = TextUnit.weighted(.twitterV3)
    let rule = _TableSegmenter.clusterLengthTable(for: unit)!.kernelRule!
    let seed: UInt64 = 0x5EED_0A19
    var random = SeededGenerator(seed: seed)
    for (text, (bytes, start)) in Self.texts(of: Self.emojiPieces, seed: seed).enumerated() {
      bytes.withUnsafeBufferPointer { buffer in
        let cut = Int.random(in: start...buffer.count, using: &random)
        var tally = _ClusterLengthTally()
        let first = _VectorKernels.lengthsByAutomaton(
          buffer.baseAddress!, from: start, to: cut, state: 0, tally: &tally, clusterStart: start,
          rule: rule)
        let opened = first.clusterStart ?? start
        let second = _VectorKernels.lengthsByAutomaton(
          buffer.baseAddress!, from: first.end, to: buffer.count, state: first.state,
          tally: &tally, clusterStart: opened, rule: rule)
        #expect(
          second.end >= buffer.count - 70, "seed \(seed) text \(text): stopped at \(second.end)")
        let closed = Array(buffer[start..<(second.clusterStart ?? opened)])
        #expect(
          first.length + second.length == Reference.count(utf8: closed, in: unit),
          "seed \(seed) text \(text), cut at \(cut)")
      }
    }
  }
  /// The length kernel in X's weights keeps the blocks whose clusters it looks up in the emoji
  /// sequences for the end of its run, 256 at most (EMOJI_BLOCKS): on 40 KB of emoji sequences
  /// it ends a run after 256 blocks, and the runs chained to the text's last bytes weigh what
  /// `Reference` says (a look-up lost where a run ends, or one looked up twice, would not).
  @Test func lengthKernelEndsRunsAfterItsEmojiBlocks() {
    let unit = TextUnit.weighted(.twitterV3)
    let rule = _TableSegmenter.clusterLengthTable(for: unit)!.kernelRule!
    let seed: UInt64 = 0x5EED_0A1A
    var random = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    while bytes.count < 40_000 { bytes += Self.emojiPieces.randomElement(using: &random)! }
    bytes.withUnsafeBufferPointer { buffer in
      var tally = _ClusterLengthTally()
      var (at, state, opened, length, runs) = (0, UInt16(0), 0, 0, 0)
      while true {
        let run = _VectorKernels.lengthsByAutomaton(
          buffer.baseAddress!, from: at, to: buffer.count, state: state, tally: &tally,
          clusterStart: opened, rule: rule)
        guard run.end > at else { break }
        #expect(run.end - at <= 256 * 64 + 64, "a run of \(run.end - at) bytes from \(at)")
        length += run.length
        if let start = run.clusterStart { opened = start }
        (at, state, runs) = (run.end, run.state, runs + 1)
      }
      #expect(runs >= 3 && at >= buffer.count - 70, "\(runs) runs, stopped at \(at)")
      #expect(length == Reference.count(utf8: Array(buffer[..<opened]), in: unit), "seed \(seed)")
    }
  }
}
