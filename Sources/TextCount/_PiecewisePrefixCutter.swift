/// `StreamingPrefixCutter` in the units other than grapheme clusters: the input is held until it
/// reaches a place where a cluster boundary is certain (`_SafeSplit`), so that what comes before
/// measures the same whatever follows; that part is measured by the counting loop and emitted
/// whole while it fits. The part that does not fit is cut by `TextCounter.prefixByteCount`.
struct _PiecewisePrefixCutter: Sendable {
  let counter: TextCounter
  let maxCount: Int
  /// Length of what was emitted.
  private(set) var total = 0
  private(set) var isComplete = false
  private(set) var didCut = false
  /// Bytes after the last certain boundary, not measured yet.
  private var held: [UInt8] = []
  /// The held bytes are measured once there are this many: a piece at a time when pieces are
  /// large; when they are small, after enough of them that the work per byte stays bounded.
  private var measuredAt = minimumMeasured
  private static let minimumMeasured = 1 << 12
  /// How far back from the end a certain boundary is looked for.
  private static let searched = 256

  init(counter: TextCounter, maxCount: Int) {
    self.counter = counter
    self.maxCount = maxCount
  }

  /// A non-empty piece, before the cutter is complete.
  /// - Complexity: O(`bytes.count`), amortized.
  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    if held.isEmpty && bytes.count >= measuredAt {
      measure(bytes, atEnd: false, emit: emit)
      return
    }
    held.append(contentsOf: bytes)
    if held.count >= measuredAt { measureHeld(atEnd: false, emit: emit) }
  }

  mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    guard !isComplete && !held.isEmpty else { return }
    measureHeld(atEnd: true, emit: emit)
  }

  private mutating func measureHeld(atEnd: Bool, emit: (UnsafeRawBufferPointer) -> Void) {
    let bytes = held
    held = []
    bytes.withUnsafeBytes { measure($0, atEnd: atEnd, emit: emit) }
  }

  /// Emits `bytes` up to their last certain boundary (all of them at the end of the input) if
  /// they fit, holding the rest; else the longest prefix that fits, and the cutter is complete.
  private mutating func measure(
    _ bytes: UnsafeRawBufferPointer, atEnd: Bool, emit: (UnsafeRawBufferPointer) -> Void
  ) {
    if atEnd && bytes.count <= Self.searched {
      // A short last part (a line): cut and measured in one walk.
      let (cut, length) = counter.prefixByteCountAndLength(utf8: bytes, maxCount: maxCount - total)
      total += length
      if cut > 0 { emit(UnsafeRawBufferPointer(rebasing: bytes[..<cut])) }
      if cut < bytes.count {
        isComplete = true
        didCut = true
      }
      return
    }
    var end = bytes.count
    if !atEnd {
      // The first certain boundary among the last bytes; none (inside a huge cluster): all held.
      guard
        let split = _SafeSplit.find(
          in: bytes, from: max(1, bytes.count - Self.searched), before: bytes.count)
      else {
        held = Array(bytes)
        measuredAt = 2 * held.count
        return
      }
      end = split
    }
    let head = UnsafeRawBufferPointer(rebasing: bytes[..<end])
    let length = counter.count(utf8: head)
    if length <= maxCount - total {
      total += length
      if !head.isEmpty { emit(head) }
      held = Array(bytes[end...])
      measuredAt = max(Self.minimumMeasured, 2 * held.count)
      return
    }
    let (cut, keptLength) = counter.prefixByteCountAndLength(utf8: head, maxCount: maxCount - total)
    total += keptLength
    if cut > 0 { emit(UnsafeRawBufferPointer(rebasing: head[..<cut])) }
    isComplete = true
    didCut = true
  }
}
