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
    let counter = TextCounter(unit: unit, backend: backend)
    if unit != .graphemes {
      scanner = .pieces(_PiecewisePrefixCutter(counter: counter, maxCount: maxCount))
    } else if counter.backend == .automaton {
      scanner = .automaton(_GraphemePrefixScanner(maxCount: maxCount))
    } else {
      scanner = .swift(_GraphemePrefixScanner(maxCount: maxCount))
    }
  }

  /// Whether the prefix has ended: everything appended from now on is dropped.
  public var isComplete: Bool { scanner.isComplete }

  /// The length of what was emitted so far.
  public var count: Int { scanner.count }

  /// Whether some input was dropped (the input was longer than `maxCount`).
  public var didCut: Bool { scanner.didCut }

  /// Feeds a piece; `emit` receives the bytes that belong to the prefix, in order.
  ///
  /// In grapheme clusters every byte before the cut is emitted at once (but an unfinished scalar
  /// at the piece's end). In the other units, bytes are held until they reach 4 KiB (or twice
  /// what was held back last), then emitted up to a place where a cluster boundary is certain
  /// if they fit: the held bytes are those after that place, usually a few hundred.
  /// - Complexity: O(`bytes.count`), amortized; memory O(1) for graphemes, O(4 KiB + the
  ///   longest run with no certain cluster boundary) for the other units.
  public mutating func append(
    utf8 bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void
  ) {
    // After a cut (which set `didCut`), the rest is dropped.
    guard !bytes.isEmpty && !scanner.isComplete else { return }
    scanner.append(bytes, emit: emit)
  }

  /// Ends the stream, emitting what is held if it fits, or the longest prefix of it that does.
  public mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    scanner.finish(emit: emit)
  }
}

/// The unit and backend switch, once per piece.
enum _AnyPrefixScanner: Sendable {
  case swift(_GraphemePrefixScanner<_StdlibSegmenter>)
  case automaton(_GraphemePrefixScanner<_TableSegmenter>)
  case pieces(_PiecewisePrefixCutter)

  var isComplete: Bool {
    switch self {
    case .swift(let scanner): scanner.isComplete
    case .automaton(let scanner): scanner.isComplete
    case .pieces(let cutter): cutter.isComplete
    }
  }

  var count: Int {
    switch self {
    case .swift(let scanner): scanner.total
    case .automaton(let scanner): scanner.total
    case .pieces(let cutter): cutter.total
    }
  }

  var didCut: Bool {
    switch self {
    case .swift(let scanner): scanner.didCut
    case .automaton(let scanner): scanner.didCut
    case .pieces(let cutter): cutter.didCut
    }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    switch consume self {
    case .swift(var scanner):
      scanner.append(bytes, emit: emit)
      self = .swift(scanner)
    case .automaton(var scanner):
      scanner.append(bytes, emit: emit)
      self = .automaton(scanner)
    case .pieces(var cutter):
      cutter.append(bytes, emit: emit)
      self = .pieces(cutter)
    }
  }

  mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    switch consume self {
    case .swift(var scanner):
      scanner.finish(emit: emit)
      self = .swift(scanner)
    case .automaton(var scanner):
      scanner.finish(emit: emit)
      self = .automaton(scanner)
    case .pieces(var cutter):
      cutter.finish(emit: emit)
      self = .pieces(cutter)
    }
  }
}

/// Grapheme clusters: the counting loop itself (kernels included) finds the cut, stopping at the
/// first scalar of the cluster after the last one allowed, and whole runs of bytes are emitted
/// at once.
struct _GraphemePrefixScanner<Segmenter: _GraphemeSegmenter>: Sendable {
  let maxCount: Int
  /// The counting loop.
  private var clusters = _UTF8Scanner<Segmenter>(unit: .graphemes)
  /// Length of what was emitted: after a cut, `maxCount` (the loop stops at the first scalar of
  /// the cluster after the last one allowed, and its count is not kept up to there).
  var total: Int { isComplete ? maxCount : clusters.count }
  private(set) var isComplete = false
  private(set) var didCut = false

  init(maxCount: Int) {
    self.maxCount = maxCount
  }

  /// The next piece, in grapheme clusters: the bytes before the cut (or all of them but an
  /// unfinished scalar at the end, held until it is finished) are emitted in one or two calls.
  /// A non-empty piece, before the scanner is complete.
  mutating func append(
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
    // An unfinished scalar at the very end is one U+FFFD: emitted if it fits.
    let held = clusters.pendingBytes
    guard !held.isEmpty && !isComplete else { return }
    if clusters.addsClusterAtUnfinishedEnd() && clusters.count > maxCount {
      isComplete = true
      didCut = true
    } else {
      held.withUnsafeBytes { emit($0) }
    }
  }
}
