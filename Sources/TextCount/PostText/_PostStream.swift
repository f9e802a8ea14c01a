/// Counts a post length (`TextUnit.post`) over text that arrives in pieces: the text since the
/// last safe cut is held, and each part before such a cut is counted on its own.
///
/// A cut is safe after ASCII white space (space, tab, line feed) and before an ASCII byte that
/// no mark after it turns into another character in NFC (`isSafeCut`): no URL or mention holds
/// white space, each is told from the one scalar before it (white space and the start of a text
/// read alike before an ASCII character), a grapheme cluster always ends there, and Mastodon's
/// rewriting never joins across it. So the lengths of the parts add up to the length of the
/// whole, but for the content warning (counted with the first part) and Mastodon's rule that
/// white space alone counts nothing (applied at the end).
package struct _PostStream: Sendable {
  let length: PostLength
  let characters: TextCounter
  /// The bytes since the last safe cut.
  private var pending: [UInt8] = []
  /// The lengths of the parts counted so far.
  private var total = 0
  private var isFirstPart = true
  private var sawNonWhiteSpace = false
  /// Reports the first ill-formed byte.
  private var validator: _AnyUTF8Scanner

  init(length: PostLength, characters: TextCounter) {
    self.length = length
    self.characters = characters
    validator = _AnyUTF8Scanner(unit: .utf8, backend: characters.backend)
  }

  /// Adds the next bytes; counts what comes before the last safe cut in them.
  /// - Complexity: O(`bytes.count`) amortized; holds the bytes since the last safe cut.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    validator.scan(bytes)
    let searchFrom = max(pending.count, 1)
    pending.append(contentsOf: bytes)
    guard let cut = pending.withUnsafeBytes({ Self.lastSafeCut(in: $0, from: searchFrom) }) else {
      return
    }
    countPart(upTo: cut)
    pending.removeFirst(cut)
  }

  /// The last safe cut in `bytes` at or after `start` and at or before `last` (the last byte
  /// by default): where an ASCII byte follows ASCII white space (space, tab, line feed).
  /// - Complexity: O(`last - start`).
  package static func lastSafeCut(
    in bytes: UnsafeRawBufferPointer, from start: Int, through last: Int? = nil
  ) -> Int? {
    var cut = min(last ?? bytes.count - 1, bytes.count - 1)
    while cut >= max(start, 1) {
      if isSafeCut(bytes, at: cut) { return cut }
      cut -= 1
    }
    return nil
  }

  /// The first safe cut in `bytes` at or after `start`.
  /// - Complexity: O(distance to it).
  package static func firstSafeCut(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var cut = max(start, 1)
    while cut < bytes.count {
      if isSafeCut(bytes, at: cut) { return cut }
      cut += 1
    }
    return nil
  }

  /// Whether `bytes[offset]` (offset at least 1) is ASCII, follows a space, tab or line feed,
  /// and stays ASCII in NFC: the byte after it is known and does not start a mark of
  /// U+0300–U+037F (`e` and U+0301 compose to `é`, which twitter-text reads as a character that
  /// may precede a URL at the start of a text, but as part of the host after white space).
  @inline(__always)
  private static func isSafeCut(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    let before = bytes[offset - 1]
    guard bytes[offset] < 0x80 && (before == 0x20 || before == 0x09 || before == 0x0A),
      offset + 1 < bytes.count
    else { return false }
    return bytes[offset + 1] != 0xCC && bytes[offset + 1] != 0xCD
  }

  /// Ends the stream and returns the length of all of it.
  mutating func finish() -> Int {
    countPart(upTo: pending.count)
    pending.removeAll()
    if length.urlSyntax == .mastodon && !sawNonWhiteSpace {
      return characters.count(length.contentWarning)
    }
    return total
  }

  var firstInvalidOffset: Int? { validator.firstInvalidOffset }

  private mutating func countPart(upTo end: Int) {
    guard end > 0 || isFirstPart else { return }
    var part = length
    if !isFirstPart { part.contentWarning = "" }
    pending.withUnsafeBytes {
      let bytes = UnsafeRawBufferPointer(rebasing: $0[..<end])
      if !sawNonWhiteSpace && !_PostCount.isWhiteSpaceOnly(bytes) { sawNonWhiteSpace = true }
      total += _PostCount.count(
        bytes, length: part, characters: characters, appliesBlankRule: false)
    }
    isFirstPart = false
  }
}
