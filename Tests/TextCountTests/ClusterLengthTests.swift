import Foundation
import TestSupport
import Testing

@testable import TextCount

/// The fast path of the units measured per cluster (`_ClusterLengthTable`'s tally, and the
/// length kernel over standalone runs) against the cluster meter (`_ClusterTally`,
/// `_ClusterMeter`), the path every unit took before, on the same backend: every scalar in
/// contexts, and seeded random text and bytes, whole and in random chunks; and, where it is cheap
/// enough (random text and bytes, the long-run inputs), against `Reference`, an oracle neither
/// path produced (the standard library's clusters and NFC, widths from Unicode's data files,
/// weights from twitter-text's published configuration). Every scalar alone is checked against
/// `Reference` in `UnitTests`.
@Suite struct ClusterLengthTests {
  /// A weight table where ASCII controls weigh less than half a unit (so CR LF is shorter than
  /// CR and LF apart), marks and ideographs have weights of their own, and emoji sum up.
  static let custom = WeightTable(
    ranges: [
      .init(0x00, 0x1F, weight: 40), .init(0x20, 0x7E, weight: 50),
      .init(0x300, 0x36F, weight: 30), .init(0x4E00, 0x9FFF, weight: 150),
    ],
    defaultWeight: 100, scale: 100, emojiClusterWeight: nil, normalizesToNFC: true)

  static let units: [TextUnit] = [
    .displayWidth, .weighted(.twitterV3), .weighted(.wideAsTwo), .weighted(custom),
  ]

  /// The length of `bytes` in `unit`, through the length tables or the meter, fed in pieces of
  /// the given sizes (the rest in one piece).
  static func measure(
    _ bytes: [UInt8], in unit: TextUnit, fast: Bool, pieces: [Int] = []
  ) -> Int {
    var scanner = _UTF8Scanner<_TableSegmenter>(unit: unit, usesLengthTables: fast)
    bytes.withUnsafeBytes { raw in
      var start = 0
      for size in pieces where start < raw.count {
        let end = min(start + size, raw.count)
        scanner.scan(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        start = end
      }
      scanner.scan(UnsafeRawBufferPointer(rebasing: raw[start...]))
    }
    scanner.finish()
    return scanner.count
  }

  @Test func everyUnitHasTables() {
    for unit in Self.units {
      let table = _TableSegmenter.clusterLengthTable(for: unit)
      #expect(table != nil, "\(unit)")
      #expect(table?.kernelMap != nil, "\(unit): ASCII falls into two values")
    }
    #expect(_TableSegmenter.clusterLengthTable(for: .graphemes) == nil)
  }

  /// The length kernel's kana rule takes only standalone scalars, each of the one length alone
  /// the kernel then adds without a look-up: in display width as `Reference` derives it from the
  /// Unicode files, and in every unit as the cluster meter measures it. In the three built-in
  /// units the rule is on (the kana share a length), so Japanese takes it.
  @Test(arguments: units)
  func theKanaLengthRuleTakesScalarsOfOneLength(_ unit: TextUnit) throws {
    let map = try #require(_TableSegmenter.clusterLengthTable(for: unit)?.kernelMap)
    let kanaValue = Int(_VectorKernels.lengthsMapContents(map).bytes[5])
    let taken = (UInt32(0x3000)...0x30FF).filter(_ClusterLengthTable.kanaLengthRuleTakes)
    #expect(
      taken.count == 0x100 - 12, "U+3000–U+30FF but eight marks and four narrow or unassigned")
    for codePoint in taken {
      #expect(_GraphemeClassTable.generated.graphemeClass(of: codePoint).isStandalone)
      let bytes = Array(String(Unicode.Scalar(codePoint)!).utf8)
      let alone = Self.measure(bytes, in: unit, fast: false)
      if case .displayWidth = unit {
        #expect(
          alone == Reference.count(utf8: bytes, in: unit), "U+\(String(codePoint, radix: 16))")
      }
      if kanaValue != 255 {
        #expect(alone == kanaValue, "U+\(String(codePoint, radix: 16)) in \(unit)")
      }
    }
    if case .weighted(let table) = unit, table == Self.custom { return }
    #expect(kanaValue == 2, "\(unit): the kana rule is on")
  }

  /// The long-run tests' kana runs, each insert (marks, the scalars the length kernel's kana
  /// rule leaves out, their neighbours) at every offset, in every unit measured per cluster,
  /// against `Reference`: blocks dense in kana, where the length kernel takes the kana rule.
  @Test(arguments: units)
  func kanaRunsWithAnInsertAtEveryOffset(_ unit: TextUnit) {
    let counter = TextCounter(unit: unit, backend: .automaton, concurrency: 1)
    var mismatches = Mismatches()
    for (bytes, label) in LongRunTests.kanaRunsWithAnInsert {
      mismatches.check(counter, bytes, label)
    }
    #expect(mismatches.count == 0)
  }

  /// Each scalar alone between ASCII, after a base, before a mark, a modifier and a ZWJ, after a
  /// flag half, after scalars NFC composes with a mark after them (न, ᄀ, 가, େ, ü), and doubled; a block of them at a time, long enough for the kernel, and on a
  /// mismatch the first scalar that shows it.
  @Test(arguments: units)
  func everyScalarInContexts(_ unit: TextUnit) {
    func contexts(_ value: UInt32) -> [UInt32] {
      [
        0x20, value, 0x61, value, 0x0301, 0x4E00, value, 0x1F3FB, value, value, 0x0D, 0x0A,
        0x1F1E6, value, 0x1F600, 0x200D, value, 0xFE0F, 0x20, 0x0928, value, 0x1100, value,
        0xAC00, value, 0x0B47, value, 0x00FC, value, 0x20,
      ]
    }
    // Every scalar in the release run with TEXTCOUNT_LONG=1 (Scripts/test); every 7th in the
    // debug run, which the kernels' debug checks make slower.
    let everyScalar = ProcessInfo.processInfo.environment["TEXTCOUNT_LONG"] == "1"
    let swept =
      everyScalar
      ? EveryScalarTests.sweptScalars
      : EveryScalarTests.sweptScalars.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
    var failures = 0
    for start in stride(from: 0, to: swept.count, by: 2048) where failures < 5 {
      let block = swept[start..<min(start + 2048, swept.count)]
      let bytes = Array(String(scalars: block.flatMap(contexts)).utf8)
      guard Self.measure(bytes, in: unit, fast: true) != Self.measure(bytes, in: unit, fast: false)
      else { continue }
      for value in block {
        let one = Array(String(scalars: contexts(value) + contexts(value)).utf8)
        let fast = Self.measure(one, in: unit, fast: true)
        let meter = Self.measure(one, in: unit, fast: false)
        if fast != meter {
          Issue.record(
            "\(unit): U+\(String(value, radix: 16)) in contexts: \(fast), meter \(meter)")
          failures += 1
          break
        }
      }
    }
  }

  /// Runs long enough for the kernel (ASCII with controls and CR LF, CJK, Cyrillic, NFC-changing
  /// scalars) between random text of every class and scalars NFC changes, composes or reorders.
  static func text(using random: inout some RandomNumberGenerator) -> [UInt32] {
    let runs: [[UInt32]] = [
      Array("The quick brown fox\r\njumps\tover the lazy dog. ".unicodeScalars.map(\.value)),
      Array("汉字的宽度是二，标点。".unicodeScalars.map(\.value)),
      Array("Привет, мир! ".unicodeScalars.map(\.value)),
      [0x0958, 0x2126, 0xF900, 0x212B, 0x00FC, 0xAC00, 0x3042, 0xFF21, 0x1F600, 0x00AD, 0x7F],
    ]
    let unstable: [[UInt32]] = [
      [0x0958], [0x2126], [0xF900], [0x00FC, 0x0301], [0x1100, 0x1161], [0x0061, 0x0327, 0x0301],
      [0x0061, 0x0301, 0x0327], [0x0915, 0x093C], [0x0928, 0x093C], [0x0933, 0x093C],
      [0x0CC6, 0x0CC2], [0x0344], [0x1F71], [0xAC00, 0x11A8], [0x0075, 0x0308, 0x0301],
      [0x2190, 0x0338], [0x0B47, 0x0B3E], [0x1B05, 0x1B35],
    ]
    var scalars: [UInt32] = []
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        let run = runs.randomElement(using: &random)!
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          scalars += run.shuffled(using: &random)
        }
      case 1: scalars += unstable.randomElement(using: &random)!
      default:
        for _ in 0..<Int.random(in: 0...40, using: &random) {
          scalars.append(RandomText.scalar(using: &random))
        }
      }
    }
    return scalars
  }

  /// Whether the fast path measures `bytes` as the meter does, whole and in `pieces`; records
  /// an issue where it does not.
  static func fastEqualsMeter(
    _ bytes: [UInt8], in unit: TextUnit, pieces: [Int], round: Int
  ) -> Bool {
    let meter = measure(bytes, in: unit, fast: false)
    let whole = measure(bytes, in: unit, fast: true)
    let inPieces = measure(bytes, in: unit, fast: true, pieces: pieces)
    #expect(whole == meter, "\(unit) round \(round): whole \(whole), meter \(meter)")
    #expect(inPieces == meter, "\(unit) round \(round): pieces \(pieces): \(inPieces) vs \(meter)")
    return whole == meter && inPieces == meter
  }

  /// Against the meter, and against an oracle the code under test did not produce
  /// (`Reference`: the standard library's clusters and NFC, widths from Unicode's data files).
  @Test(arguments: units)
  func randomTextWholeAndInPieces(_ unit: TextUnit) {
    var random = SeededGenerator(seed: 0x6C65_6E67_7468)
    for round in 0..<300 {
      let text = String(scalars: Self.text(using: &random))
      let bytes = Array(text.utf8)
      let pieces = (0..<8).map { _ in Int.random(in: 1...200, using: &random) }
      guard Self.fastEqualsMeter(bytes, in: unit, pieces: pieces, round: round) else { return }
      let expected = Reference.count(text, in: unit)
      let counted = TextCounter(unit: unit).count(text)
      #expect(counted == expected, "\(unit) round \(round): \(counted), reference \(expected)")
      if counted != expected { return }
    }
  }

  @Test(arguments: units)
  func randomBytesWholeAndInPieces(_ unit: TextUnit) {
    var random = SeededGenerator(seed: 0x6279_7465_73)
    for round in 0..<300 {
      var bytes = RandomText.bytes(maxLength: 300, using: &random)
      if round % 2 == 0 { bytes += Array(String(scalars: Self.text(using: &random)).utf8) }
      // Pieces of up to 100 bytes, or of 1 to 13 all through (as the fuzz target cuts them).
      let tiny = round % 3 == 0
      let pieces = (0..<(tiny ? bytes.count : 8)).map { _ in
        Int.random(in: 1...(tiny ? 13 : 100), using: &random)
      }
      guard Self.fastEqualsMeter(bytes, in: unit, pieces: pieces, round: round) else { return }
      let expected = Reference.count(utf8: bytes, in: unit)
      let counted = Self.measure(bytes, in: unit, fast: true, pieces: pieces)
      #expect(counted == expected, "\(unit) round \(round): \(counted), reference \(expected)")
      if counted != expected { return }
    }
  }

  /// The long-run tests' inputs, where the kernel meets them: every bad pattern at every offset
  /// of text long enough for blocks before and after it, and random buffers of about 1 KiB with
  /// long runs of one script, from several starts (the first, and in pieces).
  @Test(arguments: units)
  func badPatternsAndLongBuffers(_ unit: TextUnit) {
    var failures = 0
    func check(_ bytes: [UInt8], _ pieces: [Int] = [], _ what: @autoclosure () -> String) {
      let meter = Self.measure(bytes, in: unit, fast: false, pieces: pieces)
      let fast = Self.measure(bytes, in: unit, fast: true, pieces: pieces)
      let reference = Reference.count(utf8: bytes, in: unit)
      if (fast != meter || fast != reference) && failures < 5 {
        Issue.record("\(unit): \(what()): \(fast), meter \(meter), reference \(reference)")
        failures += 1
      }
    }
    for pattern in LongRunTests.badPatterns {
      for offset in 0...LongRunTests.base.count {
        var bytes = LongRunTests.base
        bytes.insert(contentsOf: pattern, at: offset)
        check(bytes + LongRunTests.base + LongRunTests.base, [], "\(pattern) at \(offset)")
      }
    }
    var random = SeededGenerator(seed: 0x6C6F_6E67)
    for round in 0..<400 {
      let bytes = LongRunTests.longBuffer(using: &random)
      check(bytes, [], "long buffer \(round)")
      check(bytes, [Int.random(in: 1...bytes.count + 1, using: &random)], "halves \(round)")
    }
  }

  /// A stream copied in the middle of a cluster NFC may change (its scalars carried from the
  /// first chunk): each copy, fed its own rest, counts what a counter given its whole text does.
  /// The copies share the fast path's state until one writes.
  @Test(arguments: units)
  func copiesOfAStreamCountApart(_ unit: TextUnit) {
    let head = Array("ok न".utf8)
    let rests = [Array("\u{93C} नि".utf8), Array(" ok e\u{301}".utf8), Array("\u{93C}".utf8)]
    var first = StreamingTextCounter(unit: unit)
    head.withUnsafeBytes { first.append(utf8: $0) }
    var copies = rests.map { _ in first }
    for (index, rest) in rests.enumerated() {
      rest.withUnsafeBytes { copies[index].append(utf8: $0) }
    }
    for (index, rest) in rests.enumerated().reversed() {
      let expected = TextCounter(unit: unit).count(String(decoding: head + rest, as: UTF8.self))
      #expect(copies[index].finish() == expected, "\(unit), rest \(index)")
    }
    #expect(first.finish() == TextCounter(unit: unit).count("ok न"), "\(unit), the original")
  }

  /// An input the fuzz target FuzzCounting found (its first byte picks the pieces): ill-formed
  /// bytes streamed in pieces of 1 to 13 bytes, in every unit, equal the whole count. A cluster
  /// NFC may change was carried across pieces, and its scalars were decoded again from its bytes
  /// with only its own readable: F0 93 before CD is one U+FFFD to the loop, which reads on, but
  /// alone an unfinished sequence, then another U+FFFD.
  @Test func fuzzFoundInputStreamedInPieces() {
    let input: [UInt8] = [
      0x05, 0x46, 0x6C, 0x6F, 0x61, 0x74, 0xF0, 0xDF, 0x8D, 0x91, 0x29, 0xA9, 0xE2, 0x53, 0x65,
      0x71, 0x75, 0x65, 0x6E, 0x63, 0x65, 0x80, 0x8D, 0x29, 0x95, 0xA9, 0x7E, 0xE2, 0x22, 0xF0,
      0x93, 0xCD, 0x80, 0x8D, 0x41, 0x1B, 0x6B, 0x6B, 0x6B, 0x6B, 0x6B, 0x91, 0x61, 0x00, 0xE0,
      0xA5, 0x8D, 0xE2, 0x98, 0x24,
    ]
    let seed = Int(input[0])
    let bytes = Array(input.dropFirst())
    var pieces: [Int] = []
    var covered = 0
    while covered < bytes.count {
      let length = min(bytes.count - covered, 1 + (seed &* (pieces.count &+ 7)) % 13)
      pieces.append(length)
      covered += length
    }
    for unit in TextUnit.allCases {
      let whole = bytes.withUnsafeBytes { TextCounter(unit: unit).count(utf8: $0) }
      var stream = StreamingTextCounter(unit: unit)
      var start = 0
      for length in pieces {
        bytes[start..<start + length].withUnsafeBytes { stream.append(utf8: $0) }
        start += length
      }
      #expect(stream.finish() == whole, "\(unit)")
    }
  }
}
