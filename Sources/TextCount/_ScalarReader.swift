/// Reads UTF-8 that arrives in pieces as Unicode scalars, each maximal ill-formed subpart as one
/// U+FFFD (as `String(decoding:as: UTF8.self)` repairs it), a scalar split across pieces
/// completed from the next: the input side of the units measured scalar by scalar in order
/// (SMS segments, words).
///
/// A piece is read by `resume` (the scalar the last piece left unfinished), then `decode` at
/// each index of the piece (or a fast path of the caller's own over bytes it knows), then
/// `endPiece` (an unfinished scalar kept for the next); `read` does all three.
struct _ScalarReader: Sendable {
  /// The bytes of an unfinished scalar at the end of the last piece (at most 3).
  private var pending: [UInt8] = []
  /// The offset of the first byte of the first ill-formed subpart, if any.
  private(set) var firstInvalidOffset: Int?
  /// The absolute offset of the current piece's first byte.
  private var offset = 0

  init() {}

  /// Completes the scalar the last piece left unfinished from the first bytes of `bytes`,
  /// calling `body` with it; returns the index where the piece's own scalars start, or
  /// `bytes.count` where the scalar is still unfinished or ends the piece (the piece is then
  /// read: `endPiece` need not be called).
  @inline(__always)
  mutating func resume(_ bytes: UnsafeRawBufferPointer, _ body: (UInt32) -> Void) -> Int {
    guard !pending.isEmpty else { return 0 }
    let taken = min(3, bytes.count)
    let joined = pending + UnsafeRawBufferPointer(rebasing: bytes[..<taken])
    let decoded = joined.withUnsafeBufferPointer {
      _decodeUTF8($0.baseAddress!, available: joined.count)
    }
    if decoded.length == 0 {
      pending = joined
      offset &+= bytes.count
      return bytes.count
    }
    if !decoded.isValid && firstInvalidOffset == nil {
      firstInvalidOffset = offset &- pending.count
    }
    let start = decoded.length &- pending.count
    pending = []
    body(decoded.value)
    if start == bytes.count { offset &+= bytes.count }
    return start
  }

  /// The scalar at `index` of the current piece (`base`, `end` bytes), the position of an
  /// ill-formed one noted; nil where the piece ends inside it (call `endPiece(unfinishedFrom:)`).
  @inline(__always)
  mutating func decode(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> _DecodedScalar? {
    let decoded = _decodeUTF8(base + index, available: end &- index)
    if decoded.length == 0 { return nil }
    if !decoded.isValid && firstInvalidOffset == nil { firstInvalidOffset = offset &+ index }
    return decoded
  }

  /// Ends the current piece, keeping its bytes from `index` (an unfinished scalar) for the next.
  @inline(__always)
  mutating func endPiece(_ bytes: UnsafeRawBufferPointer, unfinishedFrom index: Int?) {
    if let index { pending = Array(UnsafeRawBufferPointer(rebasing: bytes[index...])) }
    offset &+= bytes.count
  }

  /// Reads a whole piece scalar by scalar.
  /// - Complexity: O(`bytes.count`).
  @inline(__always)
  mutating func read(_ bytes: UnsafeRawBufferPointer, _ body: (UInt32) -> Void) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var index = resume(bytes, body)
    guard index < bytes.count else { return }
    let end = bytes.count
    while index < end {
      guard let decoded = decode(base, at: index, end: end) else {
        endPiece(bytes, unfinishedFrom: index)
        return
      }
      body(decoded.value)
      index &+= decoded.length
    }
    endPiece(bytes, unfinishedFrom: nil)
  }

  /// Ends the input: an unfinished scalar left is one U+FFFD.
  mutating func finish(_ body: (UInt32) -> Void) {
    guard !pending.isEmpty else { return }
    if firstInvalidOffset == nil { firstInvalidOffset = offset &- pending.count }
    pending = []
    body(_DecodedScalar.replacementCharacter)
  }
}
