import TextCount

#if !hasFeature(Embedded)
  import Foundation
#endif

/// `TextLimiter`'s copy of a field's text: a list of chunks of about 1 to 2 KiB (a short text is
/// one chunk, and deletions shrink them), each starting and ending on a grapheme-cluster
/// boundary, with each chunk's length cached in UTF-16 and in every unit the limit uses.
///
/// Swift's `Character` rules forget everything at a cluster boundary, so the length of the text
/// is the sum of its chunks' lengths, and an edit changes only the lengths of the chunks around
/// it: an edit is counted by recounting a window of a few chunks (grown until the clusters after
/// it are the same as before), not the whole text. The chunk an offset falls in is found by
/// walking the chunks' lengths from where the last edit was, so that typing, which edits one
/// place after another, finds it at once.
///
/// A post length (`TextUnit.post`) reads URLs and mentions, which a cluster boundary may cut:
/// with one among the units, chunks end only at the safe cuts of a post's text (ASCII white
/// space, then an ASCII byte; see `_PostStream`), where the lengths of the parts add up, and a
/// chunk has no other end (a text with no white space is one chunk, recounted whole). Each
/// chunk's post length leaves out the content warning and Mastodon's white-space rule; the
/// totals put them back (`adjustedTotal`).
struct _ChunkedText: _LimitedDocument {
  struct Chunk {
    var text: String
    var utf16: Int
    var utf8: Int
    var counts: [Int]  // one per unit in `units`
    /// Whether the chunk is white space alone (asked only with a post length among the units).
    var isBlank: Bool

    /// A chunk of `text`, whose lengths in the units are `counts`.
    init(_ text: String, counts: [Int], hasPostLength: Bool) {
      self.text = text
      utf16 = _ChunkedText.utf16Count(of: text)
      utf8 = text.utf8.count
      self.counts = counts
      isBlank = hasPostLength && _ChunkedText.isBlank(text)
    }
  }

  /// The distinct units of the limit's rules.
  let units: [TextUnit]
  /// Whether a unit whose parts add up at a post's safe cuts only is among `units` (a post
  /// length, words, stringz): chunks then end at those cuts.
  let hasPostLength: Bool
  private(set) var chunks: [Chunk] = [] {
    didSet {
      // A box no copy shares is this text's alone: emptied, not replaced.
      if isKnownUniquelyReferenced(&measured) {
        measured.forget()
      } else {
        measured = MeasuredEdit()
      }
    }
  }
  /// The last edit `lengths` measured on this text, for `replace` to reuse.
  private var measured = MeasuredEdit()
  /// The sum of the chunks' lengths in each unit of `units`.
  private var sums: [Int]
  /// The whole text's length in each unit of `units`.
  private(set) var totals: [Int]
  /// The number of chunks that are not white space alone.
  private var nonBlankChunks = 0
  private(set) var utf16Count = 0
  /// The whole text's length in UTF-8 bytes.
  private(set) var utf8Count = 0
  /// The first chunk the last edit changed and where it starts, in UTF-16 units and in bytes:
  /// where `chunk(holding:)` starts its walk.
  private var lastEdit = (chunk: 0, start: 0, utf8Start: 0)

  static let chunkSize = 2048

  init(_ text: String, units: [TextUnit]) {
    self.units = units
    hasPostLength = units.contains { $0.addsUpAtPostSafeCuts }
    sums = units.map { _ in 0 }
    totals = sums
    replaceChunks(0..<0, with: text[...])
  }

  /// The whole text.
  /// - Complexity: O(n).
  var text: String {
    var result = ""
    result.reserveCapacity(chunks.reduce(0) { $0 + $1.text.utf8.count })
    for chunk in chunks { result += chunk.text }
    return result
  }

  /// The length in `unit`, which must be one of `units`.
  /// - Complexity: O(units).
  func total(in unit: TextUnit) -> Int { totals[units.firstIndex(of: unit)!] }

  // MARK: Locating offsets

  /// The chunk holding UTF-16 `offset` and the offset's index in it; the end of the text is in
  /// the last chunk. Nil for an empty text.
  /// - Complexity: As `chunk(holding:)`, then O(offset in the chunk), eight bytes at a time.
  func locate(_ offset: Int) -> (chunk: Int, start: Int, index: String.Index)? {
    guard let (number, start, _) = chunk(holding: offset) else { return nil }
    let text = chunks[number].text
    let index = Self.index(in: text, utf16Offset: min(offset - start, chunks[number].utf16))
    return (number, start, index)
  }

  /// The chunk holding UTF-16 `offset` (the end of the text is in the last chunk) and where
  /// that chunk starts, in UTF-16 units and in bytes. Nil for an empty text. The walk starts at
  /// the chunk the last edit started in, so that typing, which edits one place, finds it at once.
  /// - Complexity: O(chunks between `offset` and the last edit), additions only.
  func chunk(holding offset: Int) -> (chunk: Int, start: Int, utf8Start: Int)? {
    guard !chunks.isEmpty else { return nil }
    var (number, start, utf8Start) = lastEdit
    // Read only the lengths: iterating the chunks themselves would copy (retain) each one.
    while number > 0 && offset < start {
      number -= 1
      start -= chunks[number].utf16
      utf8Start -= chunks[number].utf8
    }
    while number < chunks.count - 1 && offset >= start + chunks[number].utf16 {
      start += chunks[number].utf16
      utf8Start += chunks[number].utf8
      number += 1
    }
    return (number, start, utf8Start)
  }

  /// The index of UTF-16 `offset` in `text` (inside a surrogate pair: the trailing surrogate's),
  /// found by walking the UTF-8 bytes, eight at a time while the offset is beyond them
  /// (`utf16.index(_:offsetBy:)` would first build the new string's breadcrumbs, which costs
  /// more than the walk).
  /// - Complexity: O(offset).
  static func index(in text: String, utf16Offset offset: Int) -> String.Index {
    var text = text
    let (byte, insidePair) = text.withUTF8 { bytes -> (Int, Bool) in
      guard let base = bytes.baseAddress else { return (0, false) }
      var units = 0
      var byte = 0
      // Eight bytes at a time while the offset is beyond them: one UTF-16 unit per byte but
      // continuation bytes (10xxxxxx), one more per four-byte lead (11110xxx). A scalar that
      // starts in these bytes is counted whole, so the walk may then stand on its continuation
      // bytes, which the byte loop steps over.
      let high: UInt64 = 0x8080_8080_8080_8080
      while byte &+ 8 <= bytes.count {
        let word = UnsafeRawPointer(base + byte).loadUnaligned(as: UInt64.self)
        let continuations = (word & ~(word &<< 1) & high).nonzeroBitCount
        let fourByteLeads = (word & (word &<< 1) & (word &<< 2) & (word &<< 3) & high)
          .nonzeroBitCount
        let wordUnits = 8 &- continuations &+ fourByteLeads
        if units &+ wordUnits >= offset { break }
        units &+= wordUnits
        byte &+= 8
      }
      while byte < bytes.count && units < offset {
        let lead = base[byte]
        if UTF8.isContinuation(lead) {
          byte &+= 1
          continue
        }
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if length == 4 && units &+ 1 == offset { return (byte, true) }
        units &+= length == 4 ? 2 : 1
        byte &+= length
      }
      return (byte, false)
    }
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: byte)
    return insidePair ? text.utf16.index(after: index) : index
  }

  // MARK: _LimitedDocument

  func repairedRange(_ range: NSRange) -> (range: Range<Int>, wasRepaired: Bool) {
    _repairedRange(range, length: utf16Count, isInsideSurrogatePair: isInsideSurrogatePair)
  }

  private func isInsideSurrogatePair(_ offset: Int) -> Bool {
    guard let (chunk, _, index) = locate(offset) else { return false }
    return UTF16.isTrailSurrogate(chunks[chunk].text.utf16[index])
  }

  func lastCharacter(before offset: Int) -> Character? {
    guard offset > 0, let (chunk, start, _) = chunk(holding: offset - 1) else { return nil }
    let text = chunks[chunk].text
    let end = Self.index(in: text, utf16Offset: offset - start)
    return text[..<end].last
  }

  func headBeforeCertainBoundary(from offset: Int) -> Substring {
    guard let (first, _, index) = locate(offset) else { return "" }
    var text = chunks[first].text[index...]
    var next = first + 1
    while true {
      let (head, isWhole) = _headBeforeCertainBoundary(text)
      guard isWhole && next < chunks.count else { return head }
      text = (String(text) + chunks[next].text)[...]
      next += 1
    }
  }

  func lengths(_ limit: TextLimit, replacing range: Range<Int>, with replacement: Substring)
    -> [Int]
  {
    let window = self.window(replacing: range, with: replacement)
    let newCounts = units.map { Self.partLength(window.newText, in: $0) }
    if window.newText.utf8.count <= Self.chunkSize {
      measured.store(range, replacement, window: window, newCounts: newCounts)
    }
    let startsText = window.chunks.lowerBound == 0
    let endsText = window.chunks.upperBound == chunks.count
    let ends = Ends(
      head: startsText ? window.newText : chunks.first?.text ?? "",
      tail: endsText ? window.newText : chunks.last?.text ?? "",
      isOneChunk: startsText && endsText,
      text: { self.text(replacing: range, with: replacement) })
    var nonBlank = nonBlankChunks
    if hasPostLength {
      for number in window.chunks where !chunks[number].isBlank { nonBlank -= 1 }
      if !Self.isBlank(window.newText) { nonBlank += 1 }
    }
    return limit.rules.map { rule in
      let index = units.firstIndex(of: rule.unit)!
      let sum = sums[index] - window.oldCounts[index] + newCounts[index]
      return Self.adjustedTotal(sum, in: rule.unit, ends: ends, isBlank: nonBlank == 0)
    }
  }

  /// The text's first and last chunks (the same where the text is one), and the whole text on
  /// demand: what a post length's total needs besides the sum of the parts.
  struct Ends {
    var head: String
    var tail: String
    var isOneChunk: Bool
    var text: () -> String
  }

  /// A part's length in `unit`: a post length's without the content warning or the white-space
  /// rule (the parts' lengths then add up; `adjustedTotal` puts both back).
  static func partLength(_ text: String, in unit: TextUnit) -> Int {
    // A unit measured over the whole text only (SMS segments, Bluesky's published text) is
    // counted on the whole text by `adjustedTotal`, never summed.
    if unit.isWholeTextMeasure { return 0 }
    guard case .post(var length) = unit else { return TextCounter(unit: unit).count(text) }
    length.contentWarning = ""
    var text = text
    return text.withUTF8 {
      _PostCount.count(
        UnsafeRawBufferPointer($0), length: length,
        characters: TextCounter(unit: length.unit), appliesBlankRule: false)
    }
  }

  /// The whole text's length from the sum of its parts' lengths: for a post length, its content
  /// warning measured with the head (the text up to a safe cut: the first chunk) instead of the
  /// head alone; for Mastodon's server, which strips the text and has rules for a blank one
  /// (`_PostCount.mastodonServerPost`), the head without what it strips at the start (and the
  /// warning stripped), the tail (the last chunk) without what it strips at the end, and a
  /// blank text, or one whose first or last chunk the server would strip whole, counted whole.
  /// - Complexity: O(1), or O(head + tail) for a post length with a content warning or
  ///   Mastodon's server's; O(n) where the server's first or last chunk is stripped whole, and
  ///   for the units measured over the whole text only (SMS segments, Bluesky's published
  ///   text), counted on the whole text at every edit.
  static func adjustedTotal(_ sum: Int, in unit: TextUnit, ends: Ends, isBlank: Bool) -> Int {
    if unit.isWholeTextMeasure { return TextCounter(unit: unit).count(ends.text()) }
    guard case .post(let length) = unit else { return sum }
    let characters = TextCounter(unit: length.unit)
    if length.urlSyntax == .mastodon {
      return mastodonServerTotal(sum, length: length, ends: ends, isBlank: isBlank)
    }
    guard !length.contentWarning.isEmpty else { return sum }
    var head = ends.head
    let withWarning = head.withUTF8 {
      _PostCount.count(
        UnsafeRawBufferPointer($0), length: length, characters: characters,
        appliesBlankRule: false)
    }
    return sum - partLength(ends.head, in: unit) + withWarning
  }

  /// `adjustedTotal` for Mastodon's server.
  private static func mastodonServerTotal(
    _ sum: Int, length: PostLength, ends: Ends, isBlank: Bool
  ) -> Int {
    let counter = TextCounter(unit: .post(length))
    if isBlank || ends.isOneChunk { return counter.count(isBlank ? "" : ends.head) }
    let characters = TextCounter(unit: length.unit)
    var head = Array(ends.head.utf8)
    var tail = Array(ends.tail.utf8)
    let (headKept, tailKept) = (
      head.withUnsafeBytes { _PostCount.strippedRange($0) },
      tail.withUnsafeBytes { _PostCount.strippedRange($0) }
    )
    guard !headKept.isEmpty && !tailKept.isEmpty else { return counter.count(ends.text()) }
    var first = length
    first.contentWarning = _PostCount.strippedWarning(length.contentWarning)
    var part = length
    part.contentWarning = ""
    let headLength = head.withUnsafeMutableBytes {
      _PostCount.count(
        UnsafeRawBufferPointer(rebasing: $0[headKept.lowerBound...]), length: first,
        characters: characters, appliesBlankRule: false)
    }
    let tailLength = tail.withUnsafeMutableBytes {
      _PostCount.count(
        UnsafeRawBufferPointer(rebasing: $0[..<tailKept.upperBound]), length: part,
        characters: characters, appliesBlankRule: false)
    }
    return sum - partLength(ends.head, in: .post(length)) + headLength
      - partLength(ends.tail, in: .post(length)) + tailLength
  }

  /// Whether `text` is white space alone.
  static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }

  /// Recomputes `totals` from `sums` (and the first chunk, for a content warning).
  private mutating func updateTotals() {
    let chunks = self.chunks
    let ends = Ends(
      head: chunks.first?.text ?? "", tail: chunks.last?.text ?? "", isOneChunk: chunks.count <= 1,
      text: { chunks.reduce(into: "") { $0 += $1.text } })
    for index in units.indices {
      totals[index] = Self.adjustedTotal(
        sums[index], in: units[index], ends: ends, isBlank: nonBlankChunks == 0)
    }
  }

  /// The text in the UTF-16 `range`, whose edges fall between scalars.
  /// - Complexity: O(the chunks the range spans), plus `chunk(holding:)`.
  func substring(_ range: Range<Int>) -> String {
    guard !range.isEmpty, let (first, start, _) = chunk(holding: range.lowerBound) else {
      return ""
    }
    var joined = ""
    var number = first
    var end = start
    while end < range.upperBound && number < chunks.count {
      joined += chunks[number].text
      end += chunks[number].utf16
      number += 1
    }
    let utf16 = joined.utf16
    let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound - start)
    let upper = utf16.index(lower, offsetBy: min(range.count, end - range.lowerBound))
    return String(joined.unicodeScalars[lower..<upper])
  }

  func text(replacing range: Range<Int>, with replacement: Substring) -> String {
    let whole = text
    let utf16 = whole.utf16
    let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
    let upper = utf16.index(lower, offsetBy: range.count)
    return _joined(whole[..<lower], replacement, whole[upper...])
  }

  // MARK: Editing

  /// Replaces the UTF-16 `range` with `replacement`, recounting only the chunks around it.
  /// - Complexity: O(size of the edit + a few chunks), plus O(chunks between this edit and the
  ///   last one) to locate it.
  mutating func replace(_ range: Range<Int>, with replacement: Substring) {
    let reused = measured.take(range, replacement)
    let window = reused?.window ?? self.window(replacing: range, with: replacement)
    let added =
      reused.map { Self.oneChunk(window.newText, counts: $0.newCounts, hasPostLength) }
      ?? Self.split(window.newText[...], units: units, hasPostLength: hasPostLength)
    for index in sums.indices {
      sums[index] -= window.oldCounts[index]
      for chunk in added { sums[index] += chunk.counts[index] }
    }
    if hasPostLength {
      for number in window.chunks where !chunks[number].isBlank { nonBlankChunks -= 1 }
      for chunk in added where !chunk.isBlank { nonBlankChunks += 1 }
    }
    utf16Count += replacement.utf16.count - range.count
    utf8Count += window.newText.utf8.count
    for number in window.chunks { utf8Count -= chunks[number].utf8 }
    chunks.replaceSubrange(window.chunks, with: added)
    // The chunks before the window are as they were, so the window's first one starts where
    // the window did.
    lastEdit =
      window.chunks.lowerBound < chunks.count
      ? (window.chunks.lowerBound, window.start, window.utf8Start) : (0, 0, 0)
    updateTotals()
  }

  /// The chunks an edit touches, where they start (in UTF-16 units and in bytes), their text
  /// after the edit and their lengths before it.
  private struct Window {
    var chunks: Range<Int>
    var start: Int
    var utf8Start: Int
    var newText: String
    var oldCounts: [Int]
  }

  /// Takes the chunks holding the edit (and the one before, if the edit starts a chunk), then
  /// grows to the right until the first cluster after the window starts where it did before the
  /// edit (after that, every boundary is as before, since the rules forget everything at a
  /// boundary).
  private func window(replacing range: Range<Int>, with replacement: Substring) -> Window {
    guard let (first, firstStart, firstUTF8Start) = chunk(holding: range.lowerBound),
      let (last, lastStart, _) = chunk(holding: range.upperBound)
    else {
      return Window(
        chunks: 0..<0, start: 0, utf8Start: 0, newText: String(replacement),
        oldCounts: units.map { _ in 0 })
    }
    let lowerIndex = Self.index(
      in: chunks[first].text, utf16Offset: min(range.lowerBound - firstStart, chunks[first].utf16))
    let upperIndex =
      range.isEmpty
      ? lowerIndex
      : Self.index(
        in: chunks[last].text, utf16Offset: min(range.upperBound - lastStart, chunks[last].utf16))
    // The boundary at a chunk's start holds as long as the edit leaves that chunk's first scalar
    // alone; otherwise start one chunk earlier.
    let start = lowerIndex == chunks[first].text.startIndex ? max(first - 1, 0) : first
    let (startOffset, startUTF8) =
      start == first
      ? (firstStart, firstUTF8Start)
      : (firstStart - chunks[start].utf16, firstUTF8Start - chunks[start].utf8)
    var end = last + 1
    var newText = ""
    for number in start..<first { newText += chunks[number].text }
    if first == last {
      let chunk = chunks[first].text
      newText += chunk[..<lowerIndex]
      newText += replacement
      newText += chunk[upperIndex...]
    } else {
      newText += chunks[first].text[..<lowerIndex]
      newText += replacement
      newText += chunks[last].text[upperIndex...]
    }
    for number in (last + 1)..<end { newText += chunks[number].text }
    // With a post length, also until the window ends in ASCII white space (the chunk after
    // starts with an ASCII byte: it was cut there), so that it ends at a safe cut.
    while end < chunks.count, let next = chunks[end].text.first,
      !Self.hasBoundary(after: newText, before: next)
        || (hasPostLength && !newText.isEmpty && !Self.endsInSafeWhiteSpace(newText))
    {
      newText += chunks[end].text
      end += 1
    }
    var oldCounts = units.map { _ in 0 }
    for number in start..<end {
      for index in units.indices { oldCounts[index] += chunks[number].counts[index] }
    }
    return Window(
      chunks: start..<end, start: startOffset, utf8Start: startUTF8, newText: newText,
      oldCounts: oldCounts)
  }

  /// Whether `text` ends in a space, tab or line feed: a post's safe cut follows if an ASCII
  /// byte does.
  private static func endsInSafeWhiteSpace(_ text: String) -> Bool {
    guard let last = text.utf8.last else { return false }
    return last == 0x20 || last == 0x09 || last == 0x0A
  }

  /// Whether a cluster boundary falls between `text` and a following `character`: only `text`'s
  /// last cluster matters, since the rules forget everything at a boundary.
  private static func hasBoundary(after text: String, before character: Character) -> Bool {
    guard let last = text.last else { return true }
    let lastLength = last.utf8.count
    return (String(last) + String(character)).first!.utf8.count == lastLength
  }

  private mutating func replaceChunks(_ range: Range<Int>, with text: Substring) {
    let added = Self.split(text, units: units, hasPostLength: hasPostLength)
    for chunk in added {
      for index in sums.indices { sums[index] += chunk.counts[index] }
      utf16Count += chunk.utf16
      utf8Count += chunk.utf8
      if hasPostLength && !chunk.isBlank { nonBlankChunks += 1 }
    }
    chunks.replaceSubrange(range, with: added)
    updateTotals()
  }

  /// The UTF-16 length of `text`, counted on its UTF-8 bytes (`utf16.count` on a new string
  /// first builds its breadcrumbs).
  /// - Complexity: O(n), at the counting kernels' speed.
  static func utf16Count(of text: String) -> Int {
    var text = text
    return text.withUTF8 { TextCounter(unit: .utf16).count(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Cuts `text` (which starts on a cluster boundary) into chunks of about `chunkSize` bytes,
  /// each ending on a cluster boundary. The pieces are of about the same size: a chunk that grows
  /// past `chunkSize` by a keystroke becomes two halves, not a full chunk and a sliver, so that
  /// typing in one place splits a chunk once every `chunkSize / 2` bytes, not at every keystroke.
  /// With a post length among the units, chunks end only at a post's safe cuts: the last
  /// before the size reached, else the first after it, else the end of the text.
  static func split(_ text: Substring, units: [TextUnit], hasPostLength: Bool = false) -> [Chunk] {
    var chunks: [Chunk] = []
    let pieces = (text.utf8.count + chunkSize - 1) / chunkSize
    let pieceSize = pieces > 1 ? (text.utf8.count + pieces - 1) / pieces : chunkSize
    var start = text.startIndex
    while start < text.endIndex {
      var end =
        text.utf8.index(start, offsetBy: pieceSize, limitedBy: text.endIndex) ?? text.endIndex
      if end < text.endIndex && hasPostLength {
        end = postCut(in: text, from: start, near: end)
      } else if end < text.endIndex {
        while UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
        // Round down to a cluster boundary, as the whole text segments it.
        let cluster = text[start...].index(before: text[start...].index(after: end))
        end = cluster > start ? cluster : text[start...].index(after: end)
      }
      let piece = String(text[start..<end])
      chunks.append(
        Chunk(piece, counts: units.map { partLength(piece, in: $0) }, hasPostLength: hasPostLength))
      start = end
    }
    return chunks
  }

  /// What `split` makes of `text`, of at most `chunkSize` bytes, when `counts` are its lengths:
  /// one chunk, or none for the empty text.
  private static func oneChunk(_ text: String, counts: [Int], _ hasPostLength: Bool) -> [Chunk] {
    text.isEmpty ? [] : [Chunk(text, counts: counts, hasPostLength: hasPostLength)]
  }

  /// The last edit `lengths` measured whose window is one chunk's size at most, with the window
  /// and its new lengths, for `replace` to take when it applies that edit next, as typing does
  /// right after the check. Each state of the text has a box of its own (emptied or replaced
  /// whenever the chunks change), so a copy that has changed since never reads another state's
  /// measure.
  private final class MeasuredEdit: @unchecked Sendable {
    // Not `withLock`: NSLocking gained it in macOS 14 and iOS 17.
    private let lock = NSLock()
    private var edit: (range: Range<Int>, replacement: String, window: Window, newCounts: [Int])?

    /// Keeps the measure, with a copy of the replacement (not a slice of a long paste).
    func store(_ range: Range<Int>, _ replacement: Substring, window: Window, newCounts: [Int]) {
      let copy = String(replacement)
      lock.lock()
      defer { lock.unlock() }
      edit = (range, copy, window, newCounts)
    }

    /// The measure of the edit of `range` by `replacement` (the same bytes: `==` would take a
    /// canonically equivalent replacement), which it forgets; nil if it was another edit.
    func take(_ range: Range<Int>, _ replacement: Substring) -> (window: Window, newCounts: [Int])?
    {
      lock.lock()
      defer { lock.unlock() }
      guard let edit, edit.range == range, edit.replacement.utf8.elementsEqual(replacement.utf8)
      else { return nil }
      self.edit = nil
      return (edit.window, edit.newCounts)
    }

    func forget() {
      lock.lock()
      defer { lock.unlock() }
      edit = nil
    }
  }

  /// A post's safe cut in `text` after `start`: the last at or before `near`, else the first
  /// after it, else the end.
  private static func postCut(in text: Substring, from start: String.Index, near: String.Index)
    -> String.Index
  {
    let rest = text[start...]
    let nearOffset = text.utf8.distance(from: start, to: near)
    func cut(_ bytes: UnsafeRawBufferPointer) -> Int? {
      _PostStream.lastSafeCut(in: UnsafeRawBufferPointer(rebasing: bytes[...nearOffset]), from: 1)
        ?? _PostStream.firstSafeCut(in: bytes, from: nearOffset + 1)
    }
    let offset =
      rest.utf8.withContiguousStorageIfAvailable { cut(UnsafeRawBufferPointer($0)) }
      ?? {
        var copy = String(rest)
        return copy.withUTF8 { cut(UnsafeRawBufferPointer($0)) }
      }()
    return offset.map { text.utf8.index(start, offsetBy: $0) } ?? text.endIndex
  }
}
