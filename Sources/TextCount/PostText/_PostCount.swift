/// Counts and cuts text in a post length (`TextUnit.post`), over a counter of its characters
/// (`PostLength.unit`, with the post counter's backend, concurrency and normalization).
///
/// Text where no URL or mention the length shortens can start (no `.` before a letter for
/// twitter-text's URLs, no `://` for Mastodon's, no `@` for mentions without their domain; see
/// `firstCandidate`) is counted as the unit counts it, after one scan for those bytes (64 at a
/// step). Around such bytes, from the safe cut before to the safe cut after (`_PostStream`),
/// the text is read as the platform reads it (`PostLength`'s summary): pieces between
/// twitter-text's URLs measured apart, or Mastodon's rewritten text measured whole.
package enum _PostCount {
  /// The length of `bytes`, ill-formed bytes repaired.
  /// - Parameter appliesBlankRule: Whether Mastodon's rule that white space alone counts
  ///   nothing applies (false for a piece of a longer text).
  /// - Complexity: O(n): a scan for bytes that may start a URL or mention, then the count; the
  ///   stretches around such bytes are read for URLs and mentions (`stretchesTotal`).
  package static func count(
    _ bytes: UnsafeRawBufferPointer, length: PostLength, characters: TextCounter,
    appliesBlankRule: Bool = true
  ) -> Int {
    if appliesBlankRule && length.urlSyntax == .mastodon {
      return mastodonServerCount(bytes, length: length, characters: characters)
    }
    if length.urlSyntax == .blueskyPublished {
      return _BlueskyPost.published(bytes).withUnsafeBytes { characters.count(utf8: $0) }
    }
    guard !length.contentWarning.isEmpty else {
      return stretchesTotal(bytes, length: length, characters: characters)
    }
    // The content warning is read with the text up to the first safe cut, where the lengths
    // add up, and the rest without it.
    let head = _PostStream.firstSafeCut(in: bytes, from: 1) ?? bytes.count
    var rest = length
    rest.contentWarning = ""
    return entityTotal(
      UnsafeRawBufferPointer(rebasing: bytes[..<head]), length: length, characters: characters)
      + stretchesTotal(
        UnsafeRawBufferPointer(rebasing: bytes[head...]), length: rest, characters: characters)
  }

  /// How far apart, in bytes, two stretches read for URLs and mentions may be and still be read
  /// as one: each reading has a fixed cost.
  static let stretchGap = 64

  /// How long a stretch grows by taking in the next ones, about: the reading's memory is in
  /// proportion to it.
  static let stretchSize = 4_096

  /// The length of a text with no content warning. Only the stretches around the bytes where a
  /// URL or mention may start (`firstCandidate`) are read for them: each from the last safe cut
  /// (`_PostStream`) at or before such a byte to the first after it, stretches less than
  /// `stretchGap` apart read as one up to `stretchSize`. The text between holds none and is
  /// counted as the unit counts it; the lengths add up at safe cuts.
  /// - Complexity: O(n).
  private static func stretchesTotal(
    _ bytes: UnsafeRawBufferPointer, length: PostLength, characters: TextCounter
  ) -> Int {
    var total = 0
    var plainStart = 0
    var candidate = firstCandidate(in: bytes, length: length, characters: characters)
    while let found = candidate {
      let start =
        _PostStream.lastSafeCut(in: bytes, from: plainStart + 1, through: found) ?? plainStart
      if start > plainStart {
        total += characters.count(utf8: UnsafeRawBufferPointer(rebasing: bytes[plainStart..<start]))
      }
      var end = _PostStream.firstSafeCut(in: bytes, from: found + 1) ?? bytes.count
      candidate = firstCandidate(in: bytes, from: end, length: length, characters: characters)
      while let next = candidate, next - end < stretchGap, end - start < stretchSize {
        end = _PostStream.firstSafeCut(in: bytes, from: next + 1) ?? bytes.count
        candidate = firstCandidate(in: bytes, from: end, length: length, characters: characters)
      }
      total += entityTotal(
        UnsafeRawBufferPointer(rebasing: bytes[start..<end]), length: length,
        characters: characters)
      plainStart = end
    }
    if plainStart < bytes.count {
      total += characters.count(utf8: UnsafeRawBufferPointer(rebasing: bytes[plainStart...]))
    }
    return total
  }

  /// The length of a text read whole for URLs and mentions, the content warning before it.
  /// - Complexity: O(n), with memory in proportion to the text.
  static func entityTotal(
    _ bytes: UnsafeRawBufferPointer, length: PostLength, characters: TextCounter
  ) -> Int {
    length.urlSyntax == .bluesky
      ? _BlueskyPost.shortened(bytes).withUnsafeBytes { characters.count(utf8: $0) }
      : length.urlSyntax == .mastodonComposer
        ? composerRewritten(bytes, length: length, urlXs: countedURLXs).counted(by: characters)
        : length.urlSyntax == .mastodon
          ? rewritten(bytes, length: length, urlXs: countedURLXs).counted(by: characters)
          : withTextAsNormalized(bytes, characters: characters) { text, _ in
            pieceTotal(text, length: length, characters: characters)
          }
  }

  /// The length in bytes of the longest prefix of `bytes` whose own length is at most
  /// `maxCount`, ending on a grapheme-cluster boundary of the whole text and never inside a URL
  /// or mention (a cut URL is a different URL).
  /// - Complexity: O(n) per try, usually two: the cut the pieces' lengths give, then a count of
  ///   that prefix (which may hold a URL the whole text did not, e.g. `a.com` cut from `a.comx`;
  ///   then the cut moves before it and is counted again, and each cluster between the two cuts
  ///   is tried, longest first).
  static func prefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter,
    appliesBlankRule: Bool = true
  ) -> Int {
    if appliesBlankRule && length.urlSyntax == .mastodon {
      return mastodonServerPrefixByteCount(
        bytes, maxCount: maxCount, length: length, characters: characters)
    }
    if length.urlSyntax == .blueskyPublished {
      return publishedPrefixByteCount(
        bytes, maxCount: maxCount, length: length, characters: characters)
    }
    return cutIgnoringLeadingWhiteSpace(
      bytes, maxCount: maxCount, length: length, characters: characters,
      appliesBlankRule: appliesBlankRule)
  }

  /// `prefixByteCount` for the text Bluesky's app publishes, whose length is the published
  /// text's (trimmed and cleaned, its links shortened): the longest prefix that ends on a
  /// cluster boundary outside every link and fits, searched by halves over those boundaries
  /// (a longer prefix seldom measures less: a third line break collapsing, white space at the
  /// end), then up to eight boundaries past the one found tried in case one does.
  /// - Complexity: O(n log n).
  private static func publishedPrefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter
  ) -> Int {
    let links = _BlueskyPost.links(in: bytes).map { $0.range }
    var cuts = [0]
    TextCounter.forEachGraphemeClusterEnd(utf8: bytes) { end in
      if !links.contains(where: { $0.lowerBound < end && end < $0.upperBound }) {
        cuts.append(end)
      }
    }
    func fits(_ index: Int) -> Bool {
      count(
        UnsafeRawBufferPointer(rebasing: bytes[..<cuts[index]]), length: length,
        characters: characters) <= maxCount
    }
    guard fits(0) else { return 0 }
    var (low, high) = (0, cuts.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if fits(middle) { low = middle } else { high = middle - 1 }
    }
    var best = low
    for index in stride(from: low + 1, to: min(cuts.count, low + 9), by: 1) where fits(index) {
      best = index
    }
    return cuts[best]
  }

  /// `prefixByteCount` for Mastodon's server, which strips the text and counts a blank one as
  /// nothing (`mastodonServerPost`): what it strips at the start counts nothing, so a cut is
  /// searched in the rest; white space alone fits wherever it counts no more than the limit;
  /// and the bytes it strips after a cut count nothing either, so the cut takes them in (up to
  /// the last cluster boundary among them, and never into a URL or mention).
  private static func mastodonServerPrefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter
  ) -> Int {
    func fits(_ end: Int) -> Bool {
      count(UnsafeRawBufferPointer(rebasing: bytes[..<end]), length: length, characters: characters)
        <= maxCount
    }
    if isWhiteSpaceOnly(bytes) { return fits(bytes.count) ? bytes.count : 0 }
    // White space with NUL: blank once stripped where the NULs are at the ends.
    if isWhiteSpaceAndNULOnly(bytes) && fits(bytes.count) { return bytes.count }
    // What the server strips at the start: the rest is read as the server reads it (a space
    // that a mark joins is not there; a cut at the rest's start is moved to a boundary below).
    let lead = strippedRange(bytes).lowerBound
    // The warning as the server keeps it with a text that is not blank: the cuts the rewritten
    // text gives are then the server's.
    var stripped = length
    stripped.contentWarning = strippedWarning(length.contentWarning)
    var cut =
      lead
      + cutIgnoringLeadingWhiteSpace(
        UnsafeRawBufferPointer(rebasing: bytes[lead...]), maxCount: maxCount, length: stripped,
        characters: characters, appliesBlankRule: true)
    if cut == lead { cut = clusterBoundary(atOrBefore: lead, in: bytes) }
    let blankEnd = clusterBoundary(atOrBefore: leadingWhiteSpaceEnd(bytes), in: bytes)
    if blankEnd > cut && fits(blankEnd) { cut = blankEnd }
    if cut <= lead && !fits(cut) { return 0 }
    return takingInStrippedBytes(after: cut, in: bytes, length: length)
  }

  /// `cut`, moved past the bytes Mastodon's server strips after it (which count nothing at the
  /// end of a text), to the last cluster boundary among them, unless that is inside a URL.
  /// - Complexity: O(length of those bytes), and O(n log n) where they end inside a cluster or
  ///   hold a NUL (a URL's path may).
  static func takingInStrippedBytes(
    after cut: Int, in bytes: UnsafeRawBufferPointer, length: PostLength
  ) -> Int {
    var strippedEnd = cut
    var holdsNUL = false
    while strippedEnd < bytes.count && isStripped(bytes[strippedEnd]) {
      holdsNUL = holdsNUL || bytes[strippedEnd] == 0
      strippedEnd += 1
    }
    guard strippedEnd > cut else { return cut }
    let isBoundary =
      strippedEnd == bytes.count || bytes[strippedEnd] < 0x80 && bytes[strippedEnd - 1] != 0x0D
    let extended = isBoundary ? strippedEnd : clusterBoundary(atOrBefore: strippedEnd, in: bytes)
    guard extended > cut else { return cut }
    if holdsNUL
      && keptWhole(bytes, length: length).contains(where: {
        $0.lowerBound < extended && extended < $0.upperBound
      })
    {
      return cut
    }
    return extended
  }

  /// `prefixByteCount`, but for Mastodon's leading white space.
  private static func cutIgnoringLeadingWhiteSpace(
    _ bytes: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter,
    appliesBlankRule: Bool = true
  ) -> Int {
    if length.contentWarning.isEmpty
      && firstCandidate(in: bytes, length: length, characters: characters) == nil
      && !(appliesBlankRule && length.urlSyntax == .mastodon && isWhiteSpaceOnly(bytes))
    {
      return characters.prefixByteCount(utf8: bytes, maxCount: maxCount)
    }
    let wholeKept = keptWhole(bytes, length: length)
    var end = bytes.count
    var failedCut: Int?
    while true {
      let text = UnsafeRawBufferPointer(rebasing: bytes[..<end])
      let textLength = count(
        text, length: length, characters: characters, appliesBlankRule: appliesBlankRule)
      if textLength <= maxCount {
        guard let failedCut else { return end }
        // The cut before fitted by the whole text's reading but not by its own (a URL of its
        // own, such as `https://t.co` cut from a t.co link whose slug is too long): the longest
        // prefix between the two that fits, cutting nothing the whole text keeps whole.
        var longer = clusterBoundary(atOrBefore: failedCut - 1, in: bytes)
        while longer > end {
          if !wholeKept.contains(where: { $0.lowerBound < longer && longer < $0.upperBound }),
            count(
              UnsafeRawBufferPointer(rebasing: bytes[..<longer]), length: length,
              characters: characters, appliesBlankRule: appliesBlankRule) <= maxCount
          {
            return longer
          }
          longer = clusterBoundary(atOrBefore: longer - 1, in: bytes)
        }
        return end
      }
      // Nothing fits when the content warning alone is too long.
      guard end > 0 else { return 0 }
      if end < bytes.count { failedCut = end }
      let cut =
        length.urlSyntax != .twitter
        ? rewrittenCut(text, maxCount: maxCount, length: length, characters: characters)
        : withTextAsNormalized(text, characters: characters) { normalized, copy in
          let cut = pieceCut(
            normalized, maxCount: maxCount, length: length, characters: characters)
          return copy?.textOffset(ofCopyOffset: cut) ?? cut
        }
      // The pieces fit where the text's own length did not: the two readings disagree, which
      // is a bug (as when a stretch was read from a `"` after white space, `_PostStream`'s
      // safe cuts). Not a crash in an app's delegate: the cut goes a cluster back, and the loop
      // counts again, so that what it returns fits.
      assert(cut < end, "_PostCount: a text over the limit was cut at its end")
      end = clusterBoundary(atOrBefore: min(cut, end - 1), in: text)
      // A cluster may hold a URL's last character and a mark after it: its start is then inside
      // the URL, and the cut goes before the URL.
      let kept = text.count < bytes.count ? keptWhole(text, length: length) : wholeKept
      while let entity = kept.first(where: { $0.lowerBound < end && end < $0.upperBound }) {
        end = clusterBoundary(atOrBefore: entity.lowerBound, in: text)
      }
    }
  }

  /// Where the white space at the start of the text (Unicode's White_Space) ends.
  /// - Complexity: O(length of the leading white space).
  private static func leadingWhiteSpaceEnd(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    var index = 0
    while index < bytes.count {
      let scalar = _decodeUTF8(base + index, available: bytes.count - index)
      guard scalar.isValid, scalar.length > 0, let value = Unicode.Scalar(scalar.value),
        _URLCharacters.isWhiteSpace(value)
      else { break }
      index += scalar.length
    }
    return index
  }

  /// The text with each link Bluesky's app shortens shortened, and its pieces (a link's
  /// shortened form kept whole).
  static func blueskyRewritten(_ text: UnsafeRawBufferPointer) -> (
    bytes: [UInt8], pieces: [RewrittenPiece]
  ) {
    var bytes: [UInt8] = []
    var pieces: [RewrittenPiece] = []
    var start = 0
    func copy(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      let rewrittenStart = bytes.count
      bytes += text[range]
      pieces.append(
        RewrittenPiece(rewritten: rewrittenStart..<bytes.count, text: range, isWhole: false))
    }
    for link in _BlueskyPost.links(in: text) {
      copy(start..<link.range.lowerBound)
      let rewrittenStart = bytes.count
      bytes += link.shortened.utf8
      pieces.append(
        RewrittenPiece(rewritten: rewrittenStart..<bytes.count, text: link.range, isWhole: true))
      start = link.range.upperBound
    }
    copy(start..<text.count)
    return (bytes, pieces)
  }

  // MARK: Mastodon's server: the post as it stores it

  /// What Mastodon's server validates of a post (Mastodon 4.6.5): where the text is blank
  /// (`blank?`: empty or Unicode White_Space alone) and the content warning is not, the warning
  /// takes the text's place (`PostStatusService`; a post that quotes another keeps it, which a
  /// length cannot see); then both are stripped (`Status#prepare_contents`: `String#strip`, NUL
  /// and ASCII white space at both ends).
  enum MastodonServerPost {
    /// The stripped text (a range of the bytes) with the stripped content warning.
    case text(Range<Int>, warning: [UInt8])
    /// The stripped content warning, moved into the blank text's place.
    case warningAsText([UInt8])
  }

  /// The post Mastodon's server validates, from the text's bytes and the content warning.
  /// - Complexity: O(length of the white space at the ends, and of the warning).
  static func mastodonServerPost(_ bytes: UnsafeRawBufferPointer, warning: String)
    -> MastodonServerPost
  {
    var warningBytes = Array(warning.utf8)
    let warningIsBlank = warningBytes.withUnsafeBytes { isWhiteSpaceOnly($0) }
    if !warningIsBlank && isWhiteSpaceOnly(bytes) {
      return .warningAsText(warningBytes.withUnsafeBytes { Array($0[strippedRange($0)]) })
    }
    warningBytes = warningBytes.withUnsafeBytes { Array($0[strippedRange($0)]) }
    return .text(strippedRange(bytes), warning: warningBytes)
  }

  /// Mastodon's server count (`PostLength.URLSyntax.mastodon`): the post as it stores it
  /// (`mastodonServerPost`); a blank text counts nothing (`StatusLengthValidator`'s
  /// `countable_text`), and the content warning is measured with the rest, before it, joined.
  /// - Complexity: O(n).
  static func mastodonServerCount(
    _ bytes: UnsafeRawBufferPointer, length: PostLength, characters: TextCounter
  ) -> Int {
    var part = length
    switch mastodonServerPost(bytes, warning: length.contentWarning) {
    case .warningAsText(let text):
      part.contentWarning = ""
      return text.withUnsafeBytes {
        count($0, length: part, characters: characters, appliesBlankRule: false)
      }
    case .text(let range, let warning):
      let text = UnsafeRawBufferPointer(rebasing: bytes[range])
      if isWhiteSpaceOnly(text) { return characters.count(utf8: warning) }
      part.contentWarning = String(decoding: warning, as: UTF8.self)
      return count(text, length: part, characters: characters, appliesBlankRule: false)
    }
  }

  /// The content warning as the server keeps it where the text is not blank: stripped.
  package static func strippedWarning(_ warning: String) -> String {
    guard let first = warning.utf8.first, let last = warning.utf8.last,
      isStripped(first) || isStripped(last)
    else { return warning }
    let bytes = Array(warning.utf8)
    return bytes.withUnsafeBytes { String(decoding: $0[strippedRange($0)], as: UTF8.self) }
  }

  /// Whether Ruby's `String#strip` removes `byte` at either end: NUL, and ASCII white space
  /// (tab, line feed, vertical tab, form feed, carriage return, space).
  @inline(__always)
  static func isStripped(_ byte: UInt8) -> Bool {
    byte == 0 || byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// The bytes `String#strip` keeps: from the first byte it does not strip to the last.
  /// - Complexity: O(length of the stripped bytes).
  package static func strippedRange(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    var start = 0
    var end = bytes.count
    while start < end && isStripped(bytes[start]) { start += 1 }
    while end > start && isStripped(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  // MARK: Where URLs and mentions may start

  /// The offset of the first byte at or after `start` where a URL or mention that `length`
  /// counts differently could start, or nil: a `.` followed by an ASCII letter or a non-ASCII
  /// byte (every twitter-text host ends in a dot and a top-level domain), `://` (Mastodon's URLs
  /// have a scheme), an `@` (a mention without its domain). Nil when `length` shortens neither.
  /// Under NFKC, `start` itself for twitter-text's URLs, which are found in the normalized
  /// text: `．` (U+FF0E), `․` (U+2024) and others become a `.` there.
  /// - Complexity: O(n - `start`), 64 bytes a step where the SIMD kernels run.
  static func firstCandidate(
    in bytes: UnsafeRawBufferPointer, from start: Int = 0, length: PostLength,
    characters: TextCounter
  ) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { return nil }
    if length.urlSyntax == .twitter && length.urlLength != nil
      && characters.normalization == .nfkc
    {
      return start
    }
    guard let (first, second) = candidateBytes(length) else { return nil }
    let candidate = _VectorKernels.firstPostCandidate(
      among: (first, second, first, second), in: base + start, end: bytes.count - start)
    return candidate < bytes.count - start ? start + candidate : nil
  }

  /// The bytes where a URL or mention `length` counts apart may start (the same twice for one
  /// kind), or nil where it counts neither: its URL syntax's `urlMarkByte` (`.` for
  /// twitter-text's URLs, `:` for those with a scheme: Mastodon's, Bluesky's shortened links,
  /// which it counts whatever `urlLength`), `@` for mentions without their domain.
  package static func candidateBytes(_ length: PostLength) -> (UInt8, UInt8)? {
    let urls: UInt8?
    switch length.urlSyntax {
    case .twitter, .mastodon, .mastodonComposer:
      urls = length.urlLength == nil ? nil : length.urlSyntax.urlMarkByte
    case .bluesky, .blueskyPublished: urls = length.urlSyntax.urlMarkByte
    }
    let mentions: UInt8? =
      length.mentions == .withoutDomain
        && (length.urlSyntax == .mastodon || length.urlSyntax == .mastodonComposer) ? 0x40 : nil
    guard let first = urls ?? mentions else { return nil }
    return (first, mentions ?? first)
  }

  /// Whether the text is white space alone (Unicode's White_Space, what Ruby's `[[:space:]]`
  /// matches: Mastodon's `blank?`), empty included.
  /// - Complexity: O(length of the leading white space).
  package static func isWhiteSpaceOnly(_ bytes: UnsafeRawBufferPointer) -> Bool {
    leadingWhiteSpaceEnd(bytes) == bytes.count
  }

  /// Whether the text is White_Space and NUL alone, empty included: what Mastodon's server may
  /// read as blank once it has stripped the NULs at the ends (`StrippedBlankness`).
  /// - Complexity: O(n).
  package static func isWhiteSpaceAndNULOnly(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var reader = _ScalarReader()
    var sawOther = false
    let add = { (scalar: UInt32) in
      if scalar != 0, !(Unicode.Scalar(scalar).map(_URLCharacters.isWhiteSpace) ?? false) {
        sawOther = true
      }
    }
    reader.read(bytes, add)
    reader.finish(add)
    return !sawOther
  }

  // MARK: twitter-text: the pieces between URLs, measured apart

  /// Calls `body` with the text as the character counter normalizes it (twitter-text finds URLs
  /// in NFC text) and the normalized copy, if one was made.
  private static func withTextAsNormalized<Result>(
    _ bytes: UnsafeRawBufferPointer, characters: TextCounter,
    _ body: (UnsafeRawBufferPointer, _NormalizedCopy?) -> Result
  ) -> Result {
    var form = characters.normalization
    if form == .none, case .weighted(let table) = characters.unit, table.normalizesToNFC {
      form = .nfc
    }
    guard form != .none && (form != .nfc || mayChangeInNFC(bytes)),
      let copy = _NormalizedCopy(bytes, form: form)
    else { return body(bytes, nil) }
    return copy.bytes.withUnsafeBytes { body($0, copy) }
  }

  /// Whether NFC may change a scalar of the text (`_ScalarTables.nfcMayChange`); when none, the
  /// text is NFC but perhaps for the order of marks in a cluster, which moves no URL's ends
  /// (marks are host characters, and path characters alike).
  /// - Complexity: O(n), a binary search per scalar from U+0300.
  private static func mayChangeInNFC(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
    let ranges = _ScalarTables.nfcMayChange
    var index = 0
    while index < bytes.count {
      guard base[index] >= 0xCC else {
        index += 1
        continue
      }
      let scalar = _decodeUTF8(base + index, available: bytes.count - index)
      index += max(scalar.length, 1)
      var (low, high) = (0, ranges.count)
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].last < scalar.value { low = middle + 1 } else { high = middle }
      }
      if low < ranges.count && ranges[low].first <= scalar.value { return true }
    }
    return false
  }

  /// The pieces of a text for twitter-text: the text between its URLs and the URLs, in order.
  private static func pieces(_ text: UnsafeRawBufferPointer, length: PostLength) -> [(
    range: Range<Int>, isURL: Bool
  )] {
    var pieces: [(range: Range<Int>, isURL: Bool)] = []
    var start = 0
    for url in _PostEntityScanner.urls(in: text, syntax: .twitter)
    where url.countedRange.lowerBound >= start {
      pieces.append((start..<url.countedRange.lowerBound, false))
      pieces.append((url.countedRange, true))
      start = url.countedRange.upperBound
    }
    pieces.append((start..<text.count, false))
    return pieces
  }

  /// The length of a text piece, with the content warning before it if it is the first.
  private static func pieceLength(
    _ text: UnsafeRawBufferPointer, _ range: Range<Int>, isFirst: Bool, length: PostLength,
    characters: TextCounter
  ) -> Int {
    let piece = UnsafeRawBufferPointer(rebasing: text[range])
    guard isFirst && !length.contentWarning.isEmpty else { return characters.count(utf8: piece) }
    return characters.count(utf8: Array(length.contentWarning.utf8) + piece)
  }

  /// twitter-text's length: each URL `urlLength` (or as written), the text between measured
  /// piece by piece (twitter-text weighs the text after a URL from where the URL ends).
  private static func pieceTotal(
    _ text: UnsafeRawBufferPointer, length: PostLength, characters: TextCounter
  ) -> Int {
    var total = 0
    for (number, piece) in pieces(text, length: length).enumerated() {
      total +=
        piece.isURL
        ? length.urlLength
          ?? characters.count(utf8: UnsafeRawBufferPointer(rebasing: text[piece.range]))
        : pieceLength(
          text, piece.range, isFirst: number == 0, length: length, characters: characters)
    }
    return total
  }

  /// Where the pieces stop fitting in `maxCount`: inside a text piece, as the character counter
  /// cuts it; before a URL that does not fit.
  private static func pieceCut(
    _ text: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter
  ) -> Int {
    var budget = maxCount
    for (number, piece) in pieces(text, length: length).enumerated() {
      let pieceLength =
        piece.isURL
        ? length.urlLength
          ?? characters.count(utf8: UnsafeRawBufferPointer(rebasing: text[piece.range]))
        : self.pieceLength(
          text, piece.range, isFirst: number == 0, length: length, characters: characters)
      if pieceLength <= budget {
        budget -= pieceLength
        continue
      }
      if piece.isURL { return piece.range.lowerBound }
      let warning = number == 0 ? Array(length.contentWarning.utf8) : []
      let cut = (warning + UnsafeRawBufferPointer(rebasing: text[piece.range])).withUnsafeBytes {
        characters.prefixByteCount(utf8: $0, maxCount: budget)
      }
      return piece.range.lowerBound + max(0, cut - warning.count)
    }
    return text.count
  }

  // MARK: Mastodon: the text rewritten, measured whole

  /// A piece of Mastodon's rewritten text: where it lies in the rewritten bytes and in the text,
  /// and whether a cut inside it must move to its start (a URL's `x`s, a mention's `@user`).
  struct RewrittenPiece {
    var rewritten: Range<Int>
    var text: Range<Int>
    var isWhole: Bool
  }

  /// A text as a Mastodon rule rewrites it to count it, with each URL as at most so many `x`s
  /// (`urlXs`): `omitted` is the number of `x`s left out, which count one each.
  struct Rewritten {
    var bytes: [UInt8]
    var pieces: [RewrittenPiece]
    var omitted = 0

    /// The rewritten text's length in `characters`, the `x`s left out included.
    func counted(by characters: TextCounter) -> Int {
      bytes.withUnsafeBytes { characters.count(utf8: $0) } + omitted
    }
  }

  /// How many `x`s a URL is written as where the rewritten text is only counted: two (its
  /// first and last may join what comes before and after it, as a whole run of `x`s does; the
  /// ones between count one each, in grapheme clusters and in stringz's symbols), the rest
  /// counted as omitted, so that a URL length of millions costs no memory.
  static func countedURLXs(_ urlLength: Int) -> Int { min(urlLength, 2) }

  /// The content warning, then the text with each URL as `urlLength` `x`s and each mention
  /// without its domain, as Mastodon's `StatusLengthValidator` rewrites it; and the pieces of the
  /// text in it. A URL is written as `urlXs(urlLength)` `x`s, the others counted as omitted.
  private static func rewritten(
    _ text: UnsafeRawBufferPointer, length: PostLength, urlXs: (Int) -> Int
  ) -> Rewritten {
    var omitted = 0
    var pieces: [RewrittenPiece] = []
    var bytes = Array(length.contentWarning.utf8)
    bytes.reserveCapacity(bytes.count + text.count)
    var start = 0
    func copy(_ range: Range<Int>, isWhole: Bool) {
      guard !range.isEmpty else { return }
      let rewrittenStart = bytes.count
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[range]))
      pieces.append(
        RewrittenPiece(rewritten: rewrittenStart..<bytes.count, text: range, isWhole: isWhole))
    }
    let entities = _PostEntityScanner.entities(
      in: text, syntax: .mastodon, mentions: length.mentions == .withoutDomain)
    for entity in entities {
      copy(start..<entity.range.lowerBound, isWhole: false)
      switch entity.kind {
      case .url:
        if let urlLength = length.urlLength {
          let rewrittenStart = bytes.count
          let written = urlXs(urlLength)
          omitted += urlLength - written
          bytes.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: written))
          pieces.append(
            RewrittenPiece(
              rewritten: rewrittenStart..<bytes.count, text: entity.range, isWhole: true))
        } else {
          copy(entity.range, isWhole: false)
        }
      case .mention(let domainStart, _):
        let kept = entity.range.lowerBound..<(domainStart ?? entity.range.upperBound)
        let rewrittenStart = bytes.count
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[kept]))
        pieces.append(
          RewrittenPiece(rewritten: rewrittenStart..<bytes.count, text: entity.range, isWhole: true)
        )
      }
      start = entity.range.upperBound
    }
    copy(start..<text.count, isWhole: false)
    return Rewritten(bytes: bytes, pieces: pieces, omitted: omitted)
  }

  /// Where the rewritten text stops fitting in `maxCount`, as an offset of the text: the
  /// character counter's cut of the rewritten text, moved to the start of the URL or mention it
  /// falls in (a cut at the end of a mention's `@user` keeps its domain, which counts nothing).
  private static func rewrittenCut(
    _ text: UnsafeRawBufferPointer, maxCount: Int, length: PostLength, characters: TextCounter
  ) -> Int {
    // A URL of `maxCount + 2` `x`s or more does not fit (its `x`s count at least one fewer than
    // there are: the first may join what comes before), or is all a mention's domain (which
    // counts nothing, however long): so many suffice, whatever the URL length.
    let urlXs = { (urlLength: Int) in min(urlLength, maxCount &+ 2) }
    let (bytes, pieces): ([UInt8], [RewrittenPiece])
    switch length.urlSyntax {
    case .bluesky: (bytes, pieces) = blueskyRewritten(text)
    case .mastodonComposer:
      let made = composerRewritten(text, length: length, urlXs: urlXs)
      (bytes, pieces) = (made.bytes, made.pieces)
    default:
      let made = rewritten(text, length: length, urlXs: urlXs)
      (bytes, pieces) = (made.bytes, made.pieces)
    }
    let cut = bytes.withUnsafeBytes { characters.prefixByteCount(utf8: $0, maxCount: maxCount) }
    var textOffset = 0
    for piece in pieces {
      if cut < piece.rewritten.lowerBound { break }
      if cut >= piece.rewritten.upperBound {
        textOffset = piece.text.upperBound
        continue
      }
      textOffset =
        piece.isWhole
        ? piece.text.lowerBound
        : piece.text.lowerBound + (cut - piece.rewritten.lowerBound)
      break
    }
    return textOffset
  }

  /// What a cut keeps whole: the URLs (and, for Mastodon's mentions without their domain, the
  /// mentions) `length` counts apart, as stretches of the text (byte offsets).
  /// - Complexity: O(n log n).
  package static func keptWhole(_ text: UnsafeRawBufferPointer, length: PostLength) -> [Range<Int>]
  {
    if length.urlSyntax == .bluesky || length.urlSyntax == .blueskyPublished {
      return _BlueskyPost.links(in: text).map { $0.range }
    }
    guard length.urlLength != nil || length.mentions == .withoutDomain else { return [] }
    if length.urlSyntax == .mastodonComposer {
      return composerRewritten(text, length: length, urlXs: countedURLXs).pieces
        .filter { $0.isWhole }.map { $0.text }
    }
    return _PostEntityScanner.entities(
      in: text, syntax: length.urlSyntax,
      mentions: length.urlSyntax == .mastodon && length.mentions == .withoutDomain
    ).filter { entity in
      if case .url = entity.kind { return length.urlLength != nil }
      return true
    }.map { $0.countedRange }
  }

  // MARK: Cluster boundaries

  /// `offset` if a grapheme cluster of `text` starts there (or it is an end), else where the
  /// cluster holding it starts: a cut never splits a character of the text.
  /// - Complexity: O(n), at the counting loop's speed.
  private static func clusterBoundary(atOrBefore offset: Int, in text: UnsafeRawBufferPointer)
    -> Int
  {
    guard offset > 0 && offset < text.count else { return offset }
    let clusters = TextCounter(unit: .graphemes)
    let head = UnsafeRawBufferPointer(rebasing: text[..<offset])
    let headCount = clusters.count(utf8: head)
    let tailCount = clusters.count(utf8: UnsafeRawBufferPointer(rebasing: text[offset...]))
    if headCount + tailCount == clusters.count(utf8: text) { return offset }
    // The head's clusters before its last are the text's (the rules look only backwards).
    return clusters.prefixByteCount(utf8: head, maxCount: headCount - 1)
  }
}
