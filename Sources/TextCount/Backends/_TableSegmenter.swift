/// The automaton backend's segmenter: the generated classes of the toolchain's Unicode version
/// fed to `_GraphemeBreakState`, compiled into `_GraphemeBreakAutomaton`, with the SIMD kernels.
struct _TableSegmenter: _GraphemeSegmenter {
  private let table = _GraphemeClassTable.generated
  private let automaton = _GraphemeBreakAutomaton.shared
  private var state: _GraphemeBreakAutomaton.State

  init() { state = automaton.start }

  @inline(__always)
  mutating func hasBreak(before scalar: UInt32) -> Bool {
    automaton.step(&state, table.graphemeClass(of: scalar).rawValue)
  }

  @inline(__always)
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool {
    automaton.step(&state, _GraphemeClass.other)
  }

  /// Every ASCII byte but the first follows ASCII, which joins nothing but CR LF; so only the
  /// first byte needs the automaton, and the state after the word is that of its last byte.
  @inline(__always)
  mutating func breaks(inASCIIWord word: UInt64) -> Int {
    let first = UInt32(truncatingIfNeeded: word & 0xFF)
    var breaks = automaton.step(&state, table.graphemeClass(of: first).rawValue) ? 1 : 0
    // The other seven break but an LF after a CR inside the word.
    breaks &+= 7 &- _highBitCount(_lfsAfterCR(in: word))
    let last = UInt32(truncatingIfNeeded: word &>> 56)
    state = automaton.state(after: table.graphemeClass(of: last).rawValue)
    return breaks
  }

  static var hasVectorKernels: Bool { _VectorKernels.isAvailable }

  @inline(__always)
  static func wellFormedRun(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> _WellFormedRun
  {
    _VectorKernels.wellFormedRun(bytes, from: start, to: end)
  }

  @inline(__always)
  static func standaloneClusters(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    _VectorKernels.standaloneClusters(bytes, from: start, to: end)
  }

  var endsStandalone: Bool { automaton.endsStandalone(state) }

  @inline(__always)
  mutating func clustersByAutomaton(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    let run = _VectorKernels.clustersByAutomaton(bytes, from: start, to: end, state: state)
    state = run.state
    return (run.end, run.clusters)
  }

  @inline(__always)
  mutating func packUCS2Clusters(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, packing: _SMSPacking,
    open: Int
  ) -> (end: Int, packing: _SMSPacking) {
    let run = _VectorKernels.packUCS2Clusters(
      bytes, from: start, to: end, state: state, packing: packing, open: open)
    if run.end > start { state = automaton.start }
    return run
  }

  @inline(__always)
  mutating func lengthsByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int,
    tally: inout _ClusterLengthTally, clusterStart: Int, rule: UnsafeRawPointer
  ) -> (end: Int, length: Int, clusterStart: Int?) {
    let run = _VectorKernels.lengthsByAutomaton(
      bytes, from: start, to: end, state: state, tally: &tally, clusterStart: clusterStart,
      rule: rule)
    state = run.state
    return (run.end, run.length, run.clusterStart)
  }

  @inline(__always)
  mutating func resume(after scalar: UInt32) {
    state = automaton.state(after: table.graphemeClass(of: scalar).rawValue)
  }

  /// Built once per unit and process: display width and the two shipped weight tables in
  /// constants, other weight tables in a dictionary behind a lock.
  @inline(never)  // asked once per count of a cluster-level unit: kept out of the scanner's init
  static func clusterLengthTable(for unit: TextUnit) -> _ClusterLengthTable? {
    switch unit {
    case .displayWidth: return widthLengths
    case .weighted(let table):
      if table == .twitterV3 { return twitterLengths }
      if table == .wideAsTwo { return wideAsTwoLengths }
      return otherLengths.withLock { known in
        if let lengths = known[table] { return lengths }
        let lengths = _ClusterLengthTable(unit: unit, segmenter: Self.self)
        known[table] = .some(lengths)  // nil too: no second attempt
        return lengths
      }
    default: return nil
    }
  }

  private static let widthLengths = _ClusterLengthTable(unit: .displayWidth, segmenter: Self.self)
  private static let twitterLengths = _ClusterLengthTable(
    unit: .weighted(.twitterV3), segmenter: Self.self)
  private static let wideAsTwoLengths = _ClusterLengthTable(
    unit: .weighted(.wideAsTwo), segmenter: Self.self)
  private static let otherLengths = _Locked<[WeightTable: _ClusterLengthTable?]>([:])

  // Width and normalization: libutf8proc's where it is linked, else the Swift backend's
  // (tables generated from the same libutf8proc, the standard library's NFC, Foundation's NFKC).
  #if TEXTCOUNT_UTF8PROC
    static var scalarProperties: _ScalarProperties { .utf8proc }

    static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
      _UTF8Proc.normalize(scalars, compatibility: compatibility)
    }
  #else
    static var scalarProperties: _ScalarProperties { .swift }

    static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
      _StdlibSegmenter.normalize(scalars, compatibility: compatibility)
    }
  #endif
}
