extension _PostCount {
  /// The content warning, then the text as Mastodon's web composer rewrites it to count it
  /// (`PostLength.URLSyntax.mastodonComposer`: `countableText` in its `counter.js`): each URL as
  /// `urlLength` `x`s, then, in that text, each remote mention (`@user@domain`, ASCII, after the
  /// start or a character other than `/`, ASCII letters, digits and `_`) as `@user`; and the
  /// pieces of the text in it (a URL's `x`s and a mention's `@user` kept whole).
  /// - Complexity: O(n).
  /// A URL is written as `urlXs(urlLength)` `x`s, the others counted as omitted (a mention
  /// whose domain runs on over a URL's `x`s, which it then holds all of, leaves none).
  static func composerRewritten(
    _ text: UnsafeRawBufferPointer, length: PostLength, urlXs: (Int) -> Int
  ) -> Rewritten {
    // The text with its URLs replaced, a scalar at a time, each with the bytes of the text it
    // stands for (a URL's `x`s: the whole URL), and whether it is part of a URL. Ill-formed
    // bytes are `repaired`, no scalar, written as U+FFFD.
    let repaired = UInt32.max
    var scalars: [UInt32] = []
    var origins: [Range<Int>] = []
    var inURL: [Bool] = []
    scalars.reserveCapacity(text.count)
    let urls =
      length.urlLength == nil
      ? [] : _PostEntityScanner.urls(in: text, syntax: .mastodonComposer)
    var nextURL = 0
    // Each URL's `x`s (scalar indexes) and how many it leaves out.
    var urlRuns: [(xs: Range<Int>, omitted: Int)] = []
    if let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) {
      var index = 0
      while index < text.count {
        if nextURL < urls.count && urls[nextURL].range.lowerBound == index {
          let range = urls[nextURL].range
          let urlLength = length.urlLength ?? 0
          let written = urlXs(urlLength)
          urlRuns.append((scalars.count..<scalars.count + written, urlLength - written))
          for _ in 0..<written {
            scalars.append(0x78)  // x
            origins.append(range)
            inURL.append(true)
          }
          index = range.upperBound
          nextURL += 1
          continue
        }
        let decoded = _decodeUTF8(base + index, available: text.count - index)
        let byteLength = decoded.length == 0 ? text.count - index : decoded.length
        scalars.append(decoded.isValid && decoded.length > 0 ? decoded.value : repaired)
        origins.append(index..<index + byteLength)
        inURL.append(false)
        index += byteLength
      }
    }
    var bytes = Array(length.contentWarning.utf8)
    bytes.reserveCapacity(bytes.count + text.count)
    var pieces: [RewrittenPiece] = []
    func append(_ scalar: UInt32) {
      UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { bytes.append($0) }
    }
    /// Appends scalars `range` as they are: a piece of the text, the URLs' `x`s whole.
    func copy(_ range: Range<Int>) {
      var index = range.lowerBound
      while index < range.upperBound {
        let start = bytes.count
        if inURL[index] {
          let origin = origins[index]
          while index < range.upperBound && inURL[index] && origins[index] == origin {
            append(scalars[index])
            index += 1
          }
          pieces.append(RewrittenPiece(rewritten: start..<bytes.count, text: origin, isWhole: true))
          continue
        }
        // Ill-formed bytes, written as U+FFFD, may take another number of bytes in the replaced
        // text than in the text: each is a piece of its own, kept whole, so that offsets within
        // the other pieces, which are copied as they are, map byte for byte.
        if isRepaired(index) {
          append(scalars[index])
          pieces.append(
            RewrittenPiece(rewritten: start..<bytes.count, text: origins[index], isWhole: true))
          index += 1
          continue
        }
        // The others are their own bytes, copied as they are.
        let textStart = origins[index].lowerBound
        var textEnd = textStart
        while index < range.upperBound && !inURL[index] && !isRepaired(index) {
          textEnd = origins[index].upperBound
          index += 1
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[textStart..<textEnd]))
        pieces.append(
          RewrittenPiece(rewritten: start..<bytes.count, text: textStart..<textEnd, isWhole: false))
      }
    }
    /// Whether scalar `index` (not in a URL) stands for ill-formed bytes.
    func isRepaired(_ index: Int) -> Bool { scalars[index] == repaired }
    // The mentions' pattern, `/(^|[^/\w])@(([a-z0-9_]+)@[a-z0-9.-]+[a-z0-9]+)/ig`, over the
    // replaced text, each match from where the last one ended.
    var copied = 0
    var at = 0
    var mentions: [Range<Int>] = []
    while at < scalars.count {
      guard let mention = composerMention(in: scalars, at: at) else {
        at += 1
        continue
      }
      // The character before the `@` (the pattern's first group) stays as it is.
      let atSign = mention.atSign
      copy(copied..<atSign)
      let start = bytes.count
      for scalar in scalars[atSign..<mention.userEnd] { append(scalar) }
      let textRange = origins[atSign].lowerBound..<origins[mention.end - 1].upperBound
      pieces.append(RewrittenPiece(rewritten: start..<bytes.count, text: textRange, isWhole: true))
      mentions.append(atSign..<mention.end)
      copied = mention.end
      at = mention.end
    }
    copy(copied..<scalars.count)
    let omitted = urlRuns.reduce(0) { total, run in
      mentions.contains { $0.overlaps(run.xs) } ? total : total + run.omitted
    }
    return Rewritten(bytes: bytes, pieces: pieces, omitted: omitted)
  }

  /// The composer's mention pattern at `start` of the replaced text: where its `@` is, where
  /// the user name ends, where the match ends; nil where it does not match there.
  private static func composerMention(in scalars: [UInt32], at start: Int) -> (
    atSign: Int, userEnd: Int, end: Int
  )? {
    func isWordCharacter(_ scalar: UInt32) -> Bool {
      (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar)
        || (0x61...0x7A).contains(scalar) || scalar == 0x5F
    }
    func isDomainCharacter(_ scalar: UInt32) -> Bool {
      isWordCharacter(scalar) && scalar != 0x5F || scalar == 0x2E || scalar == 0x2D
    }
    func match(atSign: Int) -> (atSign: Int, userEnd: Int, end: Int)? {
      guard atSign < scalars.count, scalars[atSign] == 0x40 else { return nil }
      var userEnd = atSign + 1
      while userEnd < scalars.count && isWordCharacter(scalars[userEnd]) { userEnd += 1 }
      guard userEnd > atSign + 1, userEnd < scalars.count, scalars[userEnd] == 0x40 else {
        return nil
      }
      var runEnd = userEnd + 1
      while runEnd < scalars.count && isDomainCharacter(scalars[runEnd]) { runEnd += 1 }
      // `[a-z0-9.-]+[a-z0-9]+`: the longest run that ends in a letter or digit, two at least.
      var end = runEnd
      while end > userEnd + 1 && !(isWordCharacter(scalars[end - 1]) && scalars[end - 1] != 0x5F) {
        end -= 1
      }
      guard end - (userEnd + 1) >= 2 else { return nil }
      return (atSign, userEnd, end)
    }
    // `^`, then a character other than `/` and a word character.
    if start == 0, let found = match(atSign: 0) { return found }
    let before = scalars[start]
    guard before != 0x2F && !isWordCharacter(before) else { return nil }
    return match(atSign: start + 1)
  }
}
