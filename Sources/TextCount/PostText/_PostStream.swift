/// Counts a post length (`TextUnit.post`) over text that arrives in pieces: the text since the
/// last safe cut is held, and each part before such a cut is counted on its own.
///
/// A cut is safe after ASCII white space (space, tab, line feed) and before an ASCII byte that
/// no mark after it turns into another character in NFC (`isSafeCut`): no URL or mention holds
/// white space, each is told from the one scalar before it (white space and the start of a text
/// read alike before an ASCII character), a grapheme cluster always ends there, and Mastodon's
/// rewriting never joins across it. So the lengths of the parts add up to the length of the
/// whole, but for the content warning (counted with the first part) and, for Mastodon's server,
/// what it strips at both ends and its rules for a blank text (`_PostCount.mastodonServerPost`):
/// the bytes it strips at the start are left out of the first parts, the warning goes with the
/// first part that keeps something, and the last part that keeps something is held until the
/// end, where it is counted again as stripped.
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
  /// Mastodon's server: whether a byte it does not strip has been read.
  private var sawUnstripped = false
  /// Mastodon's server: what shows whether a text of White_Space and NUL alone is blank once
  /// stripped (`readsStrippedBlank`).
  private var blankness = StrippedBlankness()
  /// Mastodon's server: the last part that kept something, whether the warning went with it,
  /// its length, and the lengths of the parts after it (stripped bytes alone).
  private var lastKept: (bytes: [UInt8], hasWarning: Bool, length: Int)?
  private var strippedAfterLastKept = 0

  /// Whether the length is Mastodon's server's, which strips the text.
  private var stripsText: Bool { length.urlSyntax == .mastodon }

  init(length: PostLength, characters: TextCounter) {
    self.length = length
    self.characters = characters
    validator = _AnyUTF8Scanner(unit: .utf8, backend: characters.backend)
  }

  /// Adds the next bytes; counts what comes before the last safe cut in them.
  /// - Complexity: O(`bytes.count`) amortized; holds the bytes since the last safe cut.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    validator.scan(bytes)
    // What Bluesky's app publishes is trimmed at both ends and cleaned across lines: read whole.
    if length.urlSyntax == .blueskyPublished {
      pending.append(contentsOf: bytes)
      return
    }
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
  /// may precede a URL at the start of a text, but as part of the host after white space). Nor
  /// is it a character that may both precede a URL and start its host (`"`, `` ` ``, controls:
  /// twitter-text's domain characters that are not letters or digits): after white space a host
  /// starts there, but read from it the character precedes the URL and the host starts after it
  /// (`x "` and a label of 63 letters: no URL, a label of 64 characters, as twitter-text reads
  /// it; from the `"`, a URL).
  @inline(__always)
  private static func isSafeCut(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    let before = bytes[offset - 1]
    let byte = bytes[offset]
    guard byte < 0x80 && (before == 0x20 || before == 0x09 || before == 0x0A),
      offset + 1 < bytes.count
    else { return false }
    return !_URLCharacters.mayPrecedeAndStartHost(ascii: byte) && bytes[offset + 1] != 0xCC
      && bytes[offset + 1] != 0xCD
  }

  /// Ends the stream and returns the length of all of it.
  mutating func finish() -> Int {
    countPart(upTo: pending.count)
    pending.removeAll()
    guard stripsText else { return total }
    guard sawNonWhiteSpace else {
      // White space alone: the server's reading of a blank text, the warning moved or not.
      return _PostCount.mastodonServerCount(
        UnsafeRawBufferPointer(start: nil, count: 0), length: length, characters: characters)
    }
    blankness.finish()
    if blankness.isStrippedBlank {
      // White space and NUL at its ends alone: blank once stripped, the warning alone counts.
      return characters.count(_PostCount.strippedWarning(length.contentWarning))
    }
    guard let lastKept else { return total }
    // The last part that kept something, counted again as stripped at its end, and the
    // stripped parts after it left out.
    var part = length
    part.contentWarning =
      lastKept.hasWarning ? _PostCount.strippedWarning(length.contentWarning) : ""
    let stripped = lastKept.bytes.withUnsafeBytes {
      _PostCount.count(
        UnsafeRawBufferPointer(rebasing: $0[..<_PostCount.strippedRange($0).upperBound]),
        length: part, characters: characters, appliesBlankRule: false)
    }
    return total - lastKept.length - strippedAfterLastKept + stripped
  }

  var firstInvalidOffset: Int? { validator.firstInvalidOffset }

  private mutating func countPart(upTo end: Int) {
    guard end > 0 || isFirstPart else { return }
    var part = length
    if stripsText {
      part.contentWarning = _PostCount.strippedWarning(length.contentWarning)
    }
    if !isFirstPart { part.contentWarning = "" }
    pending.withUnsafeBytes {
      var bytes = UnsafeRawBufferPointer(rebasing: $0[..<end])
      if !sawNonWhiteSpace && !_PostCount.isWhiteSpaceOnly(bytes) { sawNonWhiteSpace = true }
      if stripsText { blankness.read(bytes) }
      guard stripsText else {
        total += _PostCount.count(
          bytes, length: part, characters: characters, appliesBlankRule: false)
        return
      }
      if !sawUnstripped {
        // What the server strips at the start of the text counts nothing; the warning waits
        // for the first part that keeps something.
        let start = _PostCount.strippedRange(bytes).lowerBound
        bytes = UnsafeRawBufferPointer(rebasing: bytes[start...])
        if bytes.isEmpty { return }
        sawUnstripped = true
      }
      let partLength = _PostCount.count(
        bytes, length: part, characters: characters, appliesBlankRule: false)
      total += partLength
      if _PostCount.strippedRange(bytes).isEmpty {
        strippedAfterLastKept += partLength
      } else {
        lastKept = (Array(bytes), !part.contentWarning.isEmpty, partLength)
        strippedAfterLastKept = 0
      }
      isFirstPart = false
    }
    if !stripsText { isFirstPart = false }
  }
}

/// Whether a text Mastodon's server strips is blank once stripped where it was not before: a
/// text of White_Space and NUL alone, each NUL in the runs of NUL and ASCII white space at its
/// ends (`"\u{0}\u{3000}"` is `"\u{3000}"` stripped, blank; `"\u{3000}\u{0}\u{3000}"` is not).
/// Read in pieces, O(1) state; once a scalar that is neither is read, it is not.
struct StrippedBlankness: Sendable {
  /// A scalar that is neither White_Space nor NUL, or a NUL between two kept scalars.
  private var sawSolid = false
  /// A scalar the server keeps (White_Space beyond ASCII) has been read.
  private var sawKept = false
  /// A NUL after a kept scalar, which a later kept scalar puts in the middle.
  private var nulAfterKept = false
  private var reader = _ScalarReader()

  /// Whether the text read is blank once stripped (White_Space and NUL at the ends alone).
  var isStrippedBlank: Bool { !sawSolid }

  mutating func read(_ bytes: UnsafeRawBufferPointer) {
    guard !sawSolid else { return }
    var reader = self.reader
    reader.read(bytes) { add($0) }
    self.reader = reader
  }

  /// Ends the text: a scalar left unfinished is one U+FFFD, which is neither.
  mutating func finish() {
    var reader = self.reader
    reader.finish { add($0) }
    self.reader = reader
  }

  private mutating func add(_ scalar: UInt32) {
    switch scalar {
    case 0: if sawKept { nulAfterKept = true }
    case 0x09...0x0D, 0x20: break
    default:
      guard let value = Unicode.Scalar(scalar), _URLCharacters.isWhiteSpace(value) else {
        sawSolid = true
        return
      }
      if nulAfterKept { sawSolid = true }
      sawKept = true
    }
  }
}
