import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Each grapheme rule's pattern at every byte offset around the edges of the kernels' 64-byte
/// blocks, in running text of the kind the automaton kernel's boundary masks take (Devanagari,
/// Arabic, Katakana: every non-ASCII scalar in one window of 128 code points) and of the kind
/// they leave to the automaton, counted as `String` counts it and measured in display width:
/// the masks carry what crosses a block's edge in the automaton's state (and the length
/// kernel the open cluster's width), and a pattern split there must count as one that is not.
@Suite(.enabled(if: _VectorKernels.isAvailable, "the machine has no SIMD kernels"))
struct BlockEdgeTests {
  /// Text around the patterns: the masks take a block of Devanagari, Arabic, Katakana with its
  /// voiced mark, or ASCII letters with combining accents alone (with ASCII; the weighted units
  /// leave the last to the automaton: NFC composes them), not one of Latin letters with accents
  /// (two windows), of ASCII only, or of emoji posts (four-byte pictographs of many windows,
  /// skin tones, flags, ZWJ sequences, words between).
  static let fillers: [(name: String, text: String)] = [
    ("Devanagari", "कि मैंने हिन्दी में लिखा और पढ़ा "),
    ("Arabic", "كَتَبَ الوَلَدُ دَرْسَهُ "),
    ("Latin", "déjà vu où "),
    ("ASCII", "plain text "),
    ("Katakana", "カ\u{3099}キ\u{3099}ク テ\u{3099}ト "),
    ("Latin, decomposed", "de\u{301}ja\u{300} vu ou\u{300} "),
    ("emoji posts", "so good 🔥 👍🏽 on my way 🇫🇷 👩\u{200D}💻 ❤\u{FE0F} "),
  ]

  /// A pattern per rule (the Devanagari ones in the window the Devanagari filler is in), and
  /// ones that join across a pattern the masks leave to the automaton.
  static let patterns: [(rule: String, text: String)] = [
    ("GB3 CR LF", "\r\n"),
    ("GB4 LF then a mark", "\n\u{93F}"),
    ("GB5 a letter then a control", "क\u{1}"),
    ("GB9 Extend", "क\u{93C}\u{902}"),
    ("GB9 ZWJ", "क\u{200D}"),
    ("GB9a SpacingMark", "क\u{93E}\u{903}"),
    ("GB9c linker", "क\u{94D}ष"),
    ("GB9c Extend before the linker", "क\u{93C}\u{94D}ष"),
    ("GB9c Extend after the linker", "क\u{94D}\u{93C}ष"),
    ("GB9c ZWJ after the linker", "क\u{94D}\u{200D}ष"),
    ("GB9c chain", "स\u{94D}त\u{94D}र\u{94D}य"),
    ("GB9c no linker", "क\u{93C}ष"),
    ("GB9c ZWNJ", "क\u{94D}\u{200C}ष"),
    ("GB9c a mark between", "क\u{94D}\u{93E}ष"),
    ("GB9c after a control", "\n\u{94D}ष"),
    ("Bengali GB9c", "ক\u{9CD}ষ"),
    ("Arabic marks", "ب\u{64E}\u{651}\u{652}"),
    ("Arabic letter mark", "\u{61C}\u{64E}"),
    ("GB9b Prepend", "\u{600}\u{661}"),
    ("GB11", "👩\u{200D}👧"),
    ("GB11 Extend before the ZWJ", "☝\u{FE0F}\u{200D}❤"),
    ("GB11 no pictograph", "क\u{200D}❤"),
    ("GB11 chain", "👨\u{200D}👩\u{200D}👧\u{200D}👦"),
    ("GB11 skin tone and VS16 in the chain", "🏃🏽\u{200D}♀\u{FE0F}"),
    ("GB11 ZWJ, then no pictograph", "👩\u{200D}x"),
    ("GB11 ZWJ after a space", " \u{200D}🔥"),
    ("GB9 skin tone", "👍🏽"),
    ("GB9 keycap", "#\u{FE0F}\u{20E3}"),
    ("GB9 tag sequence", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
    ("GB12 GB13", "🇯🇵🇫"),
    ("GB12 GB13, five", "🇯🇵🇫🇷🇩"),
    ("GB6 GB7 GB8", "\u{1100}\u{1161}\u{11A8}각"),
    ("a format character 0 wide, then a SpacingMark 1 wide", "\n\u{200C}\u{E33}"),
    ("a wide letter, then marks", "字\u{3099}\u{93C}"),
    ("NFC composes a nukta with a consonant", "न\u{93C}"),
    ("NFC composes an accent with an ASCII letter", "e\u{301}"),
  ]

  /// For each filler and pattern: the pattern after 0 to 191 bytes of filler (cut to a scalar's
  /// end and topped up with ASCII, so that the pattern starts at every byte offset of three
  /// blocks), then 200 bytes of filler, counted by the automaton backend and by the automaton
  /// kernel alone from the start.
  @Test(arguments: fillers.indices)
  func everyPatternAtEveryOffsetCountsAsStringDoes(filler: Int) {
    let (name, text) = Self.fillers[filler]
    let unit = Array(text.utf8)
    let fill = Array(repeating: unit, count: 1 + 400 / unit.count).flatMap { $0 }
    for (rule, pattern) in Self.patterns {
      for offset in 0..<192 {
        // The filler's longest whole-scalar prefix of at most `offset` bytes, then ASCII.
        var cut = offset
        while cut > 0 && fill[cut] & 0xC0 == 0x80 { cut -= 1 }
        let bytes =
          fill[..<cut] + Array(repeating: UInt8(ascii: "x"), count: offset - cut)
          + Array(pattern.utf8) + fill[..<200]
        Self.expectStringsCount(of: Array(bytes), "\(name) filler, \(rule) at byte \(offset)")
      }
    }
  }

  /// Every scalar below U+10000 in text of its own window of 128 code points, in each window
  /// that has a scalar joining an ASCII letter (an Extend, a SpacingMark, ZWJ): the masks take a
  /// block of one window's scalars, and look each one's classes up in that window's tables. The
  /// window's scalars in order and in a seeded random order, each followed by that joiner, and
  /// each after an LF and its joiner; each text repeated to a kilobyte, so that every scalar is in
  /// blocks the masks take (the automaton takes a call's first two, and text with no join ends
  /// the kernel's turn), counted by the automaton backend and by the kernel alone, against
  /// `String`.
  @Test func everyScalarInTextOfItsWindowCountsAsStringDoes() {
    var random = SeededGenerator(seed: 0x0B10_C4ED)
    var windowsWithAJoiner = 0
    for window in 1..<512 {
      let scalars = (window << 7..<(window + 1) << 7).compactMap { Unicode.Scalar($0) }
      guard let joiner = scalars.first(where: { "a\($0)".count == 1 }) else { continue }
      windowsWithAJoiner += 1
      let texts = [
        scalars.map { "\($0)\(joiner)" }.joined(),
        scalars.shuffled(using: &random).map { "\($0)\(joiner)" }.joined(),
        scalars.map { "\($0)\n\(joiner)\($0)" }.joined(),
      ]
      for text in texts {
        var bytes: [UInt8] = []
        while bytes.count < 1024 { bytes += Array(text.utf8) }
        Self.expectStringsCount(
          of: bytes, "window U+\(String(window << 7, radix: 16, uppercase: true))")
      }
    }
    #expect(windowsWithAJoiner >= 50, "the windows with a joiner: \(windowsWithAJoiner)")
  }

  /// A cluster that a format character 0 wide opens at the end of a block (U+200C after an LF,
  /// in a block of U+2000–U+207F's window: em dashes), and that a SpacingMark 1 wide joins at
  /// the start of the next (of Thai, U+0E33): the masks take both, and the length kernel widens
  /// the open cluster to 1.
  @Test func aClusterOpenAcrossABlockEdgeTakesItsJoinersWidth() {
    let dashes = String(repeating: "x", count: 42) + String(repeating: "—", count: 6)
    let first = Array("\(dashes)\n\u{200C}".utf8)
    #expect(first.count == 64)
    let rest = Array(repeating: "\u{E33}สวัสดีครับ ", count: 12).joined()
    Self.expectStringsCount(of: first + Array(rest.utf8), "U+200C, then U+0E33 at a block's start")
  }

  /// A conjunct (GB9c) that fills a whole block, whose last consonant (न, which NFC composes with
  /// a nukta) ends the block and whose nukta starts the next: the masks take the block with no
  /// boundary, and the open cluster must keep what the consonant says of NFC, so that the
  /// weighted units normalize the cluster (ऩ) when the nukta joins it.
  @Test func aConjunctAcrossABlockKeepsWhatNFCNeeds() {
    // Blocks at 0, 62 and 126 (each starts at the lead of the scalar the one before cut): the
    // third ends with न at byte 189.
    let conjunct = "क" + String(repeating: "\u{94D}ष", count: 30) + "\u{94D}न"
    #expect(conjunct.utf8.count == 189)
    let rest = Array(repeating: "\u{93C}ि मैंने हिन्दी में लिखा ", count: 8).joined()
    Self.expectStringsCount(
      of: Array((conjunct + rest).utf8), "a conjunct of two blocks, then a nukta")
  }

  /// Expects `bytes` counted by the automaton backend as `String` counts them, and by the
  /// automaton kernel alone from the start to where it stops as `String` counts that prefix;
  /// and measured in display width and two weighted units as `Reference` measures them
  /// (`String`'s clusters, widths from Unicode's data files, weights from the tables' ranges,
  /// NFC from the standard library), by the backend and by the automaton's length kernel alone
  /// (the clusters it closed).
  static func expectStringsCount(of bytes: [UInt8], _ name: String) {
    let expected = String(decoding: bytes, as: UTF8.self).count
    #expect(counter.count(utf8: bytes) == expected, "\(name)")
    bytes.withUnsafeBufferPointer { buffer in
      let run = _VectorKernels.clustersByAutomaton(
        buffer.baseAddress!, from: 0, to: buffer.count, state: 0)
      #expect(
        run.clusters == String(decoding: buffer[..<run.end], as: UTF8.self).count,
        "the kernel alone: \(name), stopped at \(run.end)")
    }
    for unit in lengthUnits {
      let counter = TextCounter(unit: unit, backend: .automaton)
      #expect(
        counter.count(utf8: bytes) == Reference.count(utf8: bytes, in: unit), "\(unit): \(name)")
      bytes.withUnsafeBufferPointer { buffer in
        var tally = _ClusterLengthTally()
        let rule = _TableSegmenter.clusterLengthTable(for: unit)!.kernelRule!
        let lengths = _VectorKernels.lengthsByAutomaton(
          buffer.baseAddress!, from: 0, to: buffer.count, state: 0, tally: &tally, clusterStart: 0,
          rule: rule)
        let closed = Array(buffer[..<(lengths.clusterStart ?? 0)])
        #expect(
          lengths.length == Reference.count(utf8: closed, in: unit),
          "the length kernel alone in \(unit): \(name), stopped at \(lengths.end)")
      }
    }
  }

  /// The automaton backend, in grapheme clusters.
  static let counter = TextCounter(unit: .graphemes, backend: .automaton)
  /// The units measured per cluster whose kernel has the masks' planes: display width, two
  /// weighted units of scale 1 (as the kernel keeps them: twitter-text's 100 and 200 of 100 are
  /// 1 and 2), and one of scale 2 (100 below U+1100 and 250 above, of 100: 2 and 5 of 2).
  static let lengthUnits: [TextUnit] = [
    .displayWidth, .weighted(.twitterV3), .weighted(.wideAsTwo), .weighted(halves),
  ]
  static let halves = WeightTable(
    ranges: [.init(0, 0x10FF, weight: 100)], defaultWeight: 250, scale: 100,
    emojiClusterWeight: 200, normalizesToNFC: true)
  /// Display width as the automaton's length kernel reads it.
  static var widthRule: UnsafeRawPointer {
    _TableSegmenter.clusterLengthTable(for: .displayWidth)!.kernelRule!
  }

  /// The masks are built (their tables are), so that the tests above test them: only
  /// `TEXTCOUNT_DISABLE_BOUNDARY_MASKS` turns them off. Display width's and the weighted units'
  /// planes are built too, and the windows of the fillers fit them (but Katakana's in a unit
  /// where it weighs no whole number of units).
  @Test func theBoundaryMasksAreBuilt() {
    let disabled = ProcessInfo.processInfo.environment["TEXTCOUNT_DISABLE_BOUNDARY_MASKS"] != nil
    #expect((_VectorKernels.boundaryMasks.value != nil) != disabled)
    for unit in Self.lengthUnits {
      let rule = _TableSegmenter.clusterLengthTable(for: unit)!.kernelRule!
      let fit = _VectorKernels.windowLengths(rule)?.fit
      #expect(fit?[0x0900 >> 7] == 1 && fit?[0x0600 >> 7] == 1, "\(unit)")
      // Katakana weighs 2.5 units in `halves`: not a whole number.
      #expect(fit?[0x30A0 >> 7] == (unit == .weighted(Self.halves) ? 0 : 1), "\(unit)")
    }
  }
}
