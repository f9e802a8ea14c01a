// The only file that imports the C kernels. Everything else sees Swift types.
internal import CTextCountKernels

/// The fast path's SIMD kernels (AVX-512 or AVX2 on x86-64, chosen at run time; NEON on 64-bit
/// ARM), 64 bytes per step: runs of well-formed UTF-8 counted in code units; runs of standalone
/// scalars counted in grapheme clusters, or measured cluster by cluster in display width or
/// weights; and the rest of well-formed text through the grapheme automaton, each scalar found
/// from a mask and every scalar of a block decoded at once. Where the CPU has none of the
/// instruction sets they take nothing, and the scalar loops count everything.
enum _VectorKernels {
  /// Whether the kernels run on this CPU; `TEXTCOUNT_DISABLE_SIMD=1` in the environment turns
  /// them off (to test or measure the scalar loops alone).
  /// Nor do they run in the unlikely case that the automaton outgrows the kernel's 16-bit pair
  /// steps (`_GraphemeBreakPairSteps`).
  static let isAvailable =
    textcount_kernels_available() != 0 && !_Platform.environmentHas("TEXTCOUNT_DISABLE_SIMD")
    && _GraphemeBreakPairSteps.shared != nil

  /// The instruction set the kernels run with here: `"avx512"`, `"avx2"`, `"neon"`, or `"none"`
  /// (also when `TEXTCOUNT_DISABLE_SIMD` turned them off).
  static var instructionSet: String {
    isAvailable ? String(cString: textcount_kernels_name()) : "none"
  }

  /// The short-text counter published for the process in slot `index` (`_ShortCounters`), or
  /// nil before: an acquire load, no lock.
  @inline(__always)
  static func shortCounter(_ index: Int) -> UnsafeRawPointer? {
    textcount_short_counter(index)
  }

  /// The number of slots for short-text counters.
  static var shortCounterSlots: Int { Int(TEXTCOUNT_SHORT_COUNTER_SLOTS) }

  /// Publishes `counter` in slot `index` unless another thread did first; returns the one in
  /// place.
  static func publishShortCounter(_ index: Int, _ counter: UnsafeRawPointer) -> UnsafeRawPointer {
    textcount_publish_short_counter(index, counter)!
  }

  /// The offset of the first byte of `bytes[0..<end]` where a post length's URL or mention may
  /// start, or `end`: among the bytes that are one of `wanted` (repeat one to look for fewer
  /// than four), an `@`, a `.` followed by an ASCII letter or a non-ASCII byte, or a `:`
  /// followed by `//`. 64 bytes a step where the kernels run, else a byte at a time.
  /// - Complexity: O(`end`).
  @inline(__always)
  static func firstPostCandidate(
    among wanted: (UInt8, UInt8, UInt8, UInt8), in bytes: UnsafePointer<UInt8>, end: Int
  ) -> Int {
    withUnsafeBytes(of: wanted) {
      textcount_find_post_candidate(
        bytes, 0, end, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// The longest well-formed run from `start` (where a scalar starts) that the kernel takes in
  /// 64-byte blocks; it stops before a block with ill-formed or unfinished UTF-8, and leaves
  /// fewer than 64 bytes at the end to the caller.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func wellFormedRun(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> _WellFormedRun
  {
    let run = textcount_count_well_formed(bytes, start, end)
    return _WellFormedRun(
      end: run.end, scalars: run.scalars, supplementaryScalars: run.supplementary)
  }

  /// stringz's matches (`_StringzScanner`) that open in the longest run from `start` that the
  /// kernel takes, the open match before it in place `place` of `automaton` (built by
  /// `stringzAutomaton`): blocks of well-formed UTF-8, up to a scalar whose step stops; and the
  /// place after the run.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func stringzMatches(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, place: UInt8,
    automaton: UnsafeRawPointer
  ) -> (end: Int, matches: Int, place: UInt8) {
    let run = textcount_count_stringz_matches(
      bytes, start, end, place, automaton.assumingMemoryBound(to: textcount_stringz_automaton.self))
    return (run.end, run.matches, run.place)
  }

  /// stringz's automaton as the kernel reads it (`textcount_stringz_automaton`): each scalar's
  /// kind, and the step of each place and kind (`placeCount` rows of
  /// `TEXTCOUNT_STRINGZ_KINDS`). Built once and never freed.
  static func stringzAutomaton(kinds: _TwoLevelTable, steps: [UInt8], placeCount: Int)
    -> UnsafeRawPointer
  {
    let kindCount = Int(TEXTCOUNT_STRINGZ_KINDS)
    precondition(
      steps.count == placeCount * kindCount && placeCount <= 16,
      "_VectorKernels.stringzAutomaton: not a row of kinds for each of at most 16 places")
    let stop = UInt8(TEXTCOUNT_STRINGZ_STOP)
    // The kernel counts a block of ordinary scalars (kinds 0 and 1) at once where each opens a
    // match: so it must in the places one leaves, as in place 0.
    for after in [steps[0] & 0x0F, steps[1] & 0x0F] {
      precondition(
        steps[0] >> 4 == 1 && steps[1] >> 4 == 1
          && steps[Int(after) * kindCount] == steps[0]
          && steps[Int(after) * kindCount + 1] == steps[1],
        "_VectorKernels.stringzAutomaton: an ordinary scalar does not open a match after one")
    }
    // A step after `step` (none: `step`), or a stop where either stops.
    func then(_ step: UInt8, _ kind: Int) -> UInt8 {
      guard step != stop, kind < kindCount else { return step }
      let next = steps[Int(step & 0x0F) * kindCount + kind]
      guard next != stop else { return stop }
      precondition(
        (step >> 4) + (next >> 4) < 15 && Int(next & 0x0F) < placeCount,
        "_VectorKernels.stringzAutomaton: a step past its places or counts")
      return ((step >> 4) + (next >> 4)) << 4 | (next & 0x0F)
    }
    // Three steps in one, each after the one before, or none; the place last.
    var tripleSteps: [UInt8] = []
    for first in 0...kindCount {
      for second in 0...kindCount {
        for third in 0...kindCount {
          for place in 0..<16 {
            tripleSteps.append(
              place < placeCount && first < kindCount
                ? then(then(steps[place * kindCount + first], second), third) : stop)
          }
        }
      }
    }
    let automaton = UnsafeMutablePointer<textcount_stringz_automaton>.allocate(capacity: 1)
    automaton.initialize(
      to: textcount_stringz_automaton(
        kindBlocks: kinds.blockOffsets, kinds: kinds.values, steps: _immortalCopy(steps),
        tripleSteps: _immortalCopy(tripleSteps), placeCount: UInt32(placeCount)))
    return UnsafeRawPointer(automaton)
  }

  /// A stringz automaton's tables, for the ARM replay's export: the kinds' two-level table (as
  /// `_TwoLevelTable` holds it), the steps, the triple steps, and how many places they have.
  static func stringzAutomatonContents(_ automaton: UnsafeRawPointer) -> (
    blocks: UnsafePointer<UInt32>, values: UnsafePointer<UInt8>, steps: [UInt8],
    tripleSteps: [UInt8], placeCount: Int
  ) {
    let automaton = automaton.assumingMemoryBound(to: textcount_stringz_automaton.self).pointee
    let count = Int(automaton.placeCount) * Int(TEXTCOUNT_STRINGZ_KINDS)
    let columns = Int(TEXTCOUNT_STRINGZ_KINDS) + 1
    return (
      automaton.kindBlocks, automaton.kinds,
      Array(UnsafeBufferPointer(start: automaton.steps, count: count)),
      Array(
        UnsafeBufferPointer(
          start: automaton.tripleSteps, count: columns * columns * columns * 16)),
      Int(automaton.placeCount)
    )
  }

  /// The stringz automaton's step that the kernel does not take (`TEXTCOUNT_STRINGZ_STOP`).
  static let stringzStop = UInt8(TEXTCOUNT_STRINGZ_STOP)

  /// How many kinds of scalar the stringz automaton tells apart (`TEXTCOUNT_STRINGZ_KINDS`).
  static let stringzKinds = Int(TEXTCOUNT_STRINGZ_KINDS)

  /// The end of the longest run of ASCII bytes from `start` that the kernel takes (with
  /// `gsmOnly`, bytes of the GSM 7-bit default alphabet's characters of one septet: LF, CR,
  /// 20–5A, 5F, 61–7A), up to the first byte that is not one; it leaves fewer than 64 bytes at
  /// the end to the caller. `start` where it took nothing.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func smsASCIIRun(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, gsmOnly: Bool
  ) -> Int {
    textcount_sms_ascii_run(bytes, start, end, gsmOnly ? 1 : 0)
  }

  /// The scalars of well-formed UTF-8 from `start` (where a scalar starts) in the whole blocks the
  /// kernel takes, up to the first scalar above U+FFFF, where the run ends; without one, after
  /// the last whole block, perhaps inside a scalar (those whose lead is before the end counted).
  /// `(start, 0)` where it took nothing (no kernel, or fewer than 64 bytes).
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func scalarsToSupplementary(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, scalars: Int)
  {
    let run = textcount_count_to_supplementary(bytes, start, end)
    return (run.end, run.scalars)
  }

  /// The words that start (UAX #29) in the longest run from `start` that the word kernel takes
  /// (`textcount_count_word_run`): ASCII; with `letters`, the two-byte letters
  /// `_WordScanner.twoByteLetterLeads` leads; with `windows`, blocks of two- and three-byte scalars
  /// of the classes `_WordWindowPlanes` gives the kernel, and among them the emoji of no word of
  /// its rows (`_WordWindowPlanes.emojiRows`). It ends after its last scalar that is not
  /// an extend, `_`, `.`, `'`, `:`, `,` or `;` (what follows decides about those), and leaves 67
  /// bytes or fewer at the end to the caller. `before` is what the unit before `start` is, where
  /// its segment is a word: 1 ALetter, 2 Numeric; else 0 (not Hebrew_Letter, Katakana, ExtendNumLet
  /// or Single_Quote, with no boundary waiting, the scalar before no ZWJ). `scanned` is how far
  /// it read (the start of the block where it met a byte it does not take): where `end` is before
  /// it, no run from a byte between them ends before it. - Complexity: O(`end - start`).
  @inline(__always)
  static func wordRun(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, before: UInt32, letters: Bool,
    windows: Bool
  ) -> (end: Int, words: Int, scanned: Int) {
    wordRun(
      bytes, from: start, to: end, before: before,
      letterLeads: letters ? twoByteLetterLeads.value : nil,
      windowPlanes: windows ? wordWindowPlanes.value.baseAddress : nil)
  }

  /// `wordRun` with the tables as `wordKernelTables` gives them (nil for none), read once by a
  /// caller that calls it often.
  @inline(__always)
  static func wordRun(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, before: UInt32,
    letterLeads: UnsafePointer<textcount_standalone_map>?, windowPlanes: UnsafePointer<UInt8>?
  ) -> (end: Int, words: Int, scanned: Int) {
    let run = textcount_count_word_run(bytes, start, end, before, letterLeads, windowPlanes)
    return (run.end, run.words, run.scanned)
  }

  /// How many ranges of rows of emoji the word kernel reads from its window planes
  /// (`_WordWindowPlanes.emojiRows`).
  static let wordEmojiRowRanges = Int(TEXTCOUNT_WORD_EMOJI_ROW_RANGES)

  /// The word kernel's tables: the letter leads and the window planes.
  static var wordKernelTables:
    (letterLeads: UnsafePointer<textcount_standalone_map>, windowPlanes: UnsafePointer<UInt8>)
  {
    (twoByteLetterLeads.value, wordWindowPlanes.value.baseAddress!)
  }

  /// `_WordScanner.twoByteLetterLeads` as the word kernel reads them, built once and never freed.
  private static let twoByteLetterLeads = _UncheckedSendable<
    UnsafePointer<textcount_standalone_map>
  >(
    {
      let map = UnsafeMutablePointer<textcount_standalone_map>.allocate(capacity: 1)
      map.initialize(to: leadSet(_WordScanner.twoByteLetterLeads))
      return UnsafePointer(map)
    }())

  /// `_WordWindowPlanes.make()` as the word kernel reads it, built once and never freed.
  private static let wordWindowPlanes = _UncheckedSendable<UnsafeBufferPointer<UInt8>>(
    {
      let planes = _WordWindowPlanes.make()
      let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: planes.count)
      _ = copy.initialize(from: planes)
      return UnsafeBufferPointer(copy)
    }())

  /// The word kernel's window planes and table, for the ARM replay's export.
  static var wordWindowPlaneBytes: [UInt8] { Array(wordWindowPlanes.value) }

  /// The word kernel's letter leads' nibble tables (`leadByLowNibble`, then `leadByHighNibble`),
  /// for the ARM replay's export.
  static var twoByteLetterLeadsNibbles: [UInt8] {
    let map = twoByteLetterLeads.value.pointee
    return withUnsafeBytes(of: map.leadByLowNibble) { Array($0) }
      + withUnsafeBytes(of: map.leadByHighNibble) { Array($0) }
  }

  /// A set of lead bytes (C0–EF; others are never in it) as the kernels tell them by nibbles:
  /// lead byte b is in it where bit (b >> 4) - 0xC of `leadByLowNibble[b & 15]` is set;
  /// `leadByHighNibble` gives each high nibble C, D and E its bit, and no other byte any. Its
  /// bitmap is nil.
  static func leadSet(_ leads: [UInt8]) -> textcount_standalone_map {
    var map = textcount_standalone_map()
    withUnsafeMutableBytes(of: &map.leadByHighNibble) {
      for high in 0xC...0xE { $0[high] = 1 << (high - 0xC) }
    }
    withUnsafeMutableBytes(of: &map.leadByLowNibble) {
      for lead in leads { $0[Int(lead & 0xF)] |= 1 << (lead >> 4 - 0xC) }
    }
    return map
  }

  /// The clusters of the longest run of well-formed standalone scalars from `start` that the
  /// kernel takes; the scalar before `start` must be standalone and not a CR.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func standaloneClusters(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    let run = textcount_count_standalone_clusters(bytes, start, end, standaloneMap)
    return (run.end, run.clusters)
  }

  /// The clusters of the longest well-formed run from `start` that the automaton kernel takes,
  /// from automaton state `state`, and the state after it. It stops before ill-formed bytes,
  /// where the text turns standalone (the cluster kernel's turn), and 67 bytes or fewer before
  /// `end`.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func clustersByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, state: UInt16
  ) -> (end: Int, clusters: Int, state: UInt16) {
    let run = textcount_count_clusters_by_automaton(bytes, start, end, state, automatonMap)
    return (run.end, run.clusters, run.state)
  }

  /// Packs the clusters of the longest run from `start` that the UCS-2 packing kernel takes
  /// (`textcount_pack_ucs2_clusters`: well-formed blocks, the boundary masks' at once, the others
  /// a scalar at a time) whole into `packing`'s parts of 67 UTF-16 code units (a CR LF two
  /// pieces), from automaton state `state` and the cluster open before `start` (`open` units, 0
  /// for none): where the run ends (a boundary: the cluster open there is the caller's, from the
  /// state at the start of text) and the packing of the clusters before it; `start` where it took
  /// nothing. It leaves 67 bytes or fewer before `end`.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func packUCS2Clusters(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, state: UInt16,
    packing: _SMSPacking, open: Int = 0
  ) -> (end: Int, packing: _SMSPacking) {
    let run = textcount_pack_ucs2_clusters(
      bytes, start, end, state,
      textcount_sms_packing(units: packing.units, parts: packing.parts, used: packing.used),
      open, automatonMap)
    let packed = run.packing
    return (run.end, _SMSPacking(units: packed.units, parts: packed.parts, used: packed.used))
  }

  /// The length of the longest run of well-formed standalone scalars from `start`, each a
  /// cluster measured alone by `map` (`lengthsMap`), that the length kernel takes; the scalar
  /// before `start` must be standalone and not a CR. It stops before a scalar `map` has no length
  /// for, before ill-formed bytes, and 67 bytes or fewer before `end`.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func standaloneLengths(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, map: UnsafeRawPointer
  ) -> (end: Int, length: Int) {
    let run = textcount_sum_standalone_lengths(
      bytes, start, end, map.assumingMemoryBound(to: textcount_cluster_lengths.self))
    return (run.end, Int(bitPattern: UInt(run.length)))
  }

  /// Measures the clusters of the longest well-formed run from `start` that the automaton's
  /// length kernel takes, from automaton state `state` and the open cluster's `tally` (which
  /// starts at `clusterStart`, where it is not empty: its scalars are the bytes from there), by
  /// `rule` (`clusterRule`): the length of the clusters it closed, where the cluster still open
  /// starts (nil if before `start`), and the state after it. It stops before ill-formed bytes,
  /// before a scalar that makes its cluster one NFC may change, where the text turns standalone
  /// (the length kernel's turn), and 67 bytes or fewer before `end`. NFC must not change `tally`
  /// (`changesUnderNFC`).
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func lengthsByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, state: UInt16,
    tally: inout _ClusterLengthTally, clusterStart: Int, rule: UnsafeRawPointer
  ) -> (end: Int, length: Int, clusterStart: Int?, state: UInt16) {
    let open = textcount_cluster_tally(
      value: Int64(tally.value), regionalIndicators: Int64(tally.regionalIndicators),
      flags: tally.flags, first: tally.first, isEmpty: tally.isEmpty ? 1 : 0)
    let run = textcount_sum_lengths_by_automaton(
      bytes, start, end, state, open, clusterStart, automatonMap,
      rule.assumingMemoryBound(to: textcount_cluster_rule.self))
    tally = _ClusterLengthTally(
      value: Int(run.tally.value), regionalIndicators: Int(run.tally.regionalIndicators),
      flags: run.tally.flags, first: run.tally.first, isEmpty: run.tally.isEmpty != 0)
    let clusterStart = run.clusterStart == Int(bitPattern: UInt.max) ? nil : run.clusterStart
    return (run.end, Int(bitPattern: UInt(run.length)), clusterStart, run.state)
  }

  /// The automaton length kernel's rule for a unit: each scalar's class and bits
  /// (`_ClusterLengthTable.info`) as a palette index (`classesAndBits`) and the palette (class
  /// in the low byte, bits in the high one; at most 256 entries), the weights by index (at most
  /// eight), their scale, the weight of an emoji cluster (-1 for none), the emoji sequences
  /// (`_EmojiSequences.kernelSequences`) for weights that weigh them, whether it is display
  /// width, and the length kernel's table (`lengthsMap`) where ASCII falls into two values, for
  /// ASCII runs. Built once per unit and never freed or written again.
  static func clusterRule(
    classesAndBits: _TwoLevelTable, palette: [UInt16], weights: [Int], scale: Int,
    emojiClusterWeight: Int, emojiSequences: UnsafeRawPointer?, isWidth: Bool,
    ascii: UnsafeRawPointer?,
    windowWidths: (planes: [UInt8], fit: [UInt8])?, windowWeights: (planes: [UInt8], fit: [UInt8])?
  ) -> UnsafeRawPointer {
    let rule = UnsafeMutablePointer<textcount_cluster_rule>.allocate(capacity: 1)
    rule.initialize(to: textcount_cluster_rule())
    rule.pointee.blocks = classesAndBits.blockOffsets
    rule.pointee.values = classesAndBits.values
    rule.pointee.bmpValues = classesAndBits.flatBMP()
    withUnsafeMutableBytes(of: &rule.pointee.palette) {
      let entries = $0.bindMemory(to: UInt16.self)
      for (index, entry) in palette.prefix(entries.count).enumerated() { entries[index] = entry }
    }
    withUnsafeMutableBytes(of: &rule.pointee.weights) {
      let slots = $0.bindMemory(to: Int64.self)
      for (index, weight) in weights.prefix(slots.count).enumerated() {
        slots[index] = Int64(weight)
      }
    }
    rule.pointee.scale = Int64(scale)
    rule.pointee.emojiClusterWeight = Int64(emojiClusterWeight)
    rule.pointee.emojiSequences = emojiSequences?.assumingMemoryBound(
      to: textcount_emoji_sequences.self)
    rule.pointee.isWidth = isWidth ? 1 : 0
    rule.pointee.ascii = ascii?.assumingMemoryBound(to: textcount_cluster_lengths.self)
    if let windowWidths {
      rule.pointee.windowWidths = _immortalCopy(windowWidths.planes)
      rule.pointee.windowWidthsFit = _immortalCopy(windowWidths.fit)
    }
    if let windowWeights {
      rule.pointee.windowWeights = _immortalCopy(windowWeights.planes)
      rule.pointee.windowWeightsFit = _immortalCopy(windowWeights.fit)
    }
    return UnsafeRawPointer(rule)
  }

  /// The emoji sequences as the automaton length kernel looks a cluster up in them
  /// (`textcount_emoji_sequences`): each prefix's hash, last scalar and delta (nil where no
  /// sequence ends there) in its slot (a hash of 0 for an empty one; a power of two of them), and
  /// the empty prefix's hash; and each sequence's bytes and delta, placed whole where the kernels'
  /// hash says (those longer than the wholes' words take, none so far, only as prefixes). Built
  /// once per rule and never freed.
  static func emojiSequences(
    slots: [(hash: UInt64, scalar: UInt32, delta: Int32?)], seed: UInt64,
    wholes: [(bytes: [UInt8], delta: Int32)]
  ) -> UnsafeRawPointer {
    precondition(slots.count.nonzeroBitCount == 1 && slots.count <= 1 << 24)
    let prefixes = slots.map {
      textcount_emoji_prefix(hash: $0.hash, scalar: $0.scalar, delta: $0.delta ?? Int32.min)
    }
    // The wholes in order, each slot's entry where the kernels' hash places it.
    let wordCount = Int(TEXTCOUNT_EMOJI_WHOLE_WORDS)
    let placed = wholes.filter { $0.bytes.count <= 8 * wordCount }
    precondition(placed.count < 1 << 13, "_EmojiSequences: more wholes than a slot can index")
    var size = 1
    while size < 4 * placed.count { size <<= 1 }
    var wholeSlots = [UInt16](repeating: 0, count: size)
    let entries = placed.enumerated().map { index, whole in
      let hash = whole.bytes.withUnsafeBufferPointer {
        textcount_emoji_whole_hash($0.baseAddress, $0.count)
      }
      var slot = Int(truncatingIfNeeded: hash >> 40) & (size - 1)
      while wholeSlots[slot] != 0 { slot = (slot + 1) & (size - 1) }
      wholeSlots[slot] = UInt16(truncatingIfNeeded: hash >> 61) << 13 | UInt16(index + 1)
      var entry = textcount_emoji_whole()
      entry.length = UInt32(whole.bytes.count)
      entry.delta = whole.delta
      let padded = whole.bytes + [UInt8](repeating: 0, count: 8 * wordCount - whole.bytes.count)
      withUnsafeMutableBytes(of: &entry.words) { words in
        padded.withUnsafeBytes { words.copyMemory(from: $0) }
      }
      return entry
    }
    let sequences = UnsafeMutablePointer<textcount_emoji_sequences>.allocate(capacity: 1)
    sequences.initialize(
      to: textcount_emoji_sequences(
        prefixes: _immortalCopy(prefixes), mask: UInt64(slots.count - 1), seed: seed,
        wholeSlots: _immortalCopy(wholeSlots), wholes: _immortalCopy(entries),
        wholeMask: UInt64(size - 1)))
    return UnsafeRawPointer(sequences)
  }

  /// The emoji sequences of a `clusterRule`, for the ARM replay's export: each slot's hash,
  /// scalar and delta (`Int32.min` where no sequence ends), the empty prefix's hash, the
  /// wholes' slots, and the wholes; nil where it has none.
  static func emojiSequencesContents(_ rule: UnsafeRawPointer) -> (
    slots: [(hash: UInt64, scalar: UInt32, delta: Int32)], seed: UInt64,
    wholeSlots: [UInt16], wholes: [(words: [UInt64], length: UInt32, delta: Int32)]
  )? {
    let rule = rule.assumingMemoryBound(to: textcount_cluster_rule.self).pointee
    guard let sequences = rule.emojiSequences?.pointee else { return nil }
    let slots = UnsafeBufferPointer(start: sequences.prefixes, count: Int(sequences.mask) + 1)
    let wholeSlots = Array(
      UnsafeBufferPointer(start: sequences.wholeSlots, count: Int(sequences.wholeMask) + 1))
    let wholeCount = Int(wholeSlots.map { $0 & 0x1FFF }.max() ?? 0)
    return (
      slots.map { ($0.hash, $0.scalar, $0.delta) }, sequences.seed, wholeSlots,
      UnsafeBufferPointer(start: sequences.wholes, count: wholeCount).map { whole in
        let words = withUnsafeBytes(of: whole.words) { Array($0.bindMemory(to: UInt64.self)) }
        return (words, whole.length, whole.delta)
      }
    )
  }

  /// A `clusterRule`'s planes for the boundary masks (display width's `windowWidths`, 48 bytes
  /// a window, or the weighted units' `windowWeights`, 128, and which of the 512 windows fit
  /// them), or nil where it has none.
  static func windowLengths(_ rule: UnsafeRawPointer) -> (
    planes: UnsafeBufferPointer<UInt8>, fit: UnsafeBufferPointer<UInt8>
  )? {
    let rule = rule.assumingMemoryBound(to: textcount_cluster_rule.self).pointee
    if let planes = rule.windowWidths, let fit = rule.windowWidthsFit {
      return (
        UnsafeBufferPointer(start: planes, count: 512 * 48),
        UnsafeBufferPointer(start: fit, count: 512)
      )
    }
    if let planes = rule.windowWeights, let fit = rule.windowWeightsFit {
      return (
        UnsafeBufferPointer(start: planes, count: 512 * 128),
        UnsafeBufferPointer(start: fit, count: 512)
      )
    }
    return nil
  }

  /// The contents of a `clusterRule`, for the ARM replay's export: the two-level table of palette
  /// indices and its flat table of U+0000–U+FFFF, the palette's 256 entries, the eight weights,
  /// the scale, the emoji cluster weight and whether it is display width.
  static func clusterRuleContents(_ rule: UnsafeRawPointer) -> (
    blocks: UnsafePointer<UInt32>, values: UnsafePointer<UInt8>, bmpValues: UnsafePointer<UInt8>,
    palette: [UInt16], weights: [Int64], scale: Int64, emojiClusterWeight: Int64, isWidth: Bool
  ) {
    let rule = rule.assumingMemoryBound(to: textcount_cluster_rule.self).pointee
    let palette = withUnsafeBytes(of: rule.palette) { Array($0.bindMemory(to: UInt16.self)) }
    let weights = withUnsafeBytes(of: rule.weights) { Array($0.bindMemory(to: Int64.self)) }
    return (
      rule.blocks, rule.values, rule.bmpValues, palette, weights, rule.scale,
      rule.emojiClusterWeight, rule.isWidth != 0
    )
  }

  /// The length kernel's table for a unit: each scalar's length alone (`alone`, 255 for none),
  /// and ASCII in two values, which the kernel tells apart by nibbles. Built once per unit and
  /// never freed or written again.
  static func lengthsMap(
    alone: _TwoLevelTable, control: UInt8, printable: UInt8, crlfShortening: UInt8,
    uniformLeads: [(value: UInt8, leads: [UInt8])], kanaValue: UInt8
  ) -> UnsafeRawPointer {
    let map = UnsafeMutablePointer<textcount_cluster_lengths>.allocate(capacity: 1)
    map.initialize(to: textcount_cluster_lengths())
    map.pointee.blocks = alone.blockOffsets
    map.pointee.values = alone.values
    map.pointee.control = control
    map.pointee.printable = printable
    map.pointee.crlfShortening = crlfShortening
    // A byte is a control where both nibbles' bits meet: high nibble 0 or 1 with any low one
    // (bit 0), high nibble 7 with low nibble F (bit 1): U+0000–U+001F and U+007F.
    withUnsafeMutableBytes(of: &map.pointee.asciiControls.leadByLowNibble) {
      for low in 0..<16 { $0[low] = low == 0xF ? 3 : 1 }
    }
    withUnsafeMutableBytes(of: &map.pointee.asciiControls.leadByHighNibble) {
      for high in 0..<16 { $0[high] = high <= 1 ? 1 : high == 7 ? 2 : 0 }
    }
    let uniform = uniformLeads + [(value: 0, leads: []), (value: 0, leads: [])]
    map.pointee.uniformLeads = (leadSet(uniform[0].leads), leadSet(uniform[1].leads))
    map.pointee.uniformValues = (uniform[0].value, uniform[1].value)
    map.pointee.kanaValue = kanaValue
    return UnsafeRawPointer(map)
  }

  /// The contents of a `lengthsMap`, for the ARM replay's export: the two-level table, the three
  /// nibble maps' 32 bytes each (ASCII controls, the two uniform-lead maps), and the six values
  /// (control, printable, CR LF shortening, the two uniform values, the kana value).
  static func lengthsMapContents(_ map: UnsafeRawPointer) -> (
    blocks: UnsafePointer<UInt32>, values: UnsafePointer<UInt8>, nibbles: [UInt8], bytes: [UInt8]
  ) {
    let lengths = map.assumingMemoryBound(to: textcount_cluster_lengths.self).pointee
    var nibbles: [UInt8] = []
    for nibbleMap in [lengths.asciiControls, lengths.uniformLeads.0, lengths.uniformLeads.1] {
      withUnsafeBytes(of: nibbleMap.leadByLowNibble) { nibbles += $0 }
      withUnsafeBytes(of: nibbleMap.leadByHighNibble) { nibbles += $0 }
    }
    let bytes = [
      lengths.control, lengths.printable, lengths.crlfShortening, lengths.uniformValues.0,
      lengths.uniformValues.1, lengths.kanaValue,
    ]
    return (lengths.blocks, lengths.values, nibbles, bytes)
  }

  /// The utf8proc backend's class table and automaton in the kernel's layout (the tables
  /// themselves, not copies), built once and never written again.
  private static var automatonMap: UnsafePointer<textcount_cluster_automaton> {
    sharedAutomatonMap.value
  }
  private static let sharedAutomatonMap = _UncheckedSendable<
    UnsafePointer<textcount_cluster_automaton>
  >(
    {
      let map = UnsafeMutablePointer<textcount_cluster_automaton>.allocate(capacity: 1)
      let table = _GraphemeClassTable.generated.table
      let automaton = _GraphemeBreakAutomaton.shared
      let pairs = _GraphemeBreakPairSteps.shared!  // isAvailable is false without them
      let standaloneEnds = UnsafeRawPointer(automaton.standaloneEnds)
      let masks = boundaryMasks.value
      map.initialize(
        to: textcount_cluster_automaton(
          classBlocks: table.blockOffsets, classes: table.values,
          nextStates: automaton.nextStates, breaks: automaton.breaks,
          standaloneEnds: standaloneEnds.assumingMemoryBound(to: UInt8.self),
          pairSteps: pairs.steps, pairColumns: pairs.columnValues,
          bmpPairColumns: pairs.bmpColumnValues,
          pairClassCount: UInt32(pairs.classCount), pairRowWidth: UInt32(pairs.rowWidth),
          windowPlanes: masks?.windowPlanes, windowFlags: masks?.windowFlags,
          stateCarries: masks?.stateCarries, stateAfterClass: masks?.stateAfterClass))
      return UnsafePointer(map)
    }())

  /// The automaton kernel's boundary masks (see `textcount_cluster_automaton.windowPlanes`):
  /// each window's planes and flags, each state's carries and the states after a class, built
  /// from the class table and the automaton; nil (every block through the automaton) where an
  /// ASCII scalar's class is not the masks' (Other with no flag, but the controls
  /// U+0000–U+001F and U+007F, CR and LF among them), or where
  /// `TEXTCOUNT_DISABLE_BOUNDARY_MASKS` is set (to measure or test the automaton alone).
  static let boundaryMasks = _UncheckedSendable<
    (
      windowPlanes: UnsafePointer<UInt8>, windowFlags: UnsafePointer<UInt8>,
      stateCarries: UnsafePointer<UInt8>, stateAfterClass: UnsafePointer<UInt16>
    )?
  >(
    {
      let classes = _GraphemeClassTable.generated
      let asciiIsPlain = (0..<UInt32(0x80)).allSatisfy { codePoint in
        let expected =
          switch codePoint {
          case 0x0D: _GraphemeClass.carriageReturn
          case 0x0A: _GraphemeClass.lineFeed
          case 0..<0x20, 0x7F: _GraphemeClass.control
          default: _GraphemeClass.other
          }
        return classes.graphemeClass(of: codePoint).rawValue == expected
      }
      guard asciiIsPlain, !_Platform.environmentHas("TEXTCOUNT_DISABLE_BOUNDARY_MASKS") else {
        return nil
      }
      // Per window of 128 code points below U+10000: 8 planes of 16 bytes, one bit a scalar.
      var planes = [UInt8](repeating: 0, count: 512 * 128)
      var windowFlags = [UInt8](repeating: 0, count: 512)
      let flagsOfClass = (0..<UInt8(128)).map { maskFlags(of: _GraphemeClass(rawValue: $0)) }
      for codePoint in 0..<0x1_0000 {
        let flags = flagsOfClass[Int(classes.graphemeClass(of: UInt32(codePoint)).rawValue & 0x7F)]
        windowFlags[codePoint >> 7] |= flags
        for plane in 0..<8 where flags & 1 << plane != 0 {
          planes[(codePoint >> 7) * 128 + plane * 16 + (codePoint & 0x7F) >> 3] |=
            1 << (codePoint & 7)
        }
      }
      // The surrogates' windows (U+D800–U+DFFF) are no scalars' UTF-8.
      for window in 0xD800 >> 7...0xDFFF >> 7 {
        windowFlags[window] = UInt8(TEXTCOUNT_WINDOW_NOT_MASKED)
      }
      let automaton = _GraphemeBreakAutomaton.shared
      let carries = automaton.states.map(maskCarries(of:))
      var after = [UInt16](repeating: 0xFFFF, count: 128 * 4)
      var numbers: [_GraphemeBreakState: Int] = [:]
      for (number, state) in automaton.states.enumerated() { numbers[state] = number }
      for raw in 0..<UInt8(128) {
        for indic in [false, true] {
          for linker in [false, true] {
            let state = _GraphemeBreakState(
              after: _GraphemeClass(rawValue: raw), inIndicSequence: indic, seenLinker: linker)
            guard let number = numbers[state] else { continue }
            let index =
              Int(raw) * 4 + (indic ? Int(TEXTCOUNT_MASK_STATE_INDIC) : 0)
              + (linker ? Int(TEXTCOUNT_MASK_STATE_LINKER) : 0)
            after[index] = UInt16(number)
          }
        }
      }
      return (
        _immortalCopy(planes), _immortalCopy(windowFlags), _immortalCopy(carries),
        _immortalCopy(after)
      )
    }())

  /// What the boundary masks know of a class (`textcount_class_flags`), as `_GraphemeBreakState`
  /// decides with it: a class whose rules they do not model, or whose flags do not go together
  /// as in Unicode's data (a consonant that is not Other, a ZWJ outside GB9c's Extend), is
  /// left to the automaton.
  static func maskFlags(of graphemeClass: _GraphemeClass) -> UInt8 {
    let category = graphemeClass.category
    let automatonOnly = UInt8(TEXTCOUNT_CLASS_AUTOMATON_ONLY)
    switch category {
    case _GraphemeClass.prepend, _GraphemeClass.hangulL, _GraphemeClass.hangulV,
      _GraphemeClass.hangulT, _GraphemeClass.hangulLV, _GraphemeClass.hangulLVT,
      _GraphemeClass.regionalIndicator, _GraphemeClass.extendedPictographic,
      // CR and LF only as ASCII, where the masks read the bytes.
      _GraphemeClass.carriageReturn, _GraphemeClass.lineFeed:
      return automatonOnly
    default: break
    }
    if graphemeClass.isLinkingConsonant && category != _GraphemeClass.other { return automatonOnly }
    let isExtendOrJoiner =
      category == _GraphemeClass.extend || category == _GraphemeClass.zeroWidthJoiner
    // As `_GraphemeBreakState` enters a GB9c sequence: a linker, or an Indic Extend.
    let continuesIndic = isExtendOrJoiner && graphemeClass.isLinkerOrIndicExtend
    var flags: UInt8 = 0
    if category == _GraphemeClass.control { flags |= UInt8(TEXTCOUNT_CLASS_CONTROL) }
    if isExtendOrJoiner || category == _GraphemeClass.spacingMark {
      flags |= UInt8(TEXTCOUNT_CLASS_JOINS)
    }
    if continuesIndic {
      flags |= UInt8(TEXTCOUNT_CLASS_INDIC_EXTEND)
      if graphemeClass.isVirama { flags |= UInt8(TEXTCOUNT_CLASS_CONSONANT_OR_LINKER) }
    } else if graphemeClass.isLinkingConsonant {
      flags |= UInt8(TEXTCOUNT_CLASS_CONSONANT_OR_LINKER)
    }
    return flags
  }

  /// What the boundary masks carry into a block from `state` (`textcount_mask_carries`).
  static func maskCarries(of state: _GraphemeBreakState) -> UInt8 {
    let last = state.previousClass
    switch last.category {
    case _GraphemeClass.prepend, _GraphemeClass.extendedPictographic:
      return UInt8(TEXTCOUNT_CARRY_AUTOMATON_ONLY)
    default: break
    }
    if state.hasEmojiOrRegionalIndicatorSequence { return UInt8(TEXTCOUNT_CARRY_AUTOMATON_ONLY) }
    var carries: UInt8 = 0
    switch last.category {
    case _GraphemeClass.control, _GraphemeClass.lineFeed:
      carries |= UInt8(TEXTCOUNT_CARRY_CONTROL)
    case _GraphemeClass.carriageReturn:
      carries |= UInt8(TEXTCOUNT_CARRY_CONTROL | TEXTCOUNT_CARRY_CR)
    default: break
    }
    if last.isLinkingConsonant { carries |= UInt8(TEXTCOUNT_CARRY_CONSONANT) }
    if state.continuesIndicSequence { carries |= UInt8(TEXTCOUNT_CARRY_INDIC) }
    if state.hasSeenLinker { carries |= UInt8(TEXTCOUNT_CARRY_LINKER) }
    return carries
  }

  /// `_StandaloneScalars.generated` in the kernel's layout, built once and never freed or written
  /// again (which is what makes sharing it across threads safe).
  private static var standaloneMap: UnsafePointer<textcount_standalone_map> {
    sharedStandaloneMap.value
  }
  private static let sharedStandaloneMap = _UncheckedSendable<
    UnsafePointer<textcount_standalone_map>
  >(
    {
      let scalars = _StandaloneScalars.generated
      let map = UnsafeMutablePointer<textcount_standalone_map>.allocate(capacity: 1)
      map.initialize(to: textcount_standalone_map())
      map.pointee.bitmap = _immortalCopy(scalars.bitmap)
      withUnsafeMutableBytes(of: &map.pointee.leadByLowNibble) {
        $0.copyBytes(from: scalars.leadByLowNibble)
      }
      withUnsafeMutableBytes(of: &map.pointee.leadByHighNibble) {
        $0.copyBytes(from: scalars.leadByHighNibble)
      }
      return UnsafePointer(map)
    }())
}
