/// The counting loop: decodes UTF-8 (repairing it as `String(decoding:)` does), and tallies one
/// unit, in chunks that may split scalars and clusters anywhere.
///
/// State between chunks is O(1): at most three bytes of an unfinished scalar, the segmenter's
/// state, the running count, and the offset of the first invalid byte.
struct _UTF8Scanner<Segmenter: _GraphemeSegmenter>: Sendable {
  /// What is counted, without the `TextUnit` (whose weight table the scanner would have to copy
  /// and destroy): the meter and the fast path's state hold the unit where they need it.
  private let counted: Counted

  private enum Counted {
    case graphemes, utf16, unicodeScalars, utf8
    /// Display width or weights: the meter or the fast path measures them.
    case perCluster
  }
  private var segmenter = Segmenter()
  private(set) var count = 0
  /// Offset of the first byte of the first ill-formed subpart seen, if any.
  private(set) var firstInvalidOffset: Int?
  /// Absolute offset of the next chunk's first byte.
  private var offset = 0
  /// The bytes of an unfinished scalar at the end of the last chunk (at most 3).
  private var pending: (UInt8, UInt8, UInt8) = (0, 0, 0)
  private var pendingCount = 0
  /// Set for normalized counting, and for the units measured per cluster where the backend has
  /// no `lengths` for them.
  private var meter: _ClusterMeter<Segmenter>?
  /// The fast path of the cluster-level units (without a normalization of the counter's), in a
  /// box: a grapheme count then carries one nil reference, not the state's dozen words.
  private var lengths: _ClusterLengthBox<Segmenter>?

  /// The box of `lengths`, held by this scanner alone (a copy of the scanner shares it until
  /// either writes: the writer then takes a copy of its own).
  private mutating func uniqueLengths() -> _ClusterLengthBox<Segmenter> {
    if !isKnownUniquelyReferenced(&lengths) { lengths = _ClusterLengthBox(lengths!.state) }
    return lengths!
  }

  /// - Parameter usesLengthTables: false to measure every cluster with the meter (for tests that
  ///   compare the two).
  @inline(__always)  // out of line, it copies the unit in and out: a tenth of a short count
  init(unit: TextUnit, normalization: Normalization = .none, usesLengthTables: Bool = true) {
    switch unit {
    case .graphemes: counted = .graphemes
    case .utf16: counted = .utf16
    case .unicodeScalars: counted = .unicodeScalars
    case .utf8: counted = .utf8
    case .displayWidth, .weighted: counted = .perCluster
    case .post: preconditionFailure("a post length is counted by _PostCount, not by a scanner")
    case .sms: preconditionFailure("SMS segments are counted by _SMSScanner, not by a scanner")
    case .htmlMaxLength: preconditionFailure("maxlength is counted as UTF-16 less CR LF pairs")
    case .words: preconditionFailure("words are counted by _WordScanner, not by a scanner")
    case .stringz: preconditionFailure("stringz is counted by _StringzScanner, not by a scanner")
    }
    if usesLengthTables && unit.isClusterLevel && normalization == .none,
      let table = Segmenter.clusterLengthTable(for: unit)
    {
      lengths = _ClusterLengthBox(_ClusterLengthScan(table: table, unit: unit))
    } else if unit.isClusterLevel || normalization != .none {
      meter = _ClusterMeter(unit: unit, normalization: normalization)
    }
  }

  /// Counts one decoded scalar.
  @inline(__always)
  private mutating func tally(_ scalar: _DecodedScalar, at position: Int) {
    if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = position }
    if lengths != nil {
      let startsCluster = segmenter.hasBreak(before: scalar.value)
      count &+= uniqueLengths().state.add(scalar.value, startingCluster: startsCluster)
      return
    }
    if meter != nil {
      if segmenter.hasBreak(before: scalar.value) { count &+= meter!.finish() }
      meter!.add(scalar.value)
      return
    }
    switch counted {
    case .graphemes:
      if segmenter.hasBreak(before: scalar.value) { count &+= 1 }
    case .unicodeScalars:
      count &+= 1
    case .utf16:
      count &+= scalar.value > 0xFFFF ? 2 : 1
    default:
      count &+= scalar.isValid ? scalar.length : 3
    }
  }

  /// Feeds the next chunk of bytes.
  /// - Complexity: O(`bytes.count`).
  mutating func scan(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    let end = bytes.count
    var index = 0
    if pendingCount > 0 {
      index = finishPendingScalar(base, count: end).consumed
      if pendingCount > 0 { return }  // the chunk was too short to finish it
    }
    if lengths != nil {
      index = scanClusterLengths(base, from: index, to: end)
    } else if meter != nil {
      index = scanClusters(base, from: index, to: end)
    } else if counted == .graphemes {
      index = scanGraphemes(base, from: index, to: end, stoppingAfter: nil).index
    } else {
      index = scanCodeUnits(base, from: index, to: end)
    }
    if index < end { savePending(base + index, count: end &- index) }
    offset &+= end
  }

  /// For a fresh scanner counting `.graphemes` without normalization, fed a stream piece by
  /// piece: scans the next piece, stopping at the first scalar of cluster number
  /// `maxClusters + 1`. Returns that scalar's offset from the piece's start (negative when it
  /// began in the bytes of an unfinished scalar the last piece ended with), or nil when none
  /// starts in the piece. After a stop, the scanner is not to be used.
  /// - Complexity: O(`bytes.count`), at the counting loop's speed.
  mutating func scanGraphemes(_ bytes: UnsafeRawBufferPointer, stoppingAfter maxClusters: Int)
    -> Int?
  {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return nil }
    let end = bytes.count
    var index = 0
    if pendingCount > 0 {
      let finished = finishPendingScalar(base, count: end, stoppingAfter: maxClusters)
      if let stop = finished.stop { return stop }
      if pendingCount > 0 { return nil }  // the piece was too short to finish it
      index = finished.consumed
    }
    let scanned = scanGraphemes(base, from: index, to: end, stoppingAfter: maxClusters)
    if scanned.isStopped { return scanned.index }
    if scanned.index < end { savePending(base + scanned.index, count: end &- scanned.index) }
    offset &+= end
    return nil
  }

  /// The bytes of an unfinished scalar the last piece ended with (at most 3).
  var pendingBytes: [UInt8] { Array([pending.0, pending.1, pending.2].prefix(pendingCount)) }

  /// Whether a cluster starts at an unfinished scalar at the very end of a text (one U+FFFD),
  /// counting it.
  mutating func addsClusterAtUnfinishedEnd() -> Bool {
    guard segmenter.hasBreak(before: _DecodedScalar.replacementCharacter) else { return false }
    count &+= 1
    return true
  }

  /// Where a grapheme scan ended: where the cluster after the last one allowed starts
  /// (`isStopped`), where an unfinished scalar starts (`isUnfinished`), or the end of the bytes.
  struct ScanEnd {
    enum Reason { case end, unfinished, stopped }
    var index: Int
    var reason: Reason
    var isUnfinished: Bool { reason == .unfinished }
    var isStopped: Bool { reason == .stopped }

    /// Two words, so that a loop returns it in registers.
    init(index: Int, isUnfinished: Bool = false, isStopped: Bool = false) {
      self.index = index
      reason = isStopped ? .stopped : isUnfinished ? .unfinished : .end
    }
  }

  /// The grapheme loop. Where the backend has vector kernels: runs of standalone scalars through
  /// the cluster kernel; where joining scalars are dense (emoji sequences, marks, conjuncts), the
  /// automaton kernel, which hands back when the text turns standalone; the scalar loop for a
  /// joining scalar after a long standalone run, ill-formed bytes and a chunk's last bytes.
  /// Without them: the scalar loop.
  ///
  /// With `maxClusters`, it stops at the first scalar of cluster number `maxClusters + 1` (the
  /// scanner is then not to be used further), and the kernels read about as far as the clusters
  /// still allowed reach, not to the end of the text: a prefix costs what counting it costs.
  @inline(__always)
  mutating func scanGraphemes(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, stoppingAfter maxClusters: Int?
  ) -> ScanEnd {
    // Without kernels, or too short for them to pay (a name, a title): the scalar loop alone.
    guard end &- start >= 64 && Segmenter.hasVectorKernels else {
      return scanScalars(
        base, from: start, to: end, until: Int.max, atMost: Int.max, stoppingAfter: maxClusters)
    }
    var index = start
    let countAtStart = count
    var misses = 0  // rounds in a row where no kernel took anything (ill-formed bytes): back off
    var reachCap = Int.max  // halved each time the automaton's run held the cut
    while index < end {
      let before = index
      var kernelEnd = end
      if let maxClusters {
        kernelEnd = Self.kernelEnd(
          from: index, to: end, clustersLeft: maxClusters &- count,
          perCluster: (bytes: index &- start, clusters: count &- countAtStart))
        kernelEnd = min(kernelEnd, index &+ min(reachCap, end &- index))
      }
      var joinersAreDense = true
      if kernelEnd &- index >= 64 && segmenter.endsStandalone {
        let run = Segmenter.standaloneClusters(base, from: index, to: kernelEnd)
        if let maxClusters, count &+ run.clusters > maxClusters {
          let cut = Self.start(
            ofCluster: maxClusters &- count, of: run.clusters, inStandaloneRun: base, from: index,
            to: run.end)
          return ScanEnd(index: cut, isStopped: true)
        }
        if run.end > index {
          count &+= run.clusters
          segmenter.resume(after: _scalar(endingAt: run.end, in: base))
          index = run.end
        }
        joinersAreDense = index &- before < 64
      }
      if joinersAreDense {
        var saved: Segmenter?
        if maxClusters != nil { saved = segmenter }
        let run = segmenter.clustersByAutomaton(base, from: index, to: kernelEnd)
        if let maxClusters, let saved, count &+ run.clusters > maxClusters {
          segmenter = saved
          if run.end &- index > 256 {
            // The cut is in a long run: the kernel again from its start, over half as much.
            reachCap = (run.end &- index) / 2
            continue
          }
          // In a short run: walked again, scalar by scalar, from the state before it.
          let scanned = scanScalars(
            base, from: index, to: run.end, until: Int.max, atMost: Int.max,
            stoppingAfter: maxClusters)
          if scanned.isStopped { return scanned }
        } else {
          count &+= run.clusters
        }
        index = run.end
      } else {
        // A long standalone run stopped at a joining scalar (an emoji modifier in prose, say):
        // the scalar loop takes it, up to the next standalone scalar, then the cluster kernel.
        let scanned = scanScalars(
          base, from: index, to: end, until: index &+ 1, atMost: index &+ 256,
          stoppingAfter: maxClusters)
        if scanned.isUnfinished || scanned.isStopped { return scanned }
        index = scanned.index
      }
      if index > before {
        misses = 0
        continue
      }
      // Nothing taken: ill-formed bytes ahead, or the chunk's last bytes.
      misses = min(misses &+ 1, 4)
      let stop = index &+ (64 &<< misses)
      let scanned = scanScalars(
        base, from: index, to: end, until: stop, atMost: stop, stoppingAfter: maxClusters)
      if scanned.isUnfinished || scanned.isStopped { return scanned }
      index = scanned.index
    }
    return ScanEnd(index: end)
  }

  /// How far a kernel reads from `index` when the first scalar of cluster number
  /// `clustersLeft + 1` from there is sought: a little short of where those clusters end at the
  /// bytes per cluster of `perCluster` (one before any were counted), so that it seldom reads
  /// past the cut, and at least 128 bytes, so that it takes whole blocks. Never further than
  /// four bytes per cluster left or the bytes scanned so far, whichever is more: the cut is at
  /// least a byte per cluster left away, so a huge cluster before a plain run (which makes the
  /// estimate huge) cannot make the kernels read more than a few times the prefix.
  /// - Complexity: O(1).
  @inline(__always)
  private static func kernelEnd(
    from index: Int, to end: Int, clustersLeft: Int, perCluster: (bytes: Int, clusters: Int)
  ) -> Int {
    let clusters = min(clustersLeft &+ 1, end &- index)  // each cluster is a byte at least
    var reach = clusters
    if perCluster.clusters > 0 {
      let (product, overflow) = clusters.multipliedReportingOverflow(by: perCluster.bytes)
      reach = overflow ? end &- index : product / perCluster.clusters
      reach = min(reach, max(perCluster.bytes, 4 &* clusters))
    }
    return index &+ min(end &- index, max(128, reach &- reach / 8))
  }

  /// Where cluster number `cluster` (from 0) of the `clusters` in a run of well-formed standalone
  /// scalars starts, the scalar before the run not a CR: every scalar starts a cluster but an LF
  /// after a CR. Sought from the nearer end of the run.
  /// - Complexity: O(bytes between that cluster and the nearer end), eight bytes at a time.
  private static func start(
    ofCluster cluster: Int, of clusters: Int, inStandaloneRun base: UnsafePointer<UInt8>,
    from start: Int, to end: Int
  ) -> Int {
    /// Byte `i` of the result: how many of bytes 0...i of the word at `index` start a cluster
    /// (byte 7: how many in the word). With sums, not a popcount, which the baseline x86-64
    /// target lacks.
    @inline(__always) func startsUpTo(inWordAt index: Int) -> UInt64 {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      var starts = (~word | word &<< 1) & 0x8080_8080_8080_8080  // all but 10xxxxxx
      // A byte below 0x0B: maybe an LF after a CR.
      if (word &- 0x0B0B_0B0B_0B0B_0B0B) & ~word & 0x8080_8080_8080_8080 != 0 {
        let afterCR: UInt64 = index > start && base[index &- 1] == 0x0D ? 0x80 : 0
        starts &= ~_lfsAfterCR(in: word, crBefore: afterCR)
      }
      return (starts &>> 7) &* 0x0101_0101_0101_0101
    }
    /// The offset in its word of start number `k` (from 0), given `startsUpTo` of the word:
    /// how many bytes have `k` starts or fewer up to them.
    @inline(__always) func offset(ofStart k: Int, upTo: UInt64) -> Int {
      let atMostK = ((UInt64(k) &* 0x0101_0101_0101_0101 | 0x8080_8080_8080_8080) &- upTo)
      return (~atMostK & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
    }
    func startsCluster(at index: Int) -> Bool {
      let isLFAfterCR = base[index] == 0x0A && index > start && base[index &- 1] == 0x0D
      return base[index] & 0xC0 != 0x80 && !isLFAfterCR
    }
    if cluster < clusters / 2 {
      var index = start
      var left = cluster  // cluster starts to pass
      while index &+ 8 <= end {
        let upTo = startsUpTo(inWordAt: index)
        let starts = Int(upTo &>> 56)
        if starts > left { return index &+ offset(ofStart: left, upTo: upTo) }
        left &-= starts
        index &+= 8
      }
      while index < end {
        if startsCluster(at: index) {
          if left == 0 { return index }
          left &-= 1
        }
        index &+= 1
      }
      return end
    }
    var index = end  // backwards: the starts of clusters `clusters - 1` down to `cluster`
    var left = clusters &- cluster
    while index &- 8 >= start {
      let upTo = startsUpTo(inWordAt: index &- 8)
      let starts = Int(upTo &>> 56)
      if starts >= left { return index &- 8 &+ offset(ofStart: starts &- left, upTo: upTo) }
      left &-= starts
      index &-= 8
    }
    while index > start {
      index &-= 1
      if startsCluster(at: index) {
        left &-= 1
        if left == 0 { return index }
      }
    }
    return start
  }

  /// The scalar loop, counting or stopping (see `scanScalarsLoop`): two functions, so that
  /// counting carries no test of a stop.
  @inline(__always)
  private mutating func scanScalars(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, until: Int, atMost: Int,
    stoppingAfter maxClusters: Int?
  ) -> ScanEnd {
    if let maxClusters {
      return scanScalarsStopping(
        base, from: start, to: end, until: until, atMost: atMost, after: maxClusters)
    }
    return scanScalarsCounting(base, from: start, to: end, until: until, atMost: atMost)
  }

  @inline(never)
  private mutating func scanScalarsCounting(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, until: Int, atMost: Int
  ) -> ScanEnd {
    scanScalarsLoop(base, from: start, to: end, until: until, atMost: atMost, stoppingAfter: nil)
  }

  @inline(never)
  private mutating func scanScalarsStopping(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, until: Int, atMost: Int,
    after maxClusters: Int
  ) -> ScanEnd {
    scanScalarsLoop(
      base, from: start, to: end, until: until, atMost: atMost, stoppingAfter: maxClusters)
  }

  /// Scalar by scalar, eight ASCII bytes at a time where it can. It stops at the first scalar
  /// that starts at `until` or after where the scalar before is standalone, and at `atMost` or
  /// after in any case; with `maxClusters`, at the first scalar of cluster number
  /// `maxClusters + 1`. With no call inside: its state stays in registers.
  @inline(__always)
  private mutating func scanScalarsLoop(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, until: Int, atMost: Int,
    stoppingAfter maxClusters: Int?
  ) -> ScanEnd {
    var index = start
    // Locals, so the loop keeps them in registers.
    var count = self.count
    var segmenter = self.segmenter
    defer {
      self.count = count
      self.segmenter = segmenter
    }
    while index < end {
      if index >= until && (segmenter.endsStandalone || index >= atMost) {
        return ScanEnd(index: index)
      }
      // A word of ASCII breaks before each byte but an LF after a CR: when stopping, taken whole
      // only while eight more clusters are allowed.
      if index &+ 8 <= end && maxClusters.map({ $0 &- count >= 8 }) ?? true {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          count &+= segmenter.breaks(inASCIIWord: word)
          index &+= 8
          continue
        }
      }
      let lead = base[index]
      if lead < 0x80 {
        if segmenter.hasBreak(before: UInt32(lead)) {
          if count == maxClusters { return ScanEnd(index: index, isStopped: true) }
          count &+= 1
        }
        index &+= 1
        continue
      }
      // Well-formed scalars without the general decoder's switch; the second byte's range is
      // narrower after E0, ED, F0 and F4 (no overlongs, surrogates or values above U+10FFFF).
      if index &+ 3 < end {
        let second = base[index &+ 1]
        if lead < 0xE0 {
          if lead >= 0xC2 && second & 0xC0 == 0x80 {
            let value = UInt32(lead & 0x1F) &<< 6 | UInt32(second & 0x3F)
            if segmenter.hasBreak(before: value) {
              if count == maxClusters { return ScanEnd(index: index, isStopped: true) }
              count &+= 1
            }
            index &+= 2
            continue
          }
        } else if lead < 0xF0 {
          let third = base[index &+ 2]
          let (low, high) = _secondByteBounds(after: lead)
          if second >= low && second <= high && third & 0xC0 == 0x80 {
            let value =
              UInt32(lead & 0x0F) &<< 12 | UInt32(second & 0x3F) &<< 6 | UInt32(third & 0x3F)
            // U+4000–U+9FFF (CJK ideographs) are all plain Other: no lookup needed.
            let isPlainOther = lead >= 0xE4 && lead <= 0xE9
            if isPlainOther
              ? segmenter.hasBreak(beforePlainOther: value) : segmenter.hasBreak(before: value)
            {
              if count == maxClusters { return ScanEnd(index: index, isStopped: true) }
              count &+= 1
            }
            index &+= 3
            continue
          }
        } else if lead <= 0xF4 {
          let third = base[index &+ 2]
          let fourth = base[index &+ 3]
          let (low, high) = _secondByteBounds(after: lead)
          if second >= low && second <= high && third & 0xC0 == 0x80 && fourth & 0xC0 == 0x80 {
            let value =
              UInt32(lead & 0x07) &<< 18 | UInt32(second & 0x3F) &<< 12
              | UInt32(third & 0x3F) &<< 6 | UInt32(fourth & 0x3F)
            if segmenter.hasBreak(before: value) {
              if count == maxClusters { return ScanEnd(index: index, isStopped: true) }
              count &+= 1
            }
            index &+= 4
            continue
          }
        }
      }
      let scalar = _decodeUTF8(base + index, available: end &- index)
      if scalar.length == 0 { return ScanEnd(index: index, isUnfinished: true) }
      if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = offset &+ index }
      if segmenter.hasBreak(before: scalar.value) {
        if count == maxClusters { return ScanEnd(index: index, isStopped: true) }
        count &+= 1
      }
      index &+= scalar.length
    }
    return ScanEnd(index: end)
  }

  /// The loop for units measured per cluster, and for normalized counting: each scalar goes to
  /// the cluster meter, which gives a cluster's length when the next cluster starts.
  private mutating func scanClusters(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> Int
  {
    // The meter and the segmenter in locals: `meter!` on the stored optional would copy the
    // meter (and its scalar buffer) at every scalar.
    var meter = self.meter!
    self.meter = nil
    var segmenter = self.segmenter
    var count = self.count
    defer {
      self.meter = meter
      self.segmenter = segmenter
      self.count = count
    }
    var index = start
    while index < end {
      let scalar = _decodeUTF8(base + index, available: end &- index)
      if scalar.length == 0 { return index }
      if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = offset &+ index }
      if segmenter.hasBreak(before: scalar.value) { count &+= meter.finish() }
      meter.add(scalar.value)
      index &+= scalar.length
    }
    return end
  }

  /// The loop for the cluster-level units on the fast path: runs of standalone scalars through
  /// the length kernel where the backend has it, each scalar into the open cluster's tally
  /// elsewhere. Returns where an unfinished scalar starts (or `end`).
  @inline(never)  // kept out of `scan`, whose other paths (a short grapheme count) it would slow
  private mutating func scanClusterLengths(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    // Taken out, so that its buffer and cache are this scan's alone (written in place).
    let box = uniqueLengths()
    let table = box.state.table
    var segmenter = self.segmenter
    var count = self.count
    var tally = box.state.tally
    // The open cluster is `box.state.openScalars` followed by the bytes from `clusterStart`.
    var clusterStart = start
    var index = start
    defer {
      box.state.tally = tally
      box.state.carry(base, from: clusterStart, to: index, limit: end)
      self.segmenter = segmenter
      self.count = count
    }
    let kernelMap = Segmenter.hasVectorKernels ? table.kernelMap : nil
    let kernelRule = Segmenter.hasVectorKernels ? table.kernelRule : nil
    var kernelFrom = kernelRule == nil ? Int.max : start  // where a kernel may next be tried
    var misses = 0  // tries in a row where the kernels took less than 16 bytes: back off
    while index < end {
      let stop = foldScalars(
        base, from: &index, to: end, kernelFrom: end &- index >= 128 ? kernelFrom : Int.max,
        carried: !box.state.openScalars.isEmpty, table: table, segmenter: &segmenter,
        tally: &tally, count: &count, clusterStart: &clusterStart)
      switch stop {
      case .end: return end
      case .unfinishedScalar: return index
      case .clusterForTheMeter(let scalar):
        // `scalar` starts a cluster (the segmenter has taken it) and ends one NFC may change,
        // or one that began in an earlier chunk.
        box.state.tally = tally
        count &+= box.state.closedClusterLength(
          chunk: base, from: clusterStart, to: index, limit: end)
        tally = _ClusterLengthTally()
        tally.add(table.info[scalar.value], in: table)
        clusterStart = index
        index &+= scalar.length
      case .kernel:
        let before = index
        if let kernelMap, segmenter.endsStandalone {
          let run = _VectorKernels.standaloneLengths(base, from: index, to: end, map: kernelMap)
          if run.end > index {
            // A boundary precedes the run: the open cluster ends. The run's last scalar opens
            // the next cluster, which the scalar after the run may join.
            box.state.tally = tally
            count &+= box.state.closedClusterLength(
              chunk: base, from: clusterStart, to: index, limit: end)
            let last = _scalar(endingAt: run.end, in: base)
            count &+= run.length &- Int(table.alone[last])
            tally = _ClusterLengthTally()
            tally.add(table.info[last], in: table)
            clusterStart = run.end &- _utf8Length(of: last)
            segmenter.resume(after: last)
            index = run.end
          }
        }
        // Joining scalars (or a short standalone run): the automaton's length kernel, unless the
        // open cluster is the meter's (NFC may change it, or it began in an earlier chunk).
        if let kernelRule, box.state.openScalars.isEmpty, !tally.changesUnderNFC,
          end &- index >= 128
        {
          let run = segmenter.lengthsByAutomaton(
            base, from: index, to: end, tally: &tally, clusterStart: clusterStart,
            rule: kernelRule)
          count &+= run.length
          if let start = run.clusterStart { clusterStart = start }
          index = run.end
        }
        // After a run, the scalar that stopped it goes through the loop first; where the
        // kernels took less than 16 bytes, the loop takes the next 512 bytes to 4 KiB.
        if index &- before >= 16 {
          misses = 0
          kernelFrom = index &+ 1
        } else {
          misses = min(misses &+ 1, 4)
          kernelFrom = index &+ (256 &<< misses)
        }
      }
    }
    return end
  }

  /// Why `foldScalars` stopped.
  private enum FoldStop {
    case end
    /// An unfinished scalar starts at the index: the next chunk finishes it.
    case unfinishedScalar
    /// This scalar (decoded, taken by the segmenter, not folded) ends a cluster for the meter.
    case clusterForTheMeter(_DecodedScalar)
    /// A scalar at or after `kernelFrom`: the kernels' turn.
    case kernel
  }

  /// Scalar by scalar into the open cluster's tally, with no branch on boundaries, until `end`,
  /// an unfinished scalar, a boundary after a cluster for the meter, or the first scalar at or
  /// after `kernelFrom`. A function of its own with no call inside: its state stays in
  /// registers.
  @inline(never)
  private mutating func foldScalars(
    _ base: UnsafePointer<UInt8>, from index: inout Int, to end: Int, kernelFrom: Int,
    carried: Bool, table: _ClusterLengthTable, segmenter: inout Segmenter,
    tally: inout _ClusterLengthTally, count: inout Int, clusterStart: inout Int
  ) -> FoldStop {
    var at = index
    var counted = count
    var open = tally
    var opened = clusterStart
    var state = segmenter
    // A cluster that began in an earlier chunk (`carried`) goes to the meter's path when it ends.
    defer {
      index = at
      count = counted
      tally = open
      clusterStart = opened
      segmenter = state
    }
    while at < end {
      if at >= kernelFrom { return .kernel }
      let scalar = _decodeUTF8Quickly(base + at, available: end &- at)
      if scalar.length == 0 { return .unfinishedScalar }
      if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = offset &+ at }
      let startsCluster = state.hasBreak(before: scalar.value)
      if startsCluster && (open.needsMeter || carried) { return .clusterForTheMeter(scalar) }
      counted &+= open.fold(table.info[scalar.value], startingCluster: startsCluster, in: table)
      opened = startsCluster ? at : opened
      at &+= scalar.length
    }
    return .end
  }

  /// The loop for UTF-8, UTF-16 and scalar counts: well-formed runs through the backend's vector
  /// kernel where it has one, eight ASCII bytes at a time (each is one unit in all three), one
  /// scalar at a time elsewhere.
  @inline(__always)
  private mutating func scanCodeUnits(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> Int
  {
    var index = start
    var count = self.count
    defer { self.count = count }
    let hasKernels = Segmenter.hasVectorKernels
    var kernelFrom = start  // where the vector kernel may next be tried
    while index < end {
      if hasKernels && index >= kernelFrom && end &- index >= 64 {
        let run = Segmenter.wellFormedRun(base, from: index, to: end)
        switch counted {
        case .unicodeScalars: count &+= run.scalars
        case .utf16: count &+= run.scalars &+ run.supplementaryScalars
        default: count &+= run.end &- index
        }
        index = run.end
        // It stopped at ill-formed bytes (or the end): the scalar loop takes the next block.
        kernelFrom = index &+ 64
        continue
      }
      while index &+ 8 <= end {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        count &+= 8
        index &+= 8
      }
      if index == end { break }
      if base[index] < 0x80 {
        count &+= 1
        index &+= 1
        continue
      }
      let scalar = _decodeUTF8(base + index, available: end &- index)
      if scalar.length == 0 { return index }
      if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = offset &+ index }
      switch counted {
      case .unicodeScalars: count &+= 1
      case .utf16: count &+= scalar.value > 0xFFFF ? 2 : 1
      default: count &+= scalar.isValid ? scalar.length : 3
      }
      index &+= scalar.length
    }
    return end
  }

  /// Ends the stream: an unfinished scalar at the end is one ill-formed subpart.
  mutating func finish() {
    if pendingCount > 0 {
      tally(.invalid(length: pendingCount), at: offset &- pendingCount)
      pendingCount = 0
    }
    if meter != nil { count &+= meter!.finish() }
    if lengths != nil {
      count &+= uniqueLengths().state.closedClusterLength(
        chunk: nil, from: 0, to: 0, limit: 0)
    }
  }

  private mutating func savePending(_ bytes: UnsafePointer<UInt8>, count: Int) {
    // `scan` has not added this chunk to `offset` yet; `finishPendingScalar` has.
    precondition(count <= 3, "an unfinished UTF-8 scalar has at most 3 bytes")
    pendingCount = count
    pending = (bytes[0], count > 1 ? bytes[1] : 0, count > 2 ? bytes[2] : 0)
  }

  /// Decodes the pending bytes followed by the head of `bytes`. Returns how many bytes of `bytes`
  /// that consumed; leaves `pendingCount > 0` if `bytes` was too short to finish the scalar.
  /// With `maxClusters` (a grapheme count), it stops at the first scalar of cluster number
  /// `maxClusters + 1` and returns its offset from `bytes` (negative: in the pending bytes) as
  /// `stop`.
  private mutating func finishPendingScalar(
    _ bytes: UnsafePointer<UInt8>, count: Int, stoppingAfter maxClusters: Int? = nil
  ) -> (consumed: Int, stop: Int?) {
    let carried = pendingCount
    let taken = min(count, 4)
    var stitched: (UInt64) = 0
    return withUnsafeMutableBytes(of: &stitched) { raw in
      let buffer = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
      buffer[0] = pending.0
      buffer[1] = pending.1
      buffer[2] = pending.2
      for k in 0..<taken { buffer[carried + k] = bytes[k] }
      let total = carried + taken
      var position = 0
      pendingCount = 0
      let start = offset &- carried
      while position < carried {
        let scalar = _decodeUTF8(buffer + position, available: total - position)
        if scalar.length == 0 {
          // Still unfinished: everything from `position` waits for the next chunk.
          savePending(buffer + position, count: total - position)
          offset &+= count
          return (count, nil)
        }
        if let maxClusters {
          if !scalar.isValid && firstInvalidOffset == nil { firstInvalidOffset = start &+ position }
          if segmenter.hasBreak(before: scalar.value) {
            if self.count == maxClusters { return (0, position - carried) }
            self.count &+= 1
          }
        } else {
          tally(scalar, at: start &+ position)
        }
        position += scalar.length
      }
      return (position - carried, nil)
    }
  }
}
