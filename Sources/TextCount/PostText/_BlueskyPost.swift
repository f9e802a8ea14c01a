/// Bluesky's app (social-app 63f0d4d3, over atproto's RichText at d6296a1c): the links it
/// shortens in a post, and the text it publishes.
enum _BlueskyPost {
  /// JavaScript's `\s`: white space and line terminators.
  static func isSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF:
      true
    default: false
    }
  }

  /// A link the app shortens: where it is in the text (byte offsets) and what it becomes.
  struct Link: Sendable, Equatable {
    var range: Range<Int>
    var shortened: String
  }

  /// The links of `text` that the app shortens, in order. atproto's `detectFacets` finds links
  /// with `/(^|\s|\()((https?:\/\/[\S]+)|((?<domain>[a-z][a-z0-9]*(\.[a-z0-9]+)+)[\S]*))/gim`,
  /// each match from where the last one ended, the text typed without a scheme taken only with
  /// a known top-level domain; a link's last `.`, `,`, `;`, `:`, `!` or `?`, then a `)` where it
  /// has no `(`, are not its. social-app's `toShortUrl` shortens what `new URL` reads as an
  /// `http(s)` URL (so only links typed with `http` and `://`, the first four letters in lower
  /// case as the detection asks): its host, and its path, query and fragment, these cut to 13
  /// characters and `...` where longer than 15.
  /// - Complexity: O(n).
  static func links(in text: UnsafeRawBufferPointer) -> [Link] {
    detectedLinks(in: text).compactMap { link in
      link.shortened.map { Link(range: link.range, shortened: $0) }
    }
  }

  /// Every link atproto's RichText detects (`links(in:)`), with what the app shortens it to, or
  /// nil where it keeps it as typed (a link typed without a scheme, one `new URL` cannot read).
  ///
  /// social-app's `shortenLinks` misplaces the links after a link it keeps as typed that holds
  /// a character other than ASCII: its `RichText.insert` moves the later links by the inserted
  /// text's UTF-16 length where their indices are UTF-8 bytes, and the app then shortens the
  /// wrong bytes (`example.com/x😀 https://a.b/c` becomes `example.com/x😀a.b/c`). TextLimit
  /// shortens each link where it is.
  /// - Complexity: O(n).
  static func detectedLinks(in text: UnsafeRawBufferPointer) -> [(
    range: Range<Int>, shortened: String?
  )] {
    var scalars: [UInt32] = []
    var offsets: [Int] = []
    if let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) {
      var index = 0
      while index < text.count {
        let decoded = _decodeUTF8(base + index, available: text.count - index)
        let length = decoded.length == 0 ? text.count - index : decoded.length
        scalars.append(decoded.isValid && decoded.length > 0 ? decoded.value : 0xFFFD)
        offsets.append(index)
        index += length
      }
    }
    offsets.append(text.count)
    var links: [(range: Range<Int>, shortened: String?)] = []
    func isAlphanumeric(_ s: UInt32) -> Bool {
      _URLCharacters.isASCIILetter(s) || _URLCharacters.isASCIIDigit(s)
    }
    func runEnd(_ start: Int) -> Int {
      var end = start
      while end < scalars.count && !isSpace(scalars[end]) { end += 1 }
      return end
    }
    /// Where the pattern's second group matches at `start`, and whether it is the scheme's
    /// branch; nil where neither branch does.
    func match(at start: Int) -> (end: Int, hasScheme: Bool)? {
      guard start < scalars.count, !isSpace(scalars[start]) else { return nil }
      // `https?:\/\/[\S]+`, letters of either case (compared in place: this runs after every
      // space of the text).
      func startsWith(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
          guard start + prefix.count <= scalars.count else { return false }
          for (offset, byte) in prefix.enumerated() {
            let s = scalars[start + offset]
            if ((0x41...0x5A).contains(s) ? s | 0x20 : s) != UInt32(byte) { return false }
          }
          return true
        }
      }
      let schemeLength: Int? = startsWith("https://") ? 8 : startsWith("http://") ? 7 : nil
      if let schemeLength, start + schemeLength < scalars.count,
        !isSpace(scalars[start + schemeLength])
      {
        return (runEnd(start + schemeLength), true)
      }
      // `[a-z][a-z0-9]*(\.[a-z0-9]+)+`, then any non-space run.
      guard _URLCharacters.isASCIILetter(scalars[start]) else { return nil }
      var end = start + 1
      while end < scalars.count && isAlphanumeric(scalars[end]) { end += 1 }
      guard end + 1 < scalars.count, scalars[end] == 0x2E, isAlphanumeric(scalars[end + 1])
      else { return nil }
      return (runEnd(end), false)
    }
    var position = 0
    while position <= scalars.count {
      // `^` (at the start, or after a line terminator), then `\s` or `(` before the link.
      var found: (start: Int, end: Int, hasScheme: Bool)?
      if position == 0 || (position <= scalars.count && isLineTerminator(scalars, position)) {
        if let match = match(at: position) { found = (position, match.end, match.hasScheme) }
      }
      if found == nil, position < scalars.count,
        isSpace(scalars[position]) || scalars[position] == 0x28
      {
        if let match = match(at: position + 1) {
          found = (position + 1, match.end, match.hasScheme)
        }
      }
      guard let found else {
        position += 1
        continue
      }
      position = found.end
      // A link typed with `http` (lower case) and `://`, or without a scheme and with a
      // top-level domain the app knows.
      let isHTTP =
        found.hasScheme
        && scalars[found.start..<found.start + 4].elementsEqual([0x68, 0x74, 0x74, 0x70])
      if !isHTTP {
        guard !found.hasScheme, hasKnownTopLevelDomain(scalars, from: found.start) else {
          continue
        }
      }
      var end = found.end
      if let last = scalars[..<end].last, [0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F].contains(last) {
        end -= 1
      }
      if scalars[end - 1] == 0x29 && !scalars[found.start..<end].contains(0x28) { end -= 1 }
      var typed = String()
      for scalar in scalars[found.start..<end] {
        typed.unicodeScalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
      }
      links.append((offsets[found.start]..<offsets[end], isHTTP ? shortURL(typed) : nil))
    }
    return links
  }

  /// Whether the domain the pattern's `domain` group matches at `start` (letters, digits and
  /// dots, ASCII) ends in a top-level domain of the `tlds` package's list (1.261.0), compared as
  /// written (the list is in lower case): atproto's `isValidDomain`. The list is twitter-text's
  /// here (`_TopLevelDomains`), in lower case too: the two differ in a few recent names.
  private static func hasKnownTopLevelDomain(_ scalars: [UInt32], from start: Int) -> Bool {
    var end = start
    while end < scalars.count
      && ((0x61...0x7A).contains(scalars[end]) || (0x41...0x5A).contains(scalars[end])
        || (0x30...0x39).contains(scalars[end]) || scalars[end] == 0x2E)
    {
      end += 1
    }
    // The group ends after the last label of letters or digits that a dot starts.
    while end > start && scalars[end - 1] == 0x2E { end -= 1 }
    guard let dot = scalars[start..<end].lastIndex(of: 0x2E), dot + 1 < end else { return false }
    let tld = scalars[(dot + 1)..<end]
    guard tld.allSatisfy({ !(0x41...0x5A).contains($0) }) else { return false }
    let unicode = tld.compactMap { Unicode.Scalar($0) }
    return _TopLevelDomains.match(in: unicode, at: 0, end: unicode.count) == unicode.count
  }

  /// social-app's `toShortUrl` of a link: its host (with its port), and its path, query and
  /// fragment as `URL` writes them, cut to 13 characters and `...` where longer than 15; nil
  /// where `new URL` throws or gives another scheme than `http` or `https` (the app then keeps
  /// the link as typed).
  static func shortURL(_ link: String) -> String? {
    plainShortURL(link) ?? parsedShortURL(link)
  }

  /// `shortURL` through the URL parser (`_WebURL`).
  static func parsedShortURL(_ link: String) -> String? {
    guard let url = _WebURL(link) else { return nil }
    let path = (url.pathname == "/" ? "" : url.pathname) + url.search + url.hash
    return path.utf16.count > 15
      ? url.host + String(path.utf16.prefix(13))! + "..." : url.host + path
  }

  /// `shortURL` of a link the URL parser would give back as typed but for its host's case:
  /// `http://` or `https://` (lower case), a plain host (`_WebURL.plainHost`), then a path, a
  /// query and a fragment, each of characters the parser leaves as they are (ASCII letters,
  /// digits and `-._~!$&()*+,;=:@/`, `'` but in the query, `?` after the path), the path with no
  /// `.` or `..` segment. Nil for any other link (no port, user, percent sign, backslash or
  /// character outside ASCII here), which `parsedShortURL` reads.
  /// - Complexity: O(n).
  static func plainShortURL(_ link: String) -> String? {
    var link = link
    return link.withUTF8 { bytes -> String? in
      let schemeLength =
        bytes.starts(with: "https://".utf8) ? 8 : bytes.starts(with: "http://".utf8) ? 7 : 0
      guard schemeLength > 0 else { return nil }
      func isKept(_ byte: UInt8, alsoQuote: Bool, alsoQuestionMark: Bool) -> Bool {
        _URLCharacters.isASCIILetter(UInt32(byte)) || _URLCharacters.isASCIIDigit(UInt32(byte))
          || "-._~!$&()*+,;=:@/".utf8.contains(byte)
          || (alsoQuote && byte == 0x27) || (alsoQuestionMark && byte == 0x3F)
      }
      let (slash, questionMark, numberSign): (UInt8, UInt8, UInt8) = (0x2F, 0x3F, 0x23)
      var hostEnd = schemeLength
      while hostEnd < bytes.count && bytes[hostEnd] != slash && bytes[hostEnd] != questionMark
        && bytes[hostEnd] != numberSign
      {
        hostEnd += 1
      }
      guard let hostText = _WebURL.plainHost(bytes[schemeLength..<hostEnd]) else { return nil }
      // The path, segment by segment, up to a `?` or `#`.
      var pathEnd = hostEnd
      var segmentStart = hostEnd + 1
      while pathEnd < bytes.count && bytes[pathEnd] != questionMark
        && bytes[pathEnd] != numberSign
      {
        let byte = bytes[pathEnd]
        if byte == slash {
          if pathEnd > hostEnd && isDotSegment(bytes[segmentStart..<pathEnd]) { return nil }
          segmentStart = pathEnd + 1
        } else if !isKept(byte, alsoQuote: true, alsoQuestionMark: false) {
          return nil
        }
        pathEnd += 1
      }
      if segmentStart < pathEnd && isDotSegment(bytes[segmentStart..<pathEnd]) { return nil }
      // The query, up to a `#`, and the fragment.
      var queryEnd = pathEnd
      if pathEnd < bytes.count && bytes[pathEnd] == questionMark {
        queryEnd += 1
        while queryEnd < bytes.count && bytes[queryEnd] != numberSign {
          guard isKept(bytes[queryEnd], alsoQuote: false, alsoQuestionMark: true) else {
            return nil
          }
          queryEnd += 1
        }
      }
      if queryEnd < bytes.count {
        for byte in bytes[(queryEnd + 1)...]
        where !isKept(byte, alsoQuote: true, alsoQuestionMark: true) {
          return nil
        }
      }
      // `pathname` but `/`, then `search` and `hash` where not empty.
      let path = bytes[hostEnd..<pathEnd]
      var shown = path.isEmpty || path.elementsEqual("/".utf8) ? [] : Array(path)
      if queryEnd > pathEnd + 1 { shown += bytes[pathEnd..<queryEnd] }
      if queryEnd + 1 < bytes.count { shown += bytes[queryEnd...] }
      return shown.count > 15
        ? hostText + String(decoding: shown.prefix(13), as: UTF8.self) + "..."
        : hostText + String(decoding: shown, as: UTF8.self)
    }
  }

  /// Whether a path segment is `.` or `..`, which the URL parser removes.
  private static func isDotSegment(_ segment: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
    segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8)
  }

  /// Whether the scalar before `position` ends a line (`^` with the `m` flag).
  private static func isLineTerminator(_ scalars: [UInt32], _ position: Int) -> Bool {
    guard position > 0 else { return true }
    let before = scalars[position - 1]
    return before == 0x0A || before == 0x0D || before == 0x2028 || before == 0x2029
  }

  /// The text with each link the app shortens shortened: what the composer counts.
  /// - Complexity: O(n).
  static func shortened(_ text: UnsafeRawBufferPointer) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count)
    var start = 0
    for link in links(in: text) {
      output += text[start..<link.range.lowerBound]
      output += link.shortened.utf8
      start = link.range.upperBound
    }
    output += text[start...]
    return output
  }

  /// The text as the app publishes it (`resolveRT`): the lines of white space at its start
  /// removed (`/^(\s*\n)+/`), the white space at its end (`trimEnd`), each run of three or more
  /// line breaks with only white space and invisible characters between them made two
  /// (atproto's `cleanNewlines`), then its links shortened.
  /// - Complexity: O(n).
  static func published(_ text: UnsafeRawBufferPointer) -> [UInt8] {
    var scalars: [UInt32] = []
    if let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) {
      var index = 0
      while index < text.count {
        let decoded = _decodeUTF8(base + index, available: text.count - index)
        scalars.append(decoded.isValid && decoded.length > 0 ? decoded.value : 0xFFFD)
        index += decoded.length == 0 ? text.count - index : decoded.length
      }
    }
    // The longest run of white space at the start that ends with an LF.
    var start = 0
    var index = 0
    while index < scalars.count && isSpace(scalars[index]) {
      index += 1
      if scalars[index - 1] == 0x0A { start = index }
    }
    var end = scalars.count
    while end > start && isSpace(scalars[end - 1]) { end -= 1 }
    // Encoded straight into bytes as it is cleaned (each scalar valid: the decoder gave U+FFFD
    // for ill-formed bytes), not through a `String` scalar by scalar.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    func keep(_ scalar: UInt32) {
      UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { bytes.append($0) }
    }
    func isLineBreak(_ s: UInt32) -> Bool { s == 0x0A || s == 0x0D }
    func isBetween(_ s: UInt32) -> Bool {
      s == 0xAD || s == 0x2060 || s == 0x200D || s == 0x200C || s == 0x200B || isSpace(s)
    }
    // `[\r\n]([\u00AD\u2060\u200D\u200C\u200B\s]*[\r\n]){2,}` becomes "\n\n".
    index = start
    while index < end {
      guard isLineBreak(scalars[index]) else {
        keep(scalars[index])
        index += 1
        continue
      }
      var lineBreaks = 1
      var lastBreak = index
      var scan = index + 1
      while scan < end && isBetween(scalars[scan]) {
        if isLineBreak(scalars[scan]) {
          lineBreaks += 1
          lastBreak = scan
        }
        scan += 1
      }
      if lineBreaks >= 3 {
        bytes += [0x0A, 0x0A]
        index = lastBreak + 1
      } else {
        keep(scalars[index])
        index += 1
      }
    }
    return bytes.withUnsafeBytes { shortened($0) }
  }
}
