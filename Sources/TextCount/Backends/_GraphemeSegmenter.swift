/// Finds grapheme-cluster boundaries in a stream of scalars, one scalar at a time.
///
/// Each backend provides one; the counting loop is specialized for each, so the choice of backend
/// costs nothing per scalar.
protocol _GraphemeSegmenter: Sendable {
  /// A segmenter at the start of text.
  init()

  /// Feeds the next scalar (a valid Unicode scalar value) and tells whether a boundary precedes
  /// it. The first call always returns `true`.
  /// - Complexity: O(1).
  mutating func hasBreak(before scalar: UInt32) -> Bool

  /// Feeds eight ASCII bytes at once (`word`, little-endian) and returns how many of them a
  /// boundary precedes.
  /// - Complexity: O(1) where the backend can; eight `hasBreak` calls by default.
  mutating func breaks(inASCIIWord word: UInt64) -> Int

  /// `hasBreak(before:)` for a scalar known to be of class Other with no flags (CJK ideographs
  /// U+4000–U+9FFF), which a backend may answer without looking it up.
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool

  /// Whether `wellFormedRun` and `standaloneClusters` take anything: true where the backend has
  /// vector kernels for this CPU.
  static var hasVectorKernels: Bool { get }

  /// Counts a run of well-formed UTF-8 from `start` (where a scalar starts) in large blocks;
  /// returns `.empty(at: start)` when the backend has no kernel or the first block is ill-formed.
  /// - Complexity: O(run length).
  static func wellFormedRun(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> _WellFormedRun

  /// Counts the clusters of a run of well-formed standalone scalars (see
  /// `_GraphemeClass.isStandalone`) from `start`, in large blocks; `(start, 0)` when the backend
  /// has no kernel. Call it only where `endsStandalone` is true.
  /// - Complexity: O(run length).
  static func standaloneClusters(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)

  /// Counts the clusters of a run of well-formed UTF-8 from `start` through the backend's
  /// automaton kernel, carrying the state; `(start, 0)` when the backend has no kernel.
  /// - Complexity: O(run length).
  mutating func clustersByAutomaton(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)

  /// Measures the clusters of a run of well-formed UTF-8 from `start` through the backend's
  /// automaton length kernel by `rule` (`_ClusterLengthTable.kernelRule`), carrying the state and
  /// the open cluster's `tally` (which starts at `clusterStart`, where it is not empty): the
  /// length of the clusters it closed, and where the cluster still open starts (nil if before
  /// `start`); `(start, 0, nil)` when the backend has no kernel.
  /// - Complexity: O(run length).
  mutating func lengthsByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int,
    tally: inout _ClusterLengthTally, clusterStart: Int, rule: UnsafeRawPointer
  ) -> (end: Int, length: Int, clusterStart: Int?)

  /// Packs the clusters of a run of well-formed UTF-8 from `start` whole into the parts of a
  /// UCS-2 SMS message (`packing`, the clusters closed before `start`, 67 UTF-16 code units a
  /// part; a CR LF two pieces) through the backend's packing kernel, after this state and the
  /// cluster open before `start` (`open` units, 0 for none): where the run ends (a boundary,
  /// after which the state is that of the start of text, and the cluster open there is the
  /// caller's) and the packing of the clusters before it; `start` as the end when the backend
  /// has no kernel or it took nothing.
  /// - Complexity: O(run length).
  mutating func packUCS2Clusters(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, packing: _SMSPacking,
    open: Int
  ) -> (end: Int, packing: _SMSPacking)

  /// Whether the previous scalar is standalone and not a CR, so that a boundary precedes every
  /// scalar of a standalone run that starts here (but an LF after a CR).
  var endsStandalone: Bool { get }

  /// Sets the state to just after `scalar`, where a boundary preceded it or it is an LF (the state
  /// after a run counted in one go).
  /// - Complexity: O(1).
  mutating func resume(after scalar: UInt32)

  /// Widths and Extended_Pictographic, for the cluster-level units.
  static var scalarProperties: _ScalarProperties { get }

  /// The tables that measure clusters in `unit` without the cluster meter, built at first use;
  /// nil where the backend measures every cluster with the meter.
  static func clusterLengthTable(for unit: TextUnit) -> _ClusterLengthTable?

  /// A cluster's scalars in NFC (NFKC with `compatibility`).
  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32]
}

extension _GraphemeSegmenter {
  static var hasVectorKernels: Bool { false }

  static func wellFormedRun(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> _WellFormedRun
  {
    .empty(at: start)
  }

  static func standaloneClusters(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    (start, 0)
  }

  var endsStandalone: Bool { false }

  static func clusterLengthTable(for unit: TextUnit) -> _ClusterLengthTable? { nil }

  mutating func clustersByAutomaton(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    (start, 0)
  }

  mutating func lengthsByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int,
    tally: inout _ClusterLengthTally, clusterStart: Int, rule: UnsafeRawPointer
  ) -> (end: Int, length: Int, clusterStart: Int?) {
    (start, 0, nil)
  }

  mutating func packUCS2Clusters(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, packing: _SMSPacking,
    open: Int
  ) -> (end: Int, packing: _SMSPacking) {
    (start, packing)
  }

  /// A boundary forgets everything before it, so a fresh segmenter fed `scalar` is in that state.
  @inline(__always)
  mutating func resume(after scalar: UInt32) {
    self = Self()
    _ = hasBreak(before: scalar)
  }

  @inline(__always)
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool { hasBreak(before: scalar) }

  @inline(__always)
  mutating func breaks(inASCIIWord word: UInt64) -> Int {
    var count = 0
    var rest = word
    for _ in 0..<8 {
      if hasBreak(before: UInt32(rest & 0xFF)) { count &+= 1 }
      rest &>>= 8
    }
    return count
  }
}
