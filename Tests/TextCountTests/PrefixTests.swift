import TestSupport
import Testing
import TextCount

/// `prefix(of:maxCount:)` returns the longest prefix that fits and never splits a cluster.
@Suite struct PrefixTests {
  /// The reference: whole `Character`s while their total length fits.
  static func expectedPrefix(_ text: String, maxCount: Int, unit: TextUnit) -> Substring {
    var total = 0
    var end = text.startIndex
    for index in text.indices {
      total += Reference.count(String(text[index]), in: unit)
      if total > maxCount { break }
      end = text.index(after: index)
    }
    return text[..<end]
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func longestPrefixThatFitsOnRandomText(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0005
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    for iteration in 0..<iterations(5_000, for: unit) {
      let text = RandomText.string(maxScalars: 16, using: &random)
      let maxCount = Int.random(in: 0...Reference.count(text, in: unit) + 1, using: &random)
      let prefix = counter.prefix(of: text[...], maxCount: maxCount)
      let expected = Self.expectedPrefix(text, maxCount: maxCount, unit: unit)
      #expect(prefix.endIndex == expected.endIndex, "seed \(seed) #\(iteration) max \(maxCount)")
      #expect(counter.count(prefix) <= maxCount)
    }
  }

  /// Long texts, cut at every kind of place: the grapheme prefix is found block by block by the
  /// counting loop (blocks of 64 bytes and more, kernels included), so texts span many blocks,
  /// mix long ASCII runs (the cluster kernel) with dense joiners (the automaton) and multi-byte
  /// scalars at every block edge. Oracle: the standard library's `Character`s (`String.prefix`).
  @Test(arguments: allBackends)
  func graphemePrefixOfLongTextMatchesStringPrefix(_ backend: TextCounter.Backend) {
    let seed: UInt64 = 0x5EED_0006
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: .graphemes, backend: backend)
    for iteration in 0..<testIterations(300) {
      // Standalone runs cut by counting scalar starts (an LF after a CR not one), and joiners.
      let text = RandomText.longText(maxBytes: 6000, using: &random)
      let clusters = text.count
      // Every cut for the first texts (so a cluster starting right at a block edge is cut
      // there), a few for the others, random ones among them (the kernels read about as far as
      // the cut, estimated from the text before it).
      let cuts =
        iteration < 20
        ? Array(0...min(clusters + 1, 500))
        : [0, 1, clusters / 3, clusters / 2, clusters - 1, clusters, clusters + 1]
          + (0..<8).map { _ in Int.random(in: 0...clusters, using: &random) }
      for maxCount in cuts where maxCount >= 0 {
        let prefix = counter.prefix(of: text[...], maxCount: maxCount)
        let expected = text.prefix(maxCount)
        #expect(
          prefix.utf8.count == expected.utf8.count,
          "seed \(seed) #\(iteration) max \(maxCount) of \(clusters)")
      }
    }
  }

  /// Long texts in the units measured cluster by cluster (display width, weights with and
  /// without NFC): the cut is found by pieces measured with the counting loop, halved around the
  /// cut, and a walk of its last few hundred bytes. Oracle: whole `Character`s while their
  /// lengths by `Reference` (Unicode's data files, the standard library's NFC) fit, at every
  /// limit for the first texts and at random ones for the others.
  @Test(
    arguments: allBackends, [TextUnit.displayWidth, .weighted(.twitterV3), .weighted(.wideAsTwo)])
  func prefixOfLongTextMatchesReferenceInClusterUnits(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let seed: UInt64 = 0x5EED_0018
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    for iteration in 0..<testIterations(60) {
      let text = RandomText.longText(maxBytes: iteration < 3 ? 2500 : 9000, using: &random)
      // The byte offset after each `Character` and the total length up to there.
      var ends = [(offset: 0, total: 0)]
      for character in text {
        let last = ends[ends.count - 1]
        ends.append(
          (
            last.offset + character.utf8.count,
            last.total + Reference.count(String(character), in: unit)
          ))
      }
      let total = ends[ends.count - 1].total
      let limits =
        iteration < 3
        ? Array(0...(total + 1))
        : [0, 1, total / 2, total - 1, total, total + 1]
          + (0..<10).map { _ in Int.random(in: 0...total, using: &random) }
      for maxCount in limits where maxCount >= 0 {
        let expected = ends.last { $0.total <= maxCount }!.offset
        let cut = text.utf8.withContiguousStorageIfAvailable {
          counter.prefixByteCount(utf8: UnsafeRawBufferPointer($0), maxCount: maxCount)
        }
        #expect(cut == expected, "seed \(seed) #\(iteration) max \(maxCount) of \(total)")
        if cut != expected { return }
      }
    }
  }

  /// `prefixByteCount(utf8:maxCount:)` on bytes, ill-formed ones included, against an oracle
  /// built from `String(decoding:)` alone: a byte offset is a cut where decoding the two sides
  /// apart gives the whole text and its clusters (nothing repaired differently, no cluster
  /// split); the answer is the last cut whose head fits, measured by the head's own view.
  @Test(arguments: allBackends, [TextUnit.graphemes, .utf16, .unicodeScalars, .utf8])
  func prefixByteCountOfBytesMatchesDecodedString(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let seed: UInt64 = 0x5EED_0008
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    func length(_ text: String) -> Int {
      switch unit {
      case .graphemes: text.count
      case .utf16: text.utf16.count
      case .unicodeScalars: text.unicodeScalars.count
      default: text.utf8.count
      }
    }
    for iteration in 0..<testIterations(40) {
      var bytes = RandomText.bytes(maxLength: 120, using: &random)
      if iteration.isMultiple(of: 2) {  // past the first blocks, through the kernels
        bytes += Array(String(repeating: "ascii run ", count: 10).utf8)
        bytes += RandomText.bytes(maxLength: 120, using: &random)
      }
      let whole = String(decoding: bytes, as: UTF8.self)
      var cuts: [(offset: Int, length: Int)] = []
      for offset in 0...bytes.count {
        let head = String(decoding: bytes[..<offset], as: UTF8.self)
        let tail = String(decoding: bytes[offset...], as: UTF8.self)
        if head + tail == whole && head.count + tail.count == whole.count {
          cuts.append((offset, length(head)))
        }
      }
      for maxCount in 0...(length(whole) + 1) {
        let expected = cuts.last { $0.length <= maxCount }!.offset
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxCount) }
        #expect(cut == expected, "seed \(seed) #\(iteration) max \(maxCount) \(bytes)")
        if cut != expected { return }
      }
    }
  }

  static let examples: [(text: String, unit: TextUnit, max: Int, prefix: String)] = [
    ("abcdef", .graphemes, 3, "abc"),
    ("ab👍🏽c", .utf16, 4, "ab"),
    ("ab👍🏽c", .utf16, 6, "ab👍🏽"),
    ("e\u{301}e\u{301}", .unicodeScalars, 3, "e\u{301}"),
    ("🇯🇵🇫🇷", .graphemes, 1, "🇯🇵"),
    ("🇯🇵🇫🇷", .utf8, 7, ""),
    ("👨‍👩‍👧‍👦x", .graphemes, 1, "👨‍👩‍👧‍👦"),
    ("क्षa", .graphemes, 1, "क्ष"),
    ("\r\nx", .utf16, 1, ""),
    ("", .graphemes, 0, ""),
    ("abc", .graphemes, 0, ""),
    // The largest limits keep everything, short text or long (no overflow in the cut).
    ("ab👍🏽c", .graphemes, .max, "ab👍🏽c"),
    ("ab👍🏽c", .graphemes, 4, "ab👍🏽c"),
    (String(repeating: "x क्ष ", count: 40), .graphemes, .max, String(repeating: "x क्ष ", count: 40)),
    ("ab👍🏽c", .utf8, .max, "ab👍🏽c"),
  ]

  @Test(arguments: allBackends, examples.indices)
  func knownExamples(_ backend: TextCounter.Backend, _ index: Int) {
    let example = Self.examples[index]
    let counter = TextCounter(unit: example.unit, backend: backend)
    #expect(String(counter.prefix(of: example.text[...], maxCount: example.max)) == example.prefix)
  }
}
