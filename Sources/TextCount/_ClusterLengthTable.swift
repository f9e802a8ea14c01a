/// Per-scalar tables that measure grapheme clusters in `.displayWidth` and `.weighted` with a
/// tally of a few integers, rather than the general `_ClusterMeter`, and the length kernel's view
/// of them: the fast path of the cluster-level units.
///
/// The rules are `_ClusterTally`'s, with each scalar's part of them looked up once per process
/// (`ClusterLengthTests` compares the two on every scalar and on random text). A weighted cluster
/// that NFC may change is measured by the meter, which normalizes it: one with a scalar NFC
/// changes alone (NFC_Quick_Check No), or a scalar NFC may compose with one before it
/// (NFC_Quick_Check Maybe) after a scalar that comes first in a composition pair
/// (`_ScalarTables.nfcMayChange`, `nfcComposesFirst`). Any other is in NFC already but for the
/// order of its marks, which neither a sum nor a maximum sees: Hindi's nukta after क (क़ is
/// excluded from composition) takes the fast path, after न (ऩ is not) the meter.
struct _ClusterLengthTable: @unchecked Sendable {
  /// Per scalar, the bits below: what it adds to a cluster's tally.
  let info: _TwoLevelTable
  /// Per scalar, its length as a cluster of its own, or 255 where it is not standalone (it may
  /// join a neighbour) or NFC may change it: what the length kernel adds up.
  private(set) var alone: _TwoLevelTable
  /// Display width (the largest value in a cluster counts) or weights (the values add up).
  let isWidth: Bool
  /// The weights, by the index `info` holds (weighted units).
  private let weights: UnsafePointer<Int>
  /// Scale and weights divided by their greatest common divisor: twitter-text's 100 and 200 of
  /// scale 100 become 1 and 2 of scale 1, with no division per cluster.
  private let scale: Int
  /// The weight of an emoji cluster, or -1 to sum its scalars' weights.
  private let emojiClusterWeight: Int
  /// Whether a weighted cluster is put in NFC first, so that one NFC may change goes to the meter.
  let normalizesToNFC: Bool
  /// Whether the meter may need a cluster's scalars (the weights normalize to NFC or weigh
  /// emoji sequences): the scanner then keeps the open cluster's scalars across chunks.
  let keepsClusterScalars: Bool
  /// The weight of an emoji sequence, divided as the weights are (weighted units that weigh
  /// emoji), or nil.
  private let emojiWeight: Int?
  /// The length kernel's table (`_VectorKernels.lengthsMap`), or nil where ASCII does not fall
  /// into two values (controls, everything else).
  private(set) var kernelMap: UnsafeRawPointer?
  /// The automaton length kernel's rule (`_VectorKernels.clusterRule`): this table's `info` and
  /// the rules of `_ClusterLengthTally.fold` and `length(of:)`, for the C loop.
  private(set) var kernelRule: UnsafeRawPointer?

  /// Bits 0–2: the width (0, 1 or 2), or the index of the weight.
  static let valueMask: UInt8 = 7
  /// A control or format character (Cc, Cf, Zl, Zp): a cluster it starts may be 0 wide
  /// (width); a scalar that may come first in a pair NFC composes, or that NFC changes alone
  /// (weights that normalize: `composesBit`).
  static let controlBit: UInt8 = 8
  static let composesBit: UInt8 = 8
  /// U+FE0F (width).
  static let emojiBit: UInt8 = 16
  static let regionalIndicatorBit: UInt8 = 32
  /// A scalar that makes its cluster one to look up in the emoji sequences (weights that weigh
  /// emoji): a selector, keycap, joiner, skin tone, tag or regional indicator (no sequence of
  /// more than one scalar lacks them all), or an emoji alone of another weight than a
  /// sequence's. Set on no scalar otherwise.
  static let emojiSequenceBit: UInt8 = 64
  /// NFC may change a cluster holding it after a scalar of `composesBit`, or alone (weights that
  /// normalize): a cluster with both bits goes to the meter.
  static let mayChangeBit: UInt8 = 128

  /// The tables for `unit` on a segmenter of `Segmenter`'s classes and scalar properties; nil
  /// for units not measured per cluster, and for weight tables of more than eight distinct
  /// weights or of negative ones.
  /// - Complexity: O(number of code points), once per unit and process (a few milliseconds).
  init?<Segmenter: _GraphemeSegmenter>(unit: TextUnit, segmenter _: Segmenter.Type) {
    let codePoints = 0x11_0000
    var info = [UInt8](repeating: 0, count: codePoints)
    let properties = Segmenter.scalarProperties
    var weightList: [Int] = []
    var normalizes = false
    switch unit {
    case .displayWidth:
      for codePoint in 0..<UInt32(codePoints) {
        var bits: UInt8
        if codePoint < 0x80 {
          // As `_ClusterTally`: ASCII controls (Cc) are 0 wide, every other ASCII scalar 1.
          let isControl = codePoint < 0x20 || codePoint == 0x7F
          bits = isControl ? Self.controlBit : 1
        } else {
          bits = UInt8(properties.width(of: codePoint))
          // Whether a cluster starts with a control matters only where its first scalar is 0
          // wide: asked there alone (the property look-up is slow).
          if bits == 0, let scalar = Unicode.Scalar(codePoint) {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: bits |= Self.controlBit
            default: break
            }
          }
        }
        if codePoint == 0xFE0F { bits |= Self.emojiBit }
        info[Int(codePoint)] = bits
      }
      scale = 1
      emojiClusterWeight = -1
      keepsClusterScalars = false
      emojiWeight = nil
    case .weighted(let table):
      weightList = [table.defaultWeight]
      for range in table.ranges where !weightList.contains(range.weight) {
        weightList.append(range.weight)
      }
      guard weightList.count <= Int(Self.valueMask) + 1 else { return nil }
      for range in table.ranges where range.first < codePoints {
        let index = UInt8(weightList.firstIndex(of: range.weight)!)
        for codePoint in Int(range.first)...min(Int(range.last), codePoints - 1) {
          info[codePoint] = index
        }
      }
      normalizes = table.normalizesToNFC
      if normalizes {
        for range in _ScalarTables.nfcMayChange {
          for codePoint in range.first...range.last { info[Int(codePoint)] |= Self.mayChangeBit }
        }
        for range in _ScalarTables.nfcComposesFirst {
          for codePoint in range.first...range.last { info[Int(codePoint)] |= Self.composesBit }
        }
      }
      if let emojiWeight = table.emojiClusterWeight {
        // A cluster that starts with an emoji sequence weighs the emoji weight for it and its
        // other scalars by code point (`_ClusterTally.length(in:scalars:)`). A cluster with no
        // scalar of the kind below starts with one only where its first scalar is an emoji
        // alone, so that the sum of the weights is its length where that scalar weighs the
        // emoji weight; every other cluster is looked up in the sequences (`emojiLength(of:)`,
        // the kernel's `emojiSequences`): any with a selector, keycap, joiner, skin tone, tag or
        // regional indicator, or an emoji alone of another weight.
        let joining: [ClosedRange<Int>] = [
          0xFE0F...0xFE0F, 0x20E3...0x20E3, 0x200D...0x200D, 0x1F3FB...0x1F3FF,
          0xE0020...0xE007F, 0x1F1E6...0x1F1FF,
        ]
        for range in joining {
          for codePoint in range { info[codePoint] |= Self.emojiSequenceBit }
        }
        for range in _EmojiSequences.singles {
          for codePoint in range where table.weight(of: codePoint) != emojiWeight {
            info[Int(codePoint)] |= Self.emojiSequenceBit
          }
        }
      }
      keepsClusterScalars = normalizes || table.emojiClusterWeight != nil
      guard weightList.allSatisfy({ $0 >= 0 }), (table.emojiClusterWeight ?? 0) >= 0 else {
        return nil
      }
      func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
      let divisor = (weightList + [table.emojiClusterWeight ?? 0]).reduce(table.scale, gcd)
      weightList = weightList.map { $0 / divisor }
      scale = table.scale / divisor
      // Emoji sequences are the meter's (above): what the tally sums is the length.
      emojiClusterWeight = -1
      emojiWeight = table.emojiClusterWeight.map { $0 / divisor }
    default:
      return nil
    }
    for codePoint in 0x1F1E6...0x1F1FF { info[codePoint] |= Self.regionalIndicatorBit }
    isWidth = unit == .displayWidth
    weights = _immortalCopy(weightList + [Int](repeating: 0, count: 8 - weightList.count))
    normalizesToNFC = normalizes
    self.info = _TwoLevelTable(values: info)
    alone = self.info  // until it is built, below
    kernelMap = nil
    // Each scalar alone, where it is standalone. A scalar's length alone follows from its bits
    // in `info`: worked out once for each of their 256 values, not for each code point.
    let table = self
    let lengthOfBits = (0...255).map { bits -> UInt8 in
      var tally = _ClusterLengthTally()
      tally.add(UInt8(bits), in: table)
      guard let length = tally.length(in: table), (0..<255).contains(length) else { return 255 }
      return UInt8(length)
    }
    let classes = _GraphemeClassTable.generated
    var alone = [UInt8](repeating: 255, count: codePoints)
    for codePoint in 0..<UInt32(codePoints)
    where classes.graphemeClass(of: codePoint).isStandalone {
      alone[Int(codePoint)] = lengthOfBits[Int(info[Int(codePoint)])]
    }
    self.alone = _TwoLevelTable(values: alone)
    kernelMap = Self.kernelMap(alone: self.alone, values: alone, info: info, in: self)
    kernelRule = Self.kernelRule(
      info: info, classes: classes, weights: weightList, in: self, ascii: kernelMap)
  }

  /// The kernel's table, where every ASCII control is as long alone as the others, every other
  /// ASCII scalar too, and CR LF no longer than CR and LF apart.
  private static func kernelMap(
    alone: _TwoLevelTable, values: [UInt8], info: [UInt8], in table: _ClusterLengthTable
  ) -> UnsafeRawPointer? {
    let control = values[0]
    let printable = values[0x20]
    let isControl = { (byte: Int) in byte < 0x20 || byte == 0x7F }
    guard control != 255, printable != 255,
      (0..<0x80).allSatisfy({ values[$0] == (isControl($0) ? control : printable) })
    else { return nil }
    var crlf = _ClusterLengthTally()
    crlf.add(info[0x0D], in: table)
    crlf.add(info[0x0A], in: table)
    guard let together = crlf.length(in: table) else { return nil }
    let shortening = 2 * Int(control) - together
    guard (0..<256).contains(shortening) else { return nil }
    return _VectorKernels.lengthsMap(
      alone: alone, control: control, printable: printable, crlfShortening: UInt8(shortening),
      uniformLeads: uniformLeads(values), kanaValue: kanaValue(values))
  }

  /// The automaton length kernel's rule, where each scalar's class and bits fit a palette of 256
  /// (one look-up in the kernel gives both); else nil, and the scalar loop takes joiner-dense
  /// text.
  private static func kernelRule(
    info: [UInt8], classes: _GraphemeClassTable, weights: [Int], in table: _ClusterLengthTable,
    ascii: UnsafeRawPointer?
  ) -> UnsafeRawPointer? {
    var paletteIndex = [Int16](repeating: -1, count: 1 << 16)
    var palette: [UInt16] = []
    // Block by block: where the class table and `info` share a pair of blocks, the palette
    // indices repeat too (a few hundred distinct pairs in 4,352 blocks).
    var offsets: [UInt32] = []
    var indices: [UInt8] = []
    var known: [UInt64: UInt32] = [:]
    let classBlocks = classes.table.blockOffsets
    let infoBlocks = table.info.blockOffsets
    for block in 0..<info.count >> 8 {
      let pair = UInt64(classBlocks[block]) << 32 | UInt64(infoBlocks[block])
      if let offset = known[pair] {
        offsets.append(offset)
        continue
      }
      let offset = UInt32(indices.count)
      for codePoint in block << 8..<(block + 1) << 8 {
        let graphemeClass = classes.graphemeClass(of: UInt32(codePoint)).rawValue
        let bits = table.isWidth ? kernelWidthBits(info[codePoint]) : info[codePoint]
        let both = Int(graphemeClass) | Int(bits) << 8
        if paletteIndex[both] < 0 {
          guard palette.count < 256 else { return nil }
          paletteIndex[both] = Int16(palette.count)
          palette.append(UInt16(both))
        }
        indices.append(UInt8(paletteIndex[both]))
      }
      known[pair] = offset
      offsets.append(offset)
    }
    return _VectorKernels.clusterRule(
      classesAndBits: _TwoLevelTable(blockOffsets: offsets, values: indices), palette: palette,
      weights: weights, scale: table.scale, emojiClusterWeight: table.emojiClusterWeight,
      emojiSequences: table.emojiWeight.map { weight in
        _EmojiSequences.kernelSequences(weight: weight) {
          table.weight(at: info[Int($0)] & valueMask)
        }
      },
      isWidth: table.isWidth, ascii: ascii,
      windowWidths: table.isWidth ? windowWidths(info: info, classes: classes, ascii: ascii) : nil,
      windowWeights: table.isWidth
        ? nil : windowWeights(info: info, weights: weights, scale: table.scale, ascii: ascii))
  }

  /// The weighted units' planes for the boundary masks (`textcount_cluster_rule.windowWeights`):
  /// per window of 128 code points below U+10000, 128 bytes (bit 0 and bit 1 of the units each
  /// scalar weighs, the three bits of its weight's index, its bit 3, whether NFC may change a
  /// cluster with it) and whether every scalar fits them: weighs 0 to 3 whole units (its weight
  /// a multiple of the scale) and is no emoji, regional indicator or keycap. Nil where an ASCII
  /// scalar weighs other than the length kernel's table (`ascii`) says, in units, or NFC may
  /// change one.
  private static func windowWeights(
    info: [UInt8], weights: [Int], scale: Int, ascii: UnsafeRawPointer?
  ) -> (planes: [UInt8], fit: [UInt8])? {
    guard let ascii, scale >= 1 else { return nil }
    let values = _VectorKernels.lengthsMapContents(ascii).bytes  // control, printable first
    let units = { (codePoint: Int) -> Int? in
      let weight = weights[Int(info[codePoint] & valueMask)]
      return weight % scale == 0 ? weight / scale : nil
    }
    let asciiFits = (0..<0x80).allSatisfy { byte in
      units(byte) == Int(byte < 0x20 || byte == 0x7F ? values[0] : values[1])
        && info[byte] & (emojiBit | regionalIndicatorBit | emojiSequenceBit | mayChangeBit) == 0
    }
    guard asciiFits else { return nil }
    var planes = [UInt8](repeating: 0, count: 512 * 128)
    var fit = [UInt8](repeating: 1, count: 512)
    for codePoint in 0x80..<0x1_0000 {
      let bits = info[codePoint]
      let window = codePoint >> 7
      guard let scalarUnits = units(codePoint), scalarUnits <= 3,
        bits & (emojiBit | regionalIndicatorBit | emojiSequenceBit) == 0,
        !(0xD800...0xDFFF).contains(codePoint)
      else {
        fit[window] = 0
        continue
      }
      let planeBits: [Bool] = [
        scalarUnits & 1 != 0, scalarUnits & 2 != 0, bits & 1 != 0, bits & 2 != 0, bits & 4 != 0,
        bits & composesBit != 0, bits & mayChangeBit != 0,
      ]
      for (plane, isSet) in planeBits.enumerated() where isSet {
        planes[window * 128 + plane * 16 + (codePoint & 0x7F) >> 3] |= 1 << (codePoint & 7)
      }
    }
    return (planes, fit)
  }

  /// Display width's planes for the boundary masks (`textcount_cluster_rule.windowWidths`): per
  /// window of 128 code points below U+10000, 48 bytes (bit 0 and bit 1 of the width of a
  /// cluster each scalar starts, whether it makes a cluster it joins at least 1 wide) and
  /// whether every scalar fits them: starts a cluster at most 3 wide, makes one it
  /// joins at most 1 wide if the masks may join it to one (an Extend, ZWJ, SpacingMark or
  /// linking consonant), is no regional indicator, and no scalar that starts a cluster 0 wide
  /// and may be joined (a format character that is no control) shares the window with an
  /// Extend, ZWJ or SpacingMark that makes a cluster 1 wide (only those join such a cluster
  /// where the masks take a block). Nil where ASCII does not start clusters as the length
  /// kernel's table (`ascii`) measures it alone, or an LF after a CR makes it wider.
  private static func windowWidths(
    info: [UInt8], classes: _GraphemeClassTable, ascii: UnsafeRawPointer?
  ) -> (planes: [UInt8], fit: [UInt8])? {
    guard let ascii else { return nil }
    let values = _VectorKernels.lengthsMapContents(ascii).bytes  // control, printable first
    let starts = { (codePoint: Int) in kernelWidthBits(info[codePoint]) & 7 }
    let joins = { (codePoint: Int) in kernelWidthBits(info[codePoint]) >> 3 & 7 }
    let asciiStarts = (0..<0x80).allSatisfy { byte in
      starts(byte) == (byte < 0x20 || byte == 0x7F ? values[0] : values[1])
    }
    guard asciiStarts, joins(0x0A) == 0 else { return nil }
    var planes = [UInt8](repeating: 0, count: 512 * 48)
    var fit = [UInt8](repeating: 1, count: 512)
    var startsJoinableZeroWide = [Bool](repeating: false, count: 512)
    var joinsOneWide = [Bool](repeating: false, count: 512)
    for codePoint in 0x80..<0x1_0000 {
      let bits = kernelWidthBits(info[codePoint])
      let (start, joined) = (bits & 7, bits >> 3 & 7)
      let window = codePoint >> 7
      let graphemeClass = classes.graphemeClass(of: UInt32(codePoint))
      // What the masks may join to a cluster: GB9, GB9a and GB9c's joiners.
      let joiner: Bool
      switch graphemeClass.category {
      case _GraphemeClass.control, _GraphemeClass.carriageReturn, _GraphemeClass.lineFeed:
        joiner = false
      case _GraphemeClass.extend, _GraphemeClass.zeroWidthJoiner, _GraphemeClass.spacingMark:
        joiner = true
        if joined >= 1 { joinsOneWide[window] = true }
        if start == 0 { startsJoinableZeroWide[window] = true }
      default:
        joiner = graphemeClass.isLinkingConsonant
        if start == 0 { startsJoinableZeroWide[window] = true }
      }
      if start > 3 || (joiner && joined > 1) || bits & 64 != 0
        || (0xD800...0xDFFF).contains(codePoint)
      {
        fit[window] = 0
      }
      let bit = UInt8(1) << (codePoint & 7)
      let byte = window * 48 + (codePoint & 0x7F) >> 3
      if start & 1 != 0 { planes[byte] |= bit }
      if start & 2 != 0 { planes[byte + 16] |= bit }
      if joined != 0 { planes[byte + 32] |= bit }
    }
    for window in 0..<512 where startsJoinableZeroWide[window] && joinsOneWide[window] {
      fit[window] = 0
    }
    return (planes, fit)
  }

  /// The bits the automaton length kernel reads for display width, from a scalar's `bits`, such
  /// that a cluster's width is the largest of its first scalar's bits 0-2 and the others' bits
  /// 3-5, and 2 where bit 6 (a regional indicator) is set in two of them: `length(of:)` folded
  /// into each scalar (U+FE0F makes its cluster at least 2 wide, a cluster that no control
  /// starts at least 1 wide), so that the kernel keeps the width itself and no flags.
  static func kernelWidthBits(_ bits: UInt8) -> UInt8 {
    let width = bits & valueMask
    let joined = bits & emojiBit != 0 ? max(width, 2) : width
    let first = bits & controlBit != 0 ? joined : max(joined, 1)
    let indicator: UInt8 = bits & regionalIndicatorBit != 0 ? 64 : 0
    return first | joined << 3 | indicator
  }

  /// The two most common values that every scalar of a 2- or 3-byte lead has alone, each with
  /// its leads.
  private static func uniformLeads(_ values: [UInt8]) -> [(value: UInt8, leads: [UInt8])] {
    var byValue: [UInt8: [UInt8]] = [:]
    for lead in UInt8(0xC2)...0xEF {
      let first = lead < 0xE0 ? Int(lead & 0x1F) << 6 : Int(lead & 0x0F) << 12
      let scalars = (first..<first + (lead < 0xE0 ? 64 : 4096)).filter {
        $0 >= 0x800 || lead < 0xE0
      }.filter { !(0xD800...0xDFFF).contains($0) }
      let value = values[scalars[0]]
      if value != 255 && scalars.allSatisfy({ values[$0] == value }) {
        byValue[value, default: []].append(lead)
      }
    }
    let common = byValue.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
    return common.prefix(2).map { (value: $0.key, leads: $0.value) }
  }

  /// Whether the length kernel's kana rule takes `codePoint` as one of its kana, of one length
  /// alone: the kana rule of the cluster kernel (`_StandaloneScalars.kanaRuleTakesAsStandalone`)
  /// within U+3000–U+30FF, less U+303F (narrow), U+3040 and U+3097–U+3098 (unassigned). The
  /// kernel applies it from the two bytes after the lead.
  static func kanaLengthRuleTakes(_ codePoint: UInt32) -> Bool {
    _StandaloneScalars.kanaRuleTakesAsStandalone(codePoint) && codePoint <= 0x30FF
      && codePoint != 0x303F && codePoint != 0x3040
      && !(0x3097...0x3098).contains(codePoint)
  }

  /// The one length alone of every scalar the kana rule takes, or 255 where they differ (or
  /// one is not standalone): then the kernel looks each up.
  static func kanaValue(_ values: [UInt8]) -> UInt8 {
    let taken = (UInt32(0x3000)...0x30FF).filter(kanaLengthRuleTakes).map { values[Int($0)] }
    return taken.allSatisfy({ $0 == taken[0] }) ? taken[0] : 255
  }

  /// The length of a cluster sent to the meter for the emoji sequence it may start with, where
  /// NFC cannot change it (its scalars' bits have not both of NFC's): the emoji weight for the
  /// longest sequence it starts with, and its other scalars' weights; nil for the meter (a
  /// cluster NFC may change, or weights that weigh no emoji).
  /// - Complexity: O(scalars × log of the emoji trie).
  func emojiLength(of scalars: [UInt32]) -> Int? {
    guard let emojiWeight = emojiWeight, !scalars.isEmpty else { return nil }
    var flags: UInt8 = 0
    for scalar in scalars { flags |= info[scalar] }
    if flags & (Self.composesBit | Self.mayChangeBit) == Self.composesBit | Self.mayChangeBit
      && normalizesToNFC
    {
      return nil
    }
    let sequence = _EmojiSequences.longestPrefix(of: scalars)
    var total = sequence > 0 ? emojiWeight : 0
    for scalar in scalars.dropFirst(sequence) {
      total += weight(at: info[scalar] & Self.valueMask)
    }
    return scale == 1 ? total : (total + scale - 1) / scale
  }

  /// The weight of index `index`.
  @inline(__always)
  fileprivate func weight(at index: UInt8) -> Int { weights[Int(index)] }

  /// A cluster's length from its tally; nil where the tally cannot tell (NFC may change it).
  @inline(__always)
  fileprivate func length(of tally: _ClusterLengthTally) -> Int? {
    let isEmoji = tally.flags & Self.emojiBit != 0 || tally.regionalIndicators >= 2
    if isWidth {
      let width = isEmoji ? max(tally.value, 2) : tally.value
      return tally.first & Self.controlBit != 0 ? width : max(width, 1)
    }
    if tally.needsMeter { return nil }
    let total = isEmoji && emojiClusterWeight >= 0 ? emojiClusterWeight : tally.value
    return scale == 1 ? total : (total + scale - 1) / scale
  }
}

/// One cluster measured so far through a `_ClusterLengthTable`: O(1) state, updated without a
/// branch on the text (where clusters are short and of varied lengths, as in Hindi, a branch at
/// each boundary would be mispredicted often).
struct _ClusterLengthTally: Sendable {
  /// The widest scalar's width, or the sum of the weights.
  fileprivate(set) var value = 0
  /// Every scalar's bits, or-ed.
  fileprivate(set) var flags: UInt8 = 0
  /// The first scalar's bits.
  fileprivate(set) var first: UInt8 = 0
  fileprivate(set) var regionalIndicators = 0
  private(set) var isEmpty = true

  /// An empty tally.
  init() {}

  /// A tally of these parts (the automaton length kernel's, back from C).
  init(value: Int, regionalIndicators: Int, flags: UInt8, first: UInt8, isEmpty: Bool) {
    self.value = value
    self.regionalIndicators = regionalIndicators
    self.flags = flags
    self.first = first
    self.isEmpty = isEmpty
  }

  /// Adds the next scalar of the cluster, by its bits in `table.info`.
  @inline(__always)
  mutating func add(_ bits: UInt8, in table: _ClusterLengthTable) {
    _ = fold(bits, startingCluster: isEmpty, in: table)
  }

  /// Adds the next scalar, by its bits in `table.info`, to this cluster, or, where it starts a
  /// cluster, to a new one in its place. Returns the length of the cluster a start ends (0 if
  /// none, or if empty): the caller must first ask `needsMeter` where it starts one.
  @inline(__always)
  mutating func fold(_ bits: UInt8, startingCluster: Bool, in table: _ClusterLengthTable) -> Int {
    let ended = startingCluster && !isEmpty ? table.length(of: self) ?? 0 : 0
    let scalarValue = bits & _ClusterLengthTable.valueMask
    let added = table.isWidth ? Int(scalarValue) : table.weight(at: scalarValue)
    let combined = table.isWidth ? max(value, added) : value &+ added
    value = startingCluster ? added : combined
    flags = startingCluster ? bits : flags | bits
    first = startingCluster ? bits : first
    regionalIndicators = (startingCluster ? 0 : regionalIndicators) &+ Int(bits >> 5 & 1)
    isEmpty = false
    return ended
  }

  /// Whether the cluster's length is not its tally's: NFC may change it (`changesUnderNFC`), or
  /// it is one to look up in the emoji sequences (`_ClusterLengthTable.emojiSequenceBit`).
  @inline(__always)
  var needsMeter: Bool { changesUnderNFC || flags & _ClusterLengthTable.emojiSequenceBit != 0 }

  /// Whether NFC may change the cluster: it holds a scalar NFC may change and one it may change
  /// after (the same, for a scalar NFC changes alone). Neither bit is set but for weights that
  /// normalize. The automaton length kernel takes any other open cluster.
  @inline(__always)
  var changesUnderNFC: Bool {
    let both = _ClusterLengthTable.mayChangeBit | _ClusterLengthTable.composesBit
    return flags & both == both
  }

  /// The cluster's length (0 if empty), or nil where NFC may change it.
  @inline(__always)
  func length(in table: _ClusterLengthTable) -> Int? {
    isEmpty ? 0 : table.length(of: self)
  }
}
