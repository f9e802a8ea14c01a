import Foundation
import TextCount

/// `TextLimiter`'s copy of a field's text: a list of chunks of about 2 KiB, each starting and
/// ending on a grapheme-cluster boundary, with each chunk's length cached in UTF-16 and in every
/// unit the limit uses.
///
/// Swift's `Character` rules forget everything at a cluster boundary, so the length of the text
/// is the sum of its chunks' lengths, and an edit changes only the lengths of the chunks around
/// it: an edit is counted by recounting a window of a few chunks (grown until the clusters after
/// it are the same as before), not the whole text.
struct _ChunkedText: _LimitedDocument {
  struct Chunk {
    var text: String
    var utf16: Int
    var utf8: Int
    var counts: [Int]  // one per unit in `units`
  }

  /// The distinct units of the limit's rules.
  let units: [TextUnit]
  private(set) var chunks: [Chunk] = []
  /// The whole text's length in each unit of `units`.
  private(set) var totals: [Int]
  private(set) var utf16Count = 0
  /// The whole text's length in UTF-8 bytes.
  private(set) var utf8Count = 0

  static let chunkSize = 2048

  init(_ text: String, units: [TextUnit]) {
    self.units = units
    totals = units.map { _ in 0 }
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
  /// - Complexity: O(number of chunks), additions only.
  func locate(_ offset: Int) -> (chunk: Int, index: String.Index)? {
    guard !chunks.isEmpty else { return nil }
    var start = 0
    var number = 0
    // Read only the lengths: iterating the chunks themselves would copy (retain) each one.
    while number < chunks.count - 1 && offset >= start + chunks[number].utf16 {
      start += chunks[number].utf16
      number += 1
    }
    let text = chunks[number].text
    return (number, Self.index(in: text, utf16Offset: min(offset - start, chunks[number].utf16)))
  }

  /// The index of UTF-16 `offset` in `text` (inside a surrogate pair: the trailing surrogate's),
  /// found by walking the UTF-8 bytes: `utf16.index(_:offsetBy:)` would first build the new
  /// string's breadcrumbs, which costs more than the walk.
  /// - Complexity: O(offset).
  static func index(in text: String, utf16Offset offset: Int) -> String.Index {
    var text = text
    let (byte, insidePair) = text.withUTF8 { bytes -> (Int, Bool) in
      var units = 0
      var byte = 0
      while byte < bytes.count && units < offset {
        let lead = bytes[byte]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if length == 4 && units + 1 == offset { return (byte, true) }
        units += length == 4 ? 2 : 1
        byte += length
      }
      return (byte, false)
    }
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: byte)
    return insidePair ? text.utf16.index(after: index) : index
  }

  private func chunkStart(_ number: Int) -> Int {
    var start = 0
    for index in 0..<number { start += chunks[index].utf16 }
    return start
  }

  // MARK: _LimitedDocument

  func repairedRange(_ range: NSRange) -> (range: Range<Int>, wasRepaired: Bool) {
    _repairedRange(range, length: utf16Count, isInsideSurrogatePair: isInsideSurrogatePair)
  }

  private func isInsideSurrogatePair(_ offset: Int) -> Bool {
    guard let (chunk, index) = locate(offset) else { return false }
    return UTF16.isTrailSurrogate(chunks[chunk].text.utf16[index])
  }

  func lastCharacter(before offset: Int) -> Character? {
    guard offset > 0, let (chunk, _) = locate(offset - 1) else { return nil }
    let text = chunks[chunk].text
    let end = Self.index(in: text, utf16Offset: offset - chunkStart(chunk))
    return text[..<end].last
  }

  func headBeforeCertainBoundary(from offset: Int) -> Substring {
    guard let (first, index) = locate(offset) else { return "" }
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
    return limit.rules.map { rule in
      let index = units.firstIndex(of: rule.unit)!
      return totals[index] - window.oldCounts[index] + window.newCounts[index]
    }
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
  /// - Complexity: O(size of the edit + a few chunks), plus O(number of chunks) to locate it.
  mutating func replace(_ range: Range<Int>, with replacement: Substring) {
    let window = self.window(replacing: range, with: replacement)
    for index in totals.indices {
      totals[index] += window.newCounts[index] - window.oldCounts[index]
    }
    utf16Count += replacement.utf16.count - range.count
    let newText = window.newText
    utf8Count += newText.utf8.count
    for number in window.chunks { utf8Count -= chunks[number].utf8 }
    chunks.replaceSubrange(window.chunks, with: Self.split(newText[...], units: units))
  }

  /// The chunks an edit touches, their text after the edit and both lengths.
  private struct Window {
    var chunks: Range<Int>
    var newText: String
    var oldCounts: [Int]
    var newCounts: [Int]
  }

  /// Takes the chunks holding the edit (and the one before, if the edit starts a chunk), then
  /// grows to the right until the first cluster after the window starts where it did before the
  /// edit (after that, every boundary is as before, since the rules forget everything at a
  /// boundary).
  private func window(replacing range: Range<Int>, with replacement: Substring) -> Window {
    guard let (first, lowerIndex) = locate(range.lowerBound),
      let (last, upperIndex) = locate(range.upperBound)
    else {
      let text = String(replacement)
      return Window(
        chunks: 0..<0, newText: text, oldCounts: units.map { _ in 0 }, newCounts: counts(of: text))
    }
    // The boundary at a chunk's start holds as long as the edit leaves that chunk's first scalar
    // alone; otherwise start one chunk earlier.
    let start = lowerIndex == chunks[first].text.startIndex ? max(first - 1, 0) : first
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
    while end < chunks.count, let next = chunks[end].text.first,
      !Self.hasBoundary(after: newText, before: next)
    {
      newText += chunks[end].text
      end += 1
    }
    var oldCounts = units.map { _ in 0 }
    for number in start..<end {
      for index in units.indices { oldCounts[index] += chunks[number].counts[index] }
    }
    return Window(
      chunks: start..<end, newText: newText, oldCounts: oldCounts, newCounts: counts(of: newText))
  }

  /// Whether a cluster boundary falls between `text` and a following `character`: only `text`'s
  /// last cluster matters, since the rules forget everything at a boundary.
  private static func hasBoundary(after text: String, before character: Character) -> Bool {
    guard let last = text.last else { return true }
    let lastLength = last.utf8.count
    return (String(last) + String(character)).first!.utf8.count == lastLength
  }

  private func counts(of text: String) -> [Int] {
    units.map { TextCounter(unit: $0).count(text) }
  }

  private mutating func replaceChunks(_ range: Range<Int>, with text: Substring) {
    let added = Self.split(text, units: units)
    for chunk in added {
      for index in totals.indices { totals[index] += chunk.counts[index] }
      utf16Count += chunk.utf16
      utf8Count += chunk.utf8
    }
    chunks.replaceSubrange(range, with: added)
  }

  /// The UTF-16 length of `text`, from its UTF-8 bytes: one unit per scalar, two for a scalar
  /// of four bytes. (`utf16.count` on a new string first builds its breadcrumbs.)
  /// - Complexity: O(n), one pass over the bytes.
  static func utf16Count(of text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var count = 0
      for byte in bytes {
        if !UTF8.isContinuation(byte) { count += 1 }
        if byte >= 0xF0 { count += 1 }
      }
      return count
    }
  }

  /// Cuts `text` (which starts on a cluster boundary) into chunks of about `chunkSize` bytes,
  /// each ending on a cluster boundary.
  static func split(_ text: Substring, units: [TextUnit]) -> [Chunk] {
    var chunks: [Chunk] = []
    var start = text.startIndex
    while start < text.endIndex {
      var end =
        text.utf8.index(start, offsetBy: chunkSize, limitedBy: text.endIndex) ?? text.endIndex
      if end < text.endIndex {
        while UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
        // Round down to a cluster boundary, as the whole text segments it.
        let cluster = text[start...].index(before: text[start...].index(after: end))
        end = cluster > start ? cluster : text[start...].index(after: end)
      }
      let piece = String(text[start..<end])
      chunks.append(
        Chunk(
          text: piece, utf16: Self.utf16Count(of: piece), utf8: piece.utf8.count,
          counts: units.map { TextCounter(unit: $0).count(piece) }))
      start = end
    }
    return chunks
  }
}
