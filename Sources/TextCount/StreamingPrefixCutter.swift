/// Cuts a stream of UTF-8 to its longest prefix whose length is at most `maxCount`, never
/// splitting a grapheme cluster: `TextCounter.prefix(of:maxCount:)` for input that arrives in
/// pieces (a pipe, a file of any size).
///
/// ```swift
/// var cutter = StreamingPrefixCutter(unit: .graphemes, maxCount: 280)
/// for chunk in chunks { chunk.withUnsafeBytes { cutter.append(utf8: $0) { output.write($0) } } }
/// cutter.finish { output.write($0) }
/// ```
/// The bytes of the prefix are passed through unchanged (ill-formed sequences included: each
/// counts as one U+FFFD, as `String(decoding:)` would read it), so nothing is altered but the cut.
public struct StreamingPrefixCutter: Sendable {
  private var scanner: _AnyPrefixScanner

  /// - Precondition: `maxCount >= 0`.
  public init(unit: TextUnit = .graphemes, maxCount: Int, backend: TextCounter.Backend = .automatic)
  {
    precondition(maxCount >= 0, "StreamingPrefixCutter: maxCount must not be negative")
    let backend = TextCounter(unit: unit, backend: backend).backend
    if backend == .automaton {
      scanner = .automaton(_PrefixScanner(unit: unit, maxCount: maxCount))
      return
    }
    scanner = .swift(_PrefixScanner(unit: unit, maxCount: maxCount))
  }

  /// Whether the prefix has ended: everything appended from now on is dropped.
  public var isComplete: Bool { scanner.isComplete }

  /// The length of what was emitted so far.
  public var count: Int { scanner.count }

  /// Whether some input was dropped (the input was longer than `maxCount`).
  public var didCut: Bool { scanner.didCut }

  /// Feeds a piece; `emit` receives the bytes that belong to the prefix, in order.
  /// - Complexity: O(`bytes.count`); memory O(one grapheme cluster) for units other than
  ///   `.graphemes` (a cluster is held back until it is known to fit whole), O(1) for graphemes.
  public mutating func append(
    utf8 bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void
  ) {
    scanner.append(bytes, emit: emit)
  }

  /// Ends the stream, emitting the last cluster if it fits.
  public mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    scanner.finish(emit: emit)
  }
}

/// The backend switch, once per piece.
enum _AnyPrefixScanner: Sendable {
  case swift(_PrefixScanner<_StdlibSegmenter>)
  case automaton(_PrefixScanner<_TableSegmenter>)

  var isComplete: Bool {
    switch self {
    case .swift(let scanner): scanner.isComplete
    case .automaton(let scanner): scanner.isComplete
    }
  }

  var count: Int {
    switch self {
    case .swift(let scanner): scanner.total
    case .automaton(let scanner): scanner.total
    }
  }

  var didCut: Bool {
    switch self {
    case .swift(let scanner): scanner.didCut
    case .automaton(let scanner): scanner.didCut
    }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    switch self {
    case .swift(var scanner):
      scanner.append(bytes, emit: emit)
      self = .swift(scanner)
    case .automaton(var scanner):
      scanner.append(bytes, emit: emit)
      self = .automaton(scanner)
    }
  }

  mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    switch self {
    case .swift(var scanner):
      scanner.finish(emit: emit)
      self = .swift(scanner)
    case .automaton(var scanner):
      scanner.finish(emit: emit)
      self = .automaton(scanner)
    }
  }
}

/// Grapheme clusters: the counting loop itself (kernels included) finds the cut, stopping at the
/// first scalar of the cluster after the last one allowed, and whole runs of bytes are emitted
/// at once. Other units: decodes scalars (carrying a split scalar across pieces), finds cluster
/// boundaries, and emits whole clusters while the total fits.
struct _PrefixScanner<Segmenter: _GraphemeSegmenter>: Sendable {
  let unit: TextUnit
  let maxCount: Int
  private var segmenter = Segmenter()
  /// The counting loop, for grapheme clusters.
  private var clusters = _UTF8Scanner<Segmenter>(unit: .graphemes)
  /// Length of the clusters emitted (other units than grapheme clusters).
  private var emitted = 0
  /// Length of what was emitted.
  var total: Int { unit == .graphemes ? clusters.count : emitted }
  private(set) var isComplete = false
  private(set) var didCut = false
  /// Bytes of the cluster being read, held back until it is known to fit.
  private var cluster: [UInt8] = []
  private var meter: _ClusterMeter<Segmenter>
  private var hasCluster = false
  /// An unfinished scalar from the end of the last piece (at most 3 bytes).
  private var pending: [UInt8] = []

  init(unit: TextUnit, maxCount: Int) {
    self.unit = unit
    self.maxCount = maxCount
    meter = _ClusterMeter(unit: unit, normalization: .none)
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    guard !bytes.isEmpty else { return }
    if isComplete {
      didCut = true
      return
    }
    if unit == .graphemes {
      appendGraphemes(bytes, emit: emit)
      return
    }
    if !pending.isEmpty {
      // Finish the split scalar from the head of this piece; the rest is decoded in place.
      let take = min(4, bytes.count)
      let joined = pending + Array(bytes.prefix(take))
      let carried = pending.count
      pending = []
      var used = 0
      joined.withUnsafeBufferPointer { buffer in
        var position = 0
        while position < carried && !isComplete {
          let scalar = _decodeUTF8(
            buffer.baseAddress! + position, available: buffer.count - position)
          if scalar.length == 0 {
            pending = Array(buffer[position...])
            used = bytes.count <= take ? bytes.count : take
            return
          }
          feed(
            scalar,
            UnsafeRawBufferPointer(
              rebasing: UnsafeRawBufferPointer(buffer)[position..<(position + scalar.length)]),
            emit: emit)
          position += scalar.length
        }
        used = max(0, position - carried)
      }
      if !pending.isEmpty || isComplete {
        if isComplete { didCut = true }
        return
      }
      return append(UnsafeRawBufferPointer(rebasing: bytes[used...]), emit: emit)
    }
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var index = 0
    while index < bytes.count {
      let scalar = _decodeUTF8(base + index, available: bytes.count - index)
      if scalar.length == 0 {
        pending = Array(bytes[index...])
        return
      }
      feed(
        scalar, UnsafeRawBufferPointer(rebasing: bytes[index..<(index + scalar.length)]), emit: emit
      )
      if isComplete {
        didCut = true
        return
      }
      index += scalar.length
    }
  }

  /// The next piece, in grapheme clusters: the bytes before the cut (or all of them but an
  /// unfinished scalar at the end, held until it is finished) are emitted in one or two calls.
  private mutating func appendGraphemes(
    _ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void
  ) {
    let held = clusters.pendingBytes  // the last piece's unfinished scalar, not emitted yet
    if let stop = clusters.scanGraphemes(bytes, stoppingAfter: maxCount) {
      // A stop before the piece is in the held bytes; one in it keeps them all.
      let keptOfHeld = stop < 0 ? max(0, held.count + stop) : held.count
      if keptOfHeld > 0 {
        held.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[..<keptOfHeld])) }
      }
      if stop > 0 { emit(UnsafeRawBufferPointer(rebasing: bytes[..<stop])) }
      isComplete = true
      didCut = true
      return
    }
    let nowHeld = clusters.pendingBytes.count
    // The piece did not finish the held scalar: all of it is held now.
    if !held.isEmpty && nowHeld == held.count + bytes.count { return }
    if !held.isEmpty { held.withUnsafeBytes { emit($0) } }
    if bytes.count > nowHeld {
      emit(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - nowHeld)]))
    }
  }

  mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    if unit == .graphemes {
      // An unfinished scalar at the very end is one U+FFFD: emitted if it fits.
      let held = clusters.pendingBytes
      guard !held.isEmpty && !isComplete else { return }
      if clusters.addsClusterAtUnfinishedEnd() && clusters.count > maxCount {
        isComplete = true
        didCut = true
      } else {
        held.withUnsafeBytes { emit($0) }
      }
      return
    }
    if !pending.isEmpty && !isComplete {
      let bytes = pending
      pending = []
      bytes.withUnsafeBytes { feed(.invalid(length: bytes.count), $0, emit: emit) }
    }
    closeCluster(emit: emit)
  }

  /// One scalar and its original bytes.
  private mutating func feed(
    _ scalar: _DecodedScalar, _ bytes: UnsafeRawBufferPointer,
    emit: (UnsafeRawBufferPointer) -> Void
  ) {
    if segmenter.hasBreak(before: scalar.value) {
      closeCluster(emit: emit)
      if isComplete { return }
      hasCluster = true
    }
    meter.add(scalar.value)
    cluster.append(contentsOf: bytes)
  }

  /// The cluster being read is whole: emit it if it fits, else end the prefix.
  private mutating func closeCluster(emit: (UnsafeRawBufferPointer) -> Void) {
    guard hasCluster else { return }
    hasCluster = false
    let clusterLength = meter.finish()
    if emitted + clusterLength > maxCount {
      isComplete = true
      didCut = true
    } else {
      emitted += clusterLength
      cluster.withUnsafeBytes { emit($0) }
    }
    cluster.removeAll(keepingCapacity: true)
  }
}
