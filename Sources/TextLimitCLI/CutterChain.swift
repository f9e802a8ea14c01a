import TextCount

/// Cutters applied one after another, each to what the one before it kept: the longest prefix
/// within every limit (as `TextCounter.prefixByteCount(utf8:within:)`), on a stream.
struct CutterChain {
  private var cutters: [StreamingPrefixCutter]

  init(_ rules: [(max: Int, unit: TextUnit)]) {
    cutters = rules.map { StreamingPrefixCutter(unit: $0.unit, maxCount: $0.max) }
  }

  /// Feeds a piece; `emit` receives the bytes every cutter keeps.
  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    if cutters.count == 1 {
      cutters[0].append(utf8: bytes, emit: emit)
      return
    }
    var kept = Array(bytes)
    for index in cutters.indices {
      var next: [UInt8] = []
      kept.withUnsafeBytes { cutters[index].append(utf8: $0) { next.append(contentsOf: $0) } }
      kept = next
    }
    kept.withUnsafeBytes { if !$0.isEmpty { emit($0) } }
  }

  /// Ends the stream: each cutter in turn emits what it held into the next.
  mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    if cutters.count == 1 {
      cutters[0].finish(emit: emit)
      return
    }
    var kept: [UInt8] = []
    for index in cutters.indices {
      var next: [UInt8] = []
      kept.withUnsafeBytes { cutters[index].append(utf8: $0) { next.append(contentsOf: $0) } }
      cutters[index].finish { next.append(contentsOf: $0) }
      kept = next
    }
    kept.withUnsafeBytes { if !$0.isEmpty { emit($0) } }
  }
}
