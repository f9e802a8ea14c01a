#if SystemUTF8Proc
/// The utf8proc backend's segmenter: classes from libutf8proc's data (corrected to the toolchain's
/// Unicode version) fed to `_GraphemeBreakState`.
struct _TableSegmenter: _GraphemeSegmenter {
  private var state = _GraphemeBreakState()
  private let table = _GraphemeClassTable.utf8proc

  init() {}

  @inline(__always)
  mutating func hasBreak(before scalar: UInt32) -> Bool {
    state.hasBreak(before: table.graphemeClass(of: scalar))
  }

  @inline(__always)
  mutating func hasBreak(beforePlainOther scalar: UInt32) -> Bool {
    state.hasBreak(before: _GraphemeClass(rawValue: _GraphemeClass.other))
  }

  @inline(__always)
  mutating func breaks(inASCIIWord word: UInt64) -> Int {
    state.breaks(inASCIIWord: word)
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

  var endsStandalone: Bool { state.endsStandalone }

  @inline(__always)
  mutating func resume(after scalar: UInt32) {
    state.resume(after: table.graphemeClass(of: scalar))
  }

  static var scalarProperties: _ScalarProperties { .utf8proc }

  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
    _UTF8Proc.normalize(scalars, compatibility: compatibility)
  }
}
#endif
