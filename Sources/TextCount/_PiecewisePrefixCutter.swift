/// `StreamingPrefixCutter` in the units other than grapheme clusters: the input is held until it
/// reaches a place where a cluster boundary is certain (`_SafeSplit`), so that what comes before
/// measures the same whatever follows; that part is measured by the counting loop and emitted
/// whole while it fits. The part that does not fit is cut by `TextCounter.prefixByteCount`.
///
/// A post length's parts (and words') end at the safe cuts of `_PostStream` instead (after white
/// space, before ASCII), a post's first carrying the content warning; white space at the start is held until
/// some text follows, since Mastodon counts a text of white space alone as nothing.
struct _PiecewisePrefixCutter: Sendable {
  let counter: TextCounter
  let maxCount: Int
  /// For a post length: the length the next part is measured in (the content warning goes with
  /// the first part only).
  private var part: PostLength?
  /// Whether something other than white space has been read (post lengths).
  private var sawText = false
  /// Whether no part has been emitted yet.
  private var isFirstPart = true
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
    if case .post(var length) = counter.unit {
      if length.urlSyntax == .mastodon {
        length.contentWarning = _PostCount.strippedWarning(length.contentWarning)
      }
      part = length
    }
  }

  /// Whether the length is Mastodon's server's, which strips the text at both ends.
  private var stripsText: Bool { part?.urlSyntax == .mastodon }

  /// A non-empty piece, before the cutter is complete.
  /// - Complexity: O(`bytes.count`), amortized.
  mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
    // SMS segments tell nothing of a part: the whole input is held, then cut at the end.
    if counter.unit.isWholeTextMeasure {
      held.append(contentsOf: bytes)
      return
    }
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
    if part != nil && !sawText {
      // White space alone (and for Mastodon's server, NUL among it, which it strips at the
      // ends: blank once stripped) is held to the end and measured whole.
      if stripsText
        ? _PostCount.isWhiteSpaceAndNULOnly(bytes) : _PostCount.isWhiteSpaceOnly(bytes)
      {
        guard atEnd else {
          held = Array(bytes)
          measuredAt = max(Self.minimumMeasured, 2 * held.count)
          return
        }
        // White space alone, the whole input: as the post length counts it.
        let (cut, length) = counter.prefixByteCountAndLength(utf8: bytes, maxCount: maxCount)
        emitLast(bytes, cut: cut, length: length, emit: emit)
        return
      }
      sawText = true
    }
    if atEnd && bytes.count <= Self.searched {
      // A short last part (a line): cut and measured in one walk.
      let (cut, length) = prefix(of: bytes, maxCount: maxCount - total)
      emitLast(bytes, cut: cut, length: length, emit: emit)
      return
    }
    var end = bytes.count
    if !atEnd {
      // The first certain boundary among the last bytes (a post length's last safe cut); none
      // (inside a huge cluster, or a post's text with no white space): all held.
      let split =
        counter.unit.addsUpAtPostSafeCuts
        ? _PostStream.lastSafeCut(in: bytes, from: 1)
        : _SafeSplit.find(in: bytes, from: max(1, bytes.count - Self.searched), before: bytes.count)
      guard let split else {
        held = Array(bytes)
        measuredAt = 2 * held.count
        return
      }
      end = split
    }
    let head = UnsafeRawBufferPointer(rebasing: bytes[..<end])
    let length = self.length(of: head)
    if length <= maxCount - total {
      total += length
      if !head.isEmpty { emit(head) }
      held = Array(bytes[end...])
      measuredAt = max(Self.minimumMeasured, 2 * held.count)
      part?.contentWarning = ""
      isFirstPart = false
      return
    }
    let (cut, keptLength) = prefix(of: head, maxCount: maxCount - total)
    total += keptLength
    if cut > 0 { emit(UnsafeRawBufferPointer(rebasing: head[..<cut])) }
    isComplete = true
    didCut = true
  }

  /// Emits the last part's prefix of `cut` bytes and `length`; the cutter is complete if it cut.
  private mutating func emitLast(
    _ bytes: UnsafeRawBufferPointer, cut: Int, length: Int,
    emit: (UnsafeRawBufferPointer) -> Void
  ) {
    total += length
    if cut > 0 { emit(UnsafeRawBufferPointer(rebasing: bytes[..<cut])) }
    if cut < bytes.count {
      isComplete = true
      didCut = true
    }
  }

  /// The length of a part: the counter's, or a post length's part's (its lengths add up). For
  /// Mastodon's server, the first part without what the server strips at the start.
  private func length(of bytes: UnsafeRawBufferPointer) -> Int {
    guard let part else { return counter.count(utf8: bytes) }
    var bytes = bytes
    if stripsText && isFirstPart {
      bytes = UnsafeRawBufferPointer(rebasing: bytes[_PostCount.strippedRange(bytes).lowerBound...])
    }
    return _PostCount.count(
      bytes, length: part, characters: counter.characterCounter(part), appliesBlankRule: false)
  }

  /// The longest prefix of a part within `maxCount`, and its length. For Mastodon's server, the
  /// first part's is the whole text's (nothing was emitted before it), and a later part's cut
  /// takes in the bytes the server strips after it (the end of what is emitted).
  private func prefix(of bytes: UnsafeRawBufferPointer, maxCount: Int) -> (
    byteCount: Int, length: Int
  ) {
    guard let part else { return counter.prefixByteCountAndLength(utf8: bytes, maxCount: maxCount) }
    if stripsText && isFirstPart {
      return counter.prefixByteCountAndLength(utf8: bytes, maxCount: maxCount)
    }
    let characters = counter.characterCounter(part)
    var cut = _PostCount.prefixByteCount(
      bytes, maxCount: maxCount, length: part, characters: characters, appliesBlankRule: false)
    let length = self.length(of: UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
    if stripsText {
      cut = _PostCount.takingInStrippedBytes(after: cut, in: bytes, length: part)
    }
    return (cut, length)
  }
}
