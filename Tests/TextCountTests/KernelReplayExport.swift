import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Writes the kernels' tables, inputs and results for `Scripts/test-arm`, which replays every
/// call with the kernels built for aarch64 (NEON, under qemu) and for x86-64, and compares each
/// result with the ones written here (this build's kernels, as TextCount calls them).
///
/// Runs only when `TEXTCOUNT_KERNEL_REPLAY_DIR` names the directory to write into; the file
/// formats are those `Tests/KernelReplay/kernel_replay.c` reads and prints.
@Suite struct KernelReplayExport {
  static let directory = ProcessInfo.processInfo.environment["TEXTCOUNT_KERNEL_REPLAY_DIR"]

  @Test(.enabled(if: directory != nil))
  func writeTablesInputsAndResults() throws {
    // The answers must be the vector kernels', not the "took nothing" of a CPU without them.
    try #require(_VectorKernels.isAvailable)
    let inputs = Self.inputs()
    var file = Data("TCKR".utf8)
    file.appendLittleEndian(UInt32(11))
    Self.appendTables(to: &file)
    file.appendLittleEndian(UInt32(inputs.count))
    var expected = ""
    for (number, input) in inputs.enumerated() {
      file.appendLittleEndian(UInt32(input.bytes.count))
      file.append(contentsOf: input.bytes)
      file.appendLittleEndian(UInt32(input.starts.count))
      for start in input.starts { file.appendLittleEndian(UInt32(start)) }
      expected += Self.results(of: input.bytes, from: input.starts, number: number)
    }
    let url = URL(fileURLWithPath: Self.directory!)
    try file.write(to: url.appendingPathComponent("kernel-inputs.bin"))
    try Data(expected.utf8).write(to: url.appendingPathComponent("expected.txt"))
    // The texts Scripts/test-arm counts instructions per byte on.
    for (name, bytes) in Self.corpusShapes {
      try Data(bytes).write(to: url.appendingPathComponent("corpus-\(name).txt"))
    }
    print(
      "kernel replay: \(inputs.count) inputs, \(expected.count { $0 == "\n" }) results, "
        + "\(_VectorKernels.instructionSet) kernels")
  }

  /// The class table, the automaton, the standalone map and the lengths maps, as the kernels
  /// read them.
  static func appendTables(to file: inout Data) {
    let table = _GraphemeClassTable.generated.table
    appendTwoLevelTable(blocks: table.blockOffsets, values: table.values, to: &file)
    let automaton = _GraphemeBreakAutomaton.shared
    let steps = automaton.stateCount * 128
    file.appendLittleEndian(UInt32(steps))
    for step in 0..<steps { file.appendLittleEndian(automaton.nextStates[step]) }
    file.appendLittleEndian(UInt32(steps))
    file.append(UnsafeBufferPointer(start: automaton.breaks, count: steps))
    file.appendLittleEndian(UInt32(automaton.stateCount))
    for state in 0..<automaton.stateCount { file.append(automaton.standaloneEnds[state] ? 1 : 0) }
    let pairs = _GraphemeBreakPairSteps.shared!
    file.appendLittleEndian(UInt32(pairs.stateCount * pairs.rowWidth))
    for entry in 0..<pairs.stateCount * pairs.rowWidth {
      file.appendLittleEndian(pairs.steps[entry])
    }
    file.appendLittleEndian(UInt32(table.valueCount))
    file.append(UnsafeBufferPointer(start: pairs.columnValues, count: table.valueCount))
    file.appendLittleEndian(UInt32(0x1_0000))
    file.append(UnsafeBufferPointer(start: pairs.bmpColumnValues, count: 0x1_0000))
    file.appendLittleEndian(UInt32(pairs.classCount))
    file.appendLittleEndian(UInt32(pairs.rowWidth))
    // The boundary masks' tables (none where the kernel runs without them): the windows'
    // planes and flags, the states' carries, the states after a class.
    if let masks = _VectorKernels.boundaryMasks.value {
      file.appendLittleEndian(UInt32(512 * 128))
      file.append(UnsafeBufferPointer(start: masks.windowPlanes, count: 512 * 128))
      file.appendLittleEndian(UInt32(512))
      file.append(UnsafeBufferPointer(start: masks.windowFlags, count: 512))
      file.appendLittleEndian(UInt32(automaton.stateCount))
      file.append(UnsafeBufferPointer(start: masks.stateCarries, count: automaton.stateCount))
      file.appendLittleEndian(UInt32(512))
      for entry in 0..<512 { file.appendLittleEndian(masks.stateAfterClass[entry]) }
    } else {
      for _ in 0..<4 { file.appendLittleEndian(UInt32(0)) }
    }
    let standalone = _StandaloneScalars.generated
    file.appendLittleEndian(UInt32(standalone.bitmap.count))
    file.append(contentsOf: standalone.bitmap)
    file.append(contentsOf: standalone.leadByLowNibble)
    file.append(contentsOf: standalone.leadByHighNibble)
    file.append(contentsOf: _VectorKernels.twoByteLetterLeadsNibbles)
    let wordPlanes = _VectorKernels.wordWindowPlaneBytes
    file.appendLittleEndian(UInt32(wordPlanes.count))
    file.append(contentsOf: wordPlanes)
    // stringz's automaton: the kinds' two-level table, the place count, the steps, the
    // triple steps.
    let stringz = _VectorKernels.stringzAutomatonContents(_StringzScanner.automaton.value)
    appendTwoLevelTable(blocks: stringz.blocks, values: stringz.values, to: &file)
    file.appendLittleEndian(UInt32(stringz.placeCount))
    file.appendLittleEndian(UInt32(stringz.steps.count))
    file.append(contentsOf: stringz.steps)
    file.appendLittleEndian(UInt32(stringz.tripleSteps.count))
    file.append(contentsOf: stringz.tripleSteps)
    file.appendLittleEndian(UInt32(lengthMaps.count))
    for map in lengthMaps {
      let contents = _VectorKernels.lengthsMapContents(map)
      appendTwoLevelTable(blocks: contents.blocks, values: contents.values, to: &file)
      file.append(contentsOf: contents.nibbles)
      file.append(contentsOf: contents.bytes)
    }
    // Each map's unit as the automaton length kernel reads it (its ASCII from the map above).
    for rule in clusterRules {
      let contents = _VectorKernels.clusterRuleContents(rule)
      appendTwoLevelTable(blocks: contents.blocks, values: contents.values, to: &file)
      file.appendLittleEndian(UInt32(0x1_0000))
      file.append(UnsafeBufferPointer(start: contents.bmpValues, count: 0x1_0000))
      for entry in contents.palette { file.appendLittleEndian(entry) }
      for value in contents.weights + [contents.scale, contents.emojiClusterWeight] {
        file.appendLittleEndian(value)
      }
      file.append(contents.isWidth ? 1 : 0)
      // The unit's planes for the boundary masks (display width's or the weights'), or none.
      let planes = _VectorKernels.windowLengths(rule)
      file.appendLittleEndian(UInt32(planes?.planes.count ?? 0))
      if let planes { file.append(planes.planes) }
      file.appendLittleEndian(UInt32(planes?.fit.count ?? 0))
      if let planes { file.append(planes.fit) }
      // The emoji sequences it looks clusters up in (twitter-text's weights), or none: the
      // empty prefix's hash, the slots (hash, scalar, delta), the wholes' slots, the wholes
      // (five words, length, delta).
      let sequences = _VectorKernels.emojiSequencesContents(rule)
      file.appendLittleEndian(sequences?.seed ?? 0)
      file.appendLittleEndian(UInt32(sequences?.slots.count ?? 0))
      for slot in sequences?.slots ?? [] {
        file.appendLittleEndian(slot.hash)
        file.appendLittleEndian(slot.scalar)
        file.appendLittleEndian(slot.delta)
      }
      file.appendLittleEndian(UInt32(sequences?.wholeSlots.count ?? 0))
      for slot in sequences?.wholeSlots ?? [] { file.appendLittleEndian(slot) }
      file.appendLittleEndian(UInt32(sequences?.wholes.count ?? 0))
      for whole in sequences?.wholes ?? [] {
        for word in whole.words { file.appendLittleEndian(word) }
        file.appendLittleEndian(whole.length)
        file.appendLittleEndian(whole.delta)
      }
    }
  }

  /// A two-level table of a byte per code point: its block offsets and its values, each after
  /// its count.
  static func appendTwoLevelTable(
    blocks: UnsafePointer<UInt32>, values: UnsafePointer<UInt8>, to file: inout Data
  ) {
    let blockCount = 0x11_0000 >> 8
    let offsets = (0..<blockCount).map { blocks[$0] }
    file.appendLittleEndian(UInt32(blockCount))
    for offset in offsets { file.appendLittleEndian(offset) }
    let valueCount = Int(offsets.max()!) + 256
    file.appendLittleEndian(UInt32(valueCount))
    file.append(UnsafeBufferPointer(start: values, count: valueCount))
  }

  /// The length kernel's tables replayed: display width, a weight table whose CR LF is shorter
  /// than CR and LF apart and whose uniform leads are others, and twitter-text's weights.
  static var lengthMaps: [UnsafeRawPointer] {
    replayedUnits.map { _TableSegmenter.clusterLengthTable(for: $0)!.kernelMap! }
  }

  /// The automaton length kernel's rules of the same units (the custom table's weights are of
  /// scale 10 once divided, and normalize: its loop for scaled weights, and its stops before a
  /// cluster NFC may change; twitter-text's have the boundary masks' planes, as width's do).
  static var clusterRules: [UnsafeRawPointer] {
    replayedUnits.map { _TableSegmenter.clusterLengthTable(for: $0)!.kernelRule! }
  }

  /// The places stringz's kernel may start in: those whose row of steps does not all stop.
  static let stringzStartPlaces: [UInt8] = {
    let contents = _VectorKernels.stringzAutomatonContents(_StringzScanner.automaton.value)
    let kinds = contents.steps.count / contents.placeCount
    return (0..<contents.placeCount).filter { place in
      contents.steps[place * kinds..<(place + 1) * kinds].contains {
        $0 != _VectorKernels.stringzStop
      }
    }.map { UInt8($0) }
  }()

  static let replayedUnits = [
    TextUnit.displayWidth, .weighted(ClusterLengthTests.custom), .weighted(.twitterV3),
  ]

  /// Every kernel from every start, in kernel_replay.c's format: the well-formed run, the
  /// standalone run, stringz's matches, the SMS kernel's ASCII runs, the scalars up to one above
  /// U+FFFF, the word kernel's runs
  /// (without and with the letter leads and the window planes), the UCS-2 packing kernel from
  /// state 0 and an empty packing, the lengths by each map of `lengthMaps`, the automaton from
  /// state 0, and the automaton length kernel by each rule of `clusterRules` from state 0 and an
  /// empty tally; the last three called again from where they stop while they move.
  static func results(of bytes: [UInt8], from starts: [Int], number: Int) -> String {
    var lines = ""
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
      let length = buffer.count
      for start in starts {
        let w = _VectorKernels.wellFormedRun(base, from: start, to: length)
        lines += "W \(number) \(start) \(w.end) \(w.scalars) \(w.supplementaryScalars)\n"
        let s = _VectorKernels.standaloneClusters(base, from: start, to: length)
        lines += "S \(number) \(start) \(s.end) \(s.clusters)\n"
        for place in stringzStartPlaces {
          let z = _VectorKernels.stringzMatches(
            base, from: start, to: length, place: place,
            automaton: _StringzScanner.automaton.value)
          lines += "Z \(number) \(start) \(place) \(z.end) \(z.matches) \(z.place)\n"
        }
        for gsmOnly in [false, true] {
          let g = _VectorKernels.smsASCIIRun(base, from: start, to: length, gsmOnly: gsmOnly)
          lines += "G \(number) \(start) \(gsmOnly ? 1 : 0) \(g)\n"
        }
        let u = _VectorKernels.scalarsToSupplementary(base, from: start, to: length)
        lines += "U \(number) \(start) \(u.end) \(u.scalars)\n"
        for (before, letters, windows): (UInt32, Bool, Bool) in [
          (0, false, false), (0, true, false), (0, true, true), (1, true, true),
        ] {
          let v = _VectorKernels.wordRun(
            base, from: start, to: length, before: before, letters: letters, windows: windows)
          lines +=
            "V \(number) \(start) \(before) \(letters ? 1 : 0) \(windows ? 1 : 0) \(v.end) \(v.words)"
            + " \(v.scanned)\n"
        }
        var packing = _SMSPacking()
        var packed = start
        while true {
          let p = _VectorKernels.packUCS2Clusters(
            base, from: packed, to: length, state: 0, packing: packing)
          lines +=
            "P \(number) \(packed) \(p.end) \(p.packing.units) \(p.packing.parts) \(p.packing.used)\n"
          guard p.end > packed else { break }
          (packed, packing) = (p.end, p.packing)
        }
        for (k, map) in lengthMaps.enumerated() {
          let l = _VectorKernels.standaloneLengths(base, from: start, to: length, map: map)
          lines += "L \(number) \(start) \(k) \(l.end) \(l.length)\n"
        }
        var at = start
        var state: UInt16 = 0
        while true {
          let a = _VectorKernels.clustersByAutomaton(base, from: at, to: length, state: state)
          lines += "A \(number) \(at) \(state) \(a.end) \(a.clusters) \(a.state)\n"
          guard a.end > at else { break }
          (at, state) = (a.end, a.state)
        }
        for (k, rule) in clusterRules.enumerated() {
          var at = start
          var state: UInt16 = 0
          var tally = _ClusterLengthTally()
          var clusterStart = start
          while true {
            let r = _VectorKernels.lengthsByAutomaton(
              base, from: at, to: length, state: state, tally: &tally, clusterStart: clusterStart,
              rule: rule)
            clusterStart = r.clusterStart ?? clusterStart
            lines +=
              "R \(number) \(at) \(k) \(r.end) \(r.length) \(r.clusterStart ?? -1) "
              + "\(tally.value) \(tally.regionalIndicators) \(tally.flags) \(tally.first) "
              + "\(tally.isEmpty ? 1 : 0) \(r.state)\n"
            guard r.end > at else { break }
            (at, state) = (r.end, r.state)
          }
        }
      }
    }
    return lines
  }

  /// The long-run tests' inputs (every bad pattern at every offset, the automaton's and the
  /// kana's inserts at every offset, random buffers with their cut), scalars sampled from every
  /// plane, and text of each corpus's shape, with the starts the kernels are called from.
  static func inputs() -> [(bytes: [UInt8], starts: [Int])] {
    var inputs: [(bytes: [UInt8], starts: [Int])] = []
    func add(_ bytes: [UInt8], _ starts: [Int]) {
      inputs.append((bytes, Array(Set(starts.filter { $0 <= bytes.count })).sorted()))
    }
    for pattern in LongRunTests.badPatterns {
      for offset in 0...LongRunTests.base.count {
        var bytes = LongRunTests.base
        bytes.insert(contentsOf: pattern, at: offset)
        // From the start, around the pattern, and with the pattern ending a block (the block
        // after it is the next base's ASCII when the pattern ends the first base).
        let end = offset + pattern.count
        add(
          bytes + LongRunTests.base,
          [0, max(offset - 1, 0), offset, end] + [end - 64, end - 63, end - 128].filter { $0 >= 0 })
      }
    }
    let text = LongRunTests.automatonText
    for insert in LongRunTests.automatonInserts {
      for offset in 0...text.count {
        var middle = text
        middle.insert(contentsOf: insert, at: offset)
        add(text + middle + text, [0, text.count, text.count + offset])
      }
    }
    for (bytes, _) in LongRunTests.kanaRunsWithAnInsert { add(bytes, [0, 1, 2, 3]) }
    var random = SeededGenerator(seed: 0xA64_0C0D)
    for _ in 0..<600 {
      let bytes = LongRunTests.longBuffer(using: &random)
      let cut = Int.random(in: 0...bytes.count, using: &random)
      add(bytes, [0, cut, Int.random(in: 0...bytes.count, using: &random)])
    }
    // Every 97th code point of every width, each followed by a combining mark (the automaton
    // kernel's text), so that every decoding path meets scalars from all 17 planes.
    var sampled = ""
    for codePoint in stride(from: 0x80, through: 0x10_FFFF, by: 97) {
      if let scalar = Unicode.Scalar(UInt32(codePoint)) {
        sampled.unicodeScalars.append(scalar)
        sampled.unicodeScalars.append("\u{301}")
      }
    }
    let sampledBytes = Array(sampled.utf8)
    add(
      sampledBytes,
      [0, 1, 2, 3] + (0..<12).map { _ in Int.random(in: 0...sampledBytes.count, using: &random) })
    for (_, bytes) in corpusShapes {
      let starts = (0..<12).map { _ in Int.random(in: 0...bytes.count, using: &random) }
      add(bytes, [0, 1_000, 2_001, 3_003] + starts)
    }
    // Two-byte letters (Cyrillic, Latin Extended) and ASCII, 28 bytes a period, ending at every
    // offset of a block and read from every offset of a period: the word kernel gives back a
    // letter whose second byte is past its last block (and a word counted there).
    let letters = Array(String(repeating: "жизнь ŁĄĘŹ_ą.ёж ", count: 12).utf8)
    for length in 128..<(128 + 66) { add(Array(letters.prefix(length)), Array(0..<28)) }
    return inputs
  }

  /// 16 KiB of each benchmark corpus's kind of text.
  static var corpusShapes: [(name: String, bytes: [UInt8])] {
    zip(corpusNames, corpusParagraphs).map { name, paragraph in
      let bytes = Array(String(repeating: paragraph, count: 16_384 / paragraph.utf8.count).utf8)
      return (name, bytes)
    }
  }

  static let corpusNames = [
    "english", "russian", "chinese", "japanese", "hindi", "arabic", "emoji", "mixed",
  ]

  /// A paragraph of each benchmark corpus's kind of text.
  static let corpusParagraphs = [
    "The quick brown fox jumps over the lazy dog, again and again.\r\nLine two ends here.\n",
    "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
    "我能吞下玻璃而不伤身体。这是一个关于中文的测试段落，包含标点符号。",
    "私はガラスを食べられます。それは私を傷つけません。カタカナとひらがな。",
    "मैं काँच खा सकता हूँ और मुझे उससे कोई चोट नहीं पहुंचती। क्षत्रिय श्रीमान् । ",
    "أَنَا قَادِرٌ عَلَى أَكْلِ الزُّجَاجِ وَ هَذَا لَا يُؤْلِمُنِي. ",
    "Loving this 😍🔥 #weekend 👩🏽\u{200D}💻 at work 🇯🇵🇫🇷 ❤\u{FE0F}\u{200D}🔥 👍🏽👍🏿 lol ",
    "Mixed: café naïve 中文 русский हिन्दी عَرَبِيّ 😀👨\u{200D}👩\u{200D}👧 e\u{301} ok. ",
  ]
}

extension Data {
  fileprivate mutating func appendLittleEndian<Integer: FixedWidthInteger>(_ value: Integer) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}
