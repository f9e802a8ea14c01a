/// A URL or mention found in a post's text, as byte offsets of the text.
struct _PostEntity: Equatable {
  enum Kind: Equatable {
    case url
    /// A mention; `domainStart` is where `@domain` starts in Mastodon's `@user@domain`, and
    /// `listSlug` where twitter-text's `/list` starts in `@user/list`.
    case mention(domainStart: Int?, listStart: Int?)
  }

  /// What the extractor reports (twitter-text's `indices`).
  var range: Range<Int>
  /// What the platform counts as the URL: `range`, but where twitter-text's `parseTweet` skips a
  /// different stretch (a host found inside a longer non-ASCII one, with a path: it skips the
  /// host's length and the path's from where the host starts).
  var countedRange: Range<Int>
  var kind: Kind
}

/// Finds URLs and mentions as twitter-text's extractor does (`extractUrlsWithIndices`,
/// `extractMentionsOrListsWithIndices`), and as Mastodon's does with its own patterns
/// (`PostLength.URLSyntax.mastodon`): the same search, rule for rule, over Unicode scalars.
///
/// The patterns are regular expressions in both projects; here each part is a loop over the
/// text, and the one part a regular expression would backtrack through (the host's labels) is
/// worked out once per label, so the search stays linear in the text.
struct _PostEntityScanner {
  let scalars: [Unicode.Scalar]
  /// The byte offset of each scalar of the text, and the text's length last.
  let offsets: [Int]
  let syntax: PostLength.URLSyntax
  /// Where the run of label characters (`_URLCharacters.isLabelCharacter`) starting at each
  /// scalar ends.
  private let runEnds: [Int]
  /// Where the first `_` at or after each scalar is.
  private let nextUnderscores: [Int]
  /// The end of the host starting at each scalar once worked out (-1: none; -2: not yet).
  private var hostEnds: [Int32]

  /// The URLs of a text (ill-formed bytes read as U+FFFD), in order.
  /// - Complexity: O(n).
  static func urls(in text: UnsafeRawBufferPointer, syntax: PostLength.URLSyntax) -> [_PostEntity] {
    guard mayHoldURL(text, syntax: syntax) else { return [] }
    var scanner = _PostEntityScanner(text, syntax: syntax)
    return scanner.urls()
  }

  /// Whether the bytes hold what every URL of `syntax` does (before the scalars are read): its
  /// `urlMarkByte`, a `.` (twitter-text's: `matchURL` needs one after the host's first label),
  /// or a `:` followed by `//` (Mastodon's and its composer's, whose URLs all have a scheme of
  /// `URLSyntax.schemes`). Where the stretches to read start is `_PostCount.candidateBytes`'s;
  /// this checks a stretch.
  /// - Complexity: O(n), no allocation.
  static func mayHoldURL(_ text: UnsafeRawBufferPointer, syntax: PostLength.URLSyntax) -> Bool {
    if syntax == .twitter { return text.contains(syntax.urlMarkByte) }
    guard text.count >= 3 else { return false }
    var from = text.startIndex
    while let colon = text[from..<text.count - 2].firstIndex(of: syntax.urlMarkByte) {
      if text[colon + 1] == UInt8(ascii: "/") && text[colon + 2] == UInt8(ascii: "/") {
        return true
      }
      from = colon + 1
    }
    return false
  }

  /// Whether the bytes hold what every mention of `syntax` does: an `@`, or for twitter-text
  /// (whose `atSigns` are `@` and `＠`, EF BC A0) a byte 0xA0, the full-width sign's last.
  /// - Complexity: O(n), no allocation.
  static func mayHoldMention(_ text: UnsafeRawBufferPointer, syntax: PostLength.URLSyntax) -> Bool {
    text.contains(UInt8(ascii: "@")) || (syntax == .twitter && text.contains(0xA0))
  }

  /// The URLs and mentions of a text, in order, those that overlap an earlier one dropped
  /// (twitter-text's `removeOverlappingEntities`).
  /// - Parameter mentions: Whether to look for mentions: twitter-text's for `.twitter` (lists
  ///   included), Mastodon's (`@user@domain`) for `.mastodon`.
  /// - Complexity: O(n log n).
  static func entities(
    in text: UnsafeRawBufferPointer, syntax: PostLength.URLSyntax, mentions: Bool
  ) -> [_PostEntity] {
    precondition(
      !mentions || syntax != .mastodonComposer, "the composer's mentions are found after its URLs")
    let hasURLBytes = mayHoldURL(text, syntax: syntax)
    guard hasURLBytes || (mentions && mayHoldMention(text, syntax: syntax)) else { return [] }
    var scanner = _PostEntityScanner(text, syntax: syntax)
    var entities = hasURLBytes ? scanner.urls() : []
    guard mentions else { return entities }
    entities += syntax == .twitter ? scanner.twitterMentions() : scanner.mastodonMentions()
    entities.sort { $0.range.lowerBound < $1.range.lowerBound }
    var kept: [_PostEntity] = []
    for entity in entities
    where kept.last.map({ $0.range.upperBound <= entity.range.lowerBound }) ?? true {
      kept.append(entity)
    }
    return kept
  }

  init(_ text: UnsafeRawBufferPointer, syntax: PostLength.URLSyntax) {
    self.syntax = syntax
    // Written in place (an append checks the buffer's uniqueness each time), into arrays made
    // filled (an array made uninitialized looks its type up at run time), then cut to length.
    var scalars = [Unicode.Scalar](repeating: "\0", count: text.count)
    var offsets = [Int](repeating: 0, count: text.count + 1)
    var count = 0
    if let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) {
      scalars.withUnsafeMutableBufferPointer { scalars in
        offsets.withUnsafeMutableBufferPointer { offsets in
          var index = 0
          while index < text.count {
            let decoded = _decodeUTF8(base + index, available: text.count - index)
            scalars[count] = decoded.isValid ? Unicode.Scalar(decoded.value)! : "\u{FFFD}"
            offsets[count] = index
            count += 1
            index += decoded.length == 0 ? text.count - index : decoded.length
          }
          offsets[count] = text.count
        }
      }
    }
    scalars.removeLast(text.count - count)
    offsets.removeLast(text.count - count)
    self.scalars = scalars
    self.offsets = offsets
    var runEnds = [Int](repeating: count, count: count + 1)
    var nextUnderscores = runEnds
    scalars.withUnsafeBufferPointer { scalars in
      runEnds.withUnsafeMutableBufferPointer { runEnds in
        nextUnderscores.withUnsafeMutableBufferPointer { next in
          for index in stride(from: count - 1, through: 0, by: -1) {
            runEnds[index] =
              _URLCharacters.isLabelCharacter(scalars[index]) ? runEnds[index + 1] : index
            next[index] = scalars[index] == "_" ? index : next[index + 1]
          }
        }
      }
    }
    self.runEnds = runEnds
    self.nextUnderscores = nextUnderscores
    hostEnds = [Int32](repeating: -2, count: scalars.count + 1)
  }

  private func bytes(_ range: Range<Int>) -> Range<Int> {
    offsets[range.lowerBound]..<offsets[range.upperBound]
  }

  // MARK: URLs

  /// A match of the URL pattern (`extractUrl`): the URL from `start`, its scheme (empty range if
  /// none), host, and whether a path follows the host (and port).
  private struct URLMatch {
    var start: Int
    var hostStart: Int
    var host: Range<Int> { hostStart..<hostEnd }
    var hostEnd: Int
    var end: Int
    var hasPath: Bool
    var hasScheme: Bool { hostStart > start }
  }

  /// twitter-text's `extractUrlsWithIndices` (Mastodon's: a scheme required). (`urls(in:)` and
  /// `entities(in:)` call it only where `mayHoldURL` says a URL may be there.)
  mutating func urls() -> [_PostEntity] {
    var urls: [_PostEntity] = []
    var start = 0
    while start < scalars.count {
      // validUrlPrecedingChars: one character before the URL, or the start of the text.
      var match: URLMatch?
      var before: Unicode.Scalar?
      if _URLCharacters.mayPrecedeURL(scalars[start]), let found = matchURL(at: start + 1) {
        (match, before) = (found, scalars[start])
      } else if start == 0, let found = matchURL(at: 0) {
        match = found
      }
      // Mastodon's composer takes only URLs with a scheme: its pattern matches nothing where
      // there is none, and the search goes on at the next character.
      guard let match, match.hasScheme || syntax != .mastodonComposer else {
        start += 1
        continue
      }
      start = match.end
      // The composer's pattern checks nothing more (no length, no punycode, no t.co rule).
      if syntax == .mastodonComposer {
        let range = bytes(match.start..<match.end)
        urls.append(_PostEntity(range: range, countedRange: range, kind: .url))
        continue
      }
      guard isValid(match) else { continue }
      if !match.hasScheme {
        guard syntax == .twitter,
          !(before.map { _URLCharacters.isASCII($0, in: "-_./") } ?? false)
        else { continue }
        urls += hostsWithoutScheme(match)
      } else if let tcoEnd = tcoEnd(match) {
        guard tcoEnd >= 0 else { continue }
        let range = bytes(match.start..<tcoEnd)
        urls.append(_PostEntity(range: range, countedRange: range, kind: .url))
      } else {
        let range = bytes(match.start..<match.end)
        urls.append(_PostEntity(range: range, countedRange: range, kind: .url))
      }
    }
    return urls
  }

  /// The URL pattern at `start`: an optional scheme, a host, an optional port, path and query.
  private mutating func matchURL(at start: Int) -> URLMatch? {
    guard start < scalars.count else { return nil }
    let hostStart = start + schemeLength(at: start)
    // A host starts with a label that a dot ends: most places fail here, before any lookup.
    guard hostStart < scalars.count, runEnds[hostStart] > hostStart,
      runEnds[hostStart] < scalars.count, scalars[runEnds[hostStart]] == ".",
      let hostEnd = hostEnd(from: hostStart)
    else { return nil }
    var end = hostEnd
    if end + 1 < scalars.count && scalars[end] == ":" && _URLCharacters.isDigit(scalars[end + 1]) {
      end += 2
      while end < scalars.count && _URLCharacters.isDigit(scalars[end]) { end += 1 }
    }
    let hasPath = end < scalars.count && scalars[end] == "/"
    if hasPath { end = pathEnd(from: end + 1) }
    if end < scalars.count && scalars[end] == "?", let queryEnd = queryEnd(from: end + 1) {
      end = queryEnd
    }
    return URLMatch(
      start: start, hostStart: hostStart, hostEnd: hostEnd, end: end, hasPath: hasPath)
  }

  /// The length of a scheme and `://` at `start` (letters of either case), or 0.
  private func schemeLength(at start: Int) -> Int {
    let first = _URLCharacters.asciiFolded(scalars[start])
    for scheme in syntax.schemes where scheme[0] == first {
      let length = scheme.count
      guard start + length <= scalars.count else { continue }
      if scalars[start..<start + length].lazy.map(_URLCharacters.asciiFolded).elementsEqual(scheme)
      {
        return length
      }
    }
    return 0
  }

  /// The label at `start`: the run of label characters, if a `.` ends it; and whether it may be
  /// a subdomain (`validSubdomain`: starts and ends with a domain character) and a domain name
  /// (`validDomainName`: also no `_`).
  private func label(at start: Int) -> (end: Int, isSubdomain: Bool, isDomainName: Bool)? {
    let end = runEnds[start]
    guard end > start, end < scalars.count, scalars[end] == "." else { return nil }
    let isSubdomain =
      _URLCharacters.isDomainCharacter(scalars[start])
      && _URLCharacters.isDomainCharacter(scalars[end - 1])
    return (end, isSubdomain, isSubdomain && nextUnderscores[start] >= end)
  }

  /// Where the host starting at `start` ends (`validDomain`: subdomains, a domain name, a
  /// top-level domain), or nil. Of the ways to read it, the pattern's: as many subdomains as
  /// can be followed by a domain name and a top-level domain.
  /// - Complexity: O(1) amortized: each label's answer is kept.
  private mutating func hostEnd(from start: Int) -> Int? {
    var chain: [Int] = []
    var next = start
    while hostEnds[next] == -2, let label = label(at: next) {
      chain.append(next)
      next = label.end + 1
    }
    var end: Int? = hostEnds[next] >= 0 ? Int(hostEnds[next]) : nil
    for labelStart in chain.reversed() {
      let label = label(at: labelStart)!
      if label.isSubdomain, let deeper = end {
        end = deeper
      } else if label.isDomainName {
        end = _TopLevelDomains.match(in: scalars, at: label.end + 1, end: scalars.count)
      } else {
        end = nil
      }
      hostEnds[labelStart] = Int32(end ?? -1)
    }
    return end
  }

  /// Where the path that starts at `start` (after its `/`) ends: after the last character a path
  /// may end with, or the last balanced parentheses, in the run of path characters and balanced
  /// parentheses (`validUrlPath`).
  private func pathEnd(from start: Int) -> Int {
    var index = start
    var end = start
    while index < scalars.count {
      let scalar = scalars[index]
      if syntax.isPathCharacter(scalar) {
        index += 1
        if syntax.isPathEndingCharacter(scalar) { end = index }
      } else if scalar == "(", let parenthesesEnd = balancedParenthesesEnd(at: index) {
        // Mastodon's initializer builds the path's ending characters before it widens the
        // parentheses, so that a path ends after parentheses only where they hold twitter-text's
        // narrower path characters (`…/東京_(曖昧さ回避)` ends at `_`); inside a path, the wide
        // ones pass.
        let mayEnd =
          syntax != .mastodon
          || scalars[index + 1..<parenthesesEnd - 1].allSatisfy {
            $0 == "(" || $0 == ")" || _URLCharacters.isRubyTwitterPathCharacter($0)
          }
        index = parenthesesEnd
        if mayEnd { end = index }
      } else {
        break
      }
    }
    return end
  }

  /// The end of `validUrlBalancedParens` at `start` (a `(`): path characters in parentheses,
  /// one level of nesting allowed.
  private func balancedParenthesesEnd(at start: Int) -> Int? {
    func pathRunEnd(from index: Int) -> Int {
      var index = index
      while index < scalars.count && syntax.isPathCharacter(scalars[index]) { index += 1 }
      return index
    }
    let inner = pathRunEnd(from: start + 1)
    guard inner < scalars.count else { return nil }
    if scalars[inner] == ")" && inner > start + 1 { return inner + 1 }
    guard scalars[inner] == "(" else { return nil }
    let nested = pathRunEnd(from: inner + 1)
    guard nested > inner + 1, nested < scalars.count, scalars[nested] == ")" else { return nil }
    let outer = pathRunEnd(from: nested + 1)
    guard outer < scalars.count, scalars[outer] == ")" else { return nil }
    return outer + 1
  }

  /// Where the query that starts at `start` (after its `?`) ends: after the last character a
  /// query may end with in the run of query characters; nil if there is none.
  private func queryEnd(from start: Int, syntax: PostLength.URLSyntax? = nil) -> Int? {
    let syntax = syntax ?? self.syntax
    var index = start
    var end: Int?
    while index < scalars.count && syntax.isQueryCharacter(scalars[index]) {
      index += 1
      if syntax.isQueryEndingCharacter(scalars[index - 1]) { end = index }
    }
    return end
  }

  /// twitter-text's `isValidUrl`: a URL at most 4,096 UTF-16 code units with its scheme
  /// (`https://` counted where there is none), each label of its host at most 63 bytes in
  /// punycode, a host written as punycode holding an ASCII host name.
  private func isValid(_ match: URLMatch) -> Bool {
    var length = scalars[match.start..<match.end].reduce(0) { $0 + $1.utf16.count }
    length += match.hasScheme ? match.hostStart - match.start : 8
    guard length <= 4_096 else { return false }
    let host = scalars[match.host]
    if host.starts(with: "xn--".unicodeScalars) && firstASCIIHost(in: match.host) == nil {
      return false
    }
    var labelStart = match.hostStart
    for index in match.hostStart...match.hostEnd
    where index == match.hostEnd || scalars[index] == "." {
      let label = scalars[labelStart..<index]
      // An ASCII label is its own length; another is punycode's.
      let length =
        label.allSatisfy { $0.isASCII } ? label.count : _Punycode.asciiLength(ofLabel: label)
      guard (1...63).contains(length) else { return false }
      labelStart = index + 1
    }
    return true
  }

  /// A t.co link (`validTcoUrl`): where it ends, its slug and query only (its slug only for
  /// Mastodon, whose twitter-text, the Ruby gem, takes no query, and only after `http://` or
  /// `https://`); -1 if its slug is longer than 40 characters (no URL); nil if the URL is not one.
  private func tcoEnd(_ match: URLMatch) -> Int? {
    let host = match.hostStart
    if syntax == .mastodon {
      let scheme = scalars[match.start..<host].lazy.map(_URLCharacters.asciiFolded)
      guard
        scheme.elementsEqual("https://".unicodeScalars)
          || scheme.elementsEqual("http://".unicodeScalars)
      else { return nil }
    }
    guard host + 5 <= match.end,
      scalars[host..<host + 5].lazy.map(_URLCharacters.asciiFolded).elementsEqual(
        "t.co/".unicodeScalars)
    else { return nil }
    var end = host + 5
    while end < match.end && _URLCharacters.isASCIIAlphanumeric(scalars[end]) { end += 1 }
    guard end > host + 5 else { return nil }
    guard end - (host + 5) <= 40 else { return -1 }
    if syntax == .twitter && end < match.end && scalars[end] == "?",
      let queryEnd = queryEnd(from: end + 1, syntax: .twitter)
    {
      end = min(queryEnd, match.end)
    }
    return end
  }

  // MARK: Hosts without a scheme

  /// The ASCII host name (`validAsciiDomain`) starting at `start` inside `host`: labels of ASCII
  /// letters, digits, `-` and Latin accents, each ending in `.`, then a top-level domain; as many
  /// labels as allow one.
  private func asciiHostEnd(at start: Int, in host: Range<Int>) -> Int? {
    var dots: [Int] = []
    var index = start
    while true {
      var end = index
      while end < host.upperBound && _URLCharacters.isASCIIDomainCharacter(scalars[end]) {
        end += 1
      }
      guard end > index, end < host.upperBound, scalars[end] == "." else { break }
      dots.append(end)
      index = end + 1
    }
    for dot in dots.reversed() {
      if let end = _TopLevelDomains.match(in: scalars, at: dot + 1, end: host.upperBound) {
        return end
      }
    }
    return nil
  }

  /// The first ASCII host name in `host`, if any.
  private func firstASCIIHost(in host: Range<Int>) -> Range<Int>? {
    for start in host {
      if let end = asciiHostEnd(at: start, in: host) { return start..<end }
    }
    return nil
  }

  /// A URL without a scheme: twitter-text keeps the ASCII host names in its host, each a URL, the
  /// last with the port, path and query if there is a path.
  private func hostsWithoutScheme(_ match: URLMatch) -> [_PostEntity] {
    var hosts: [Range<Int>] = []
    var start = match.hostStart
    while start < match.hostEnd {
      if let end = asciiHostEnd(at: start, in: match.host) {
        hosts.append(start..<end)
        start = end
      } else {
        start += 1
      }
    }
    var urls = hosts.map { _PostEntity(range: bytes($0), countedRange: bytes($0), kind: .url) }
    if match.hasPath, let last = hosts.last {
      urls[urls.count - 1].range = bytes(last.lowerBound..<match.end)
      // parseTweet skips the URL's length from the host's start: the host, then as many UTF-16
      // code units as the port, path and query hold.
      var remaining = scalars[match.hostEnd..<match.end].reduce(0) { $0 + $1.utf16.count }
      var end = last.upperBound
      while remaining > 0 && end < scalars.count {
        remaining -= scalars[end].utf16.count
        end += 1
      }
      urls[urls.count - 1].countedRange = bytes(last.lowerBound..<end)
    }
    return urls
  }

  // MARK: Mentions

  /// twitter-text's `extractMentionsOrListsWithIndices`: `@` or `＠`, 1–20 ASCII letters, digits
  /// and `_`, an optional `/list`; after a character that is not one of those, `!#$%&*@＠`, or
  /// after `RT:`; not followed by `@`, a Latin accent or `://`.
  func twitterMentions() -> [_PostEntity] {
    func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
      _URLCharacters.isASCIIAlphanumeric(c) || c == "_"
    }
    var mentions: [_PostEntity] = []
    var searchFrom = 0
    var at = 0
    while at < scalars.count {
      guard scalars[at] == "@" || scalars[at] == "\u{FF20}",
        mayPrecedeTwitterMention(at: at, searchFrom: searchFrom)
      else {
        at += 1
        continue
      }
      var end = at + 1
      while end < scalars.count && end - (at + 1) < 20 && isNameCharacter(scalars[end]) { end += 1 }
      guard end > at + 1 else {
        at += 1
        continue
      }
      var listStart: Int?
      if end + 1 < scalars.count && scalars[end] == "/"
        && _URLCharacters.isASCIIAlphanumeric(scalars[end + 1])
        && !_URLCharacters.isDigit(scalars[end + 1])
      {
        listStart = end
        var listEnd = end + 2
        while listEnd < scalars.count && listEnd - (end + 2) < 24
          && (isNameCharacter(scalars[listEnd]) || scalars[listEnd] == "-")
        {
          listEnd += 1
        }
        end = listEnd
      }
      searchFrom = end
      if !endsMentionBadly(at: end) {
        mentions.append(
          _PostEntity(
            range: bytes(at..<end), countedRange: bytes(at..<end),
            kind: .mention(domainStart: nil, listStart: listStart.map { offsets[$0] })))
      }
      at = end
    }
    return mentions
  }

  /// `validMentionPrecedingChars` before the `@` at `at`: the start of the text, a character
  /// other than an ASCII letter, digit or `_!#$%&*@＠`, or `RT` / `RT:` (either case) at the
  /// start or after a character other than an ASCII letter, digit or `_+~.-`.
  private func mayPrecedeTwitterMention(at: Int, searchFrom: Int) -> Bool {
    if at == 0 { return true }
    let before = scalars[at - 1]
    if at - 1 >= searchFrom
      && !(_URLCharacters.isASCIIAlphanumeric(before)
        || _URLCharacters.isASCII(before, in: "_!#$%&*@")
        || before == "\u{FF20}")
    {
      return true
    }
    var rtEnd = at
    if before == ":" { rtEnd -= 1 }
    let rtStart = rtEnd - 2
    guard rtStart >= 0,
      scalars[rtStart..<rtEnd].lazy.map(_URLCharacters.asciiFolded).elementsEqual(
        "rt".unicodeScalars)
    else { return false }
    if rtStart == 0 { return true }
    let beforeRT = scalars[rtStart - 1]
    return rtStart - 1 >= searchFrom
      && !(_URLCharacters.isASCIIAlphanumeric(beforeRT)
        || _URLCharacters.isASCII(beforeRT, in: "_+~.-"))
  }

  /// `endMentionMatch`: a mention followed by `@`, `＠`, a Latin accent or `://` is none.
  private func endsMentionBadly(at end: Int) -> Bool {
    guard end < scalars.count else { return false }
    let next = scalars[end]
    if next == "@" || next == "\u{FF20}" || _URLCharacters.isLatinAccent(next) { return true }
    return end + 2 < scalars.count && next == ":" && scalars[end + 1] == "/"
      && scalars[end + 2] == "/"
  }

  /// Mastodon's mentions (`Account::MENTION_RE`): `@`, not after `=`, `/` or a word character,
  /// a user name (ASCII letters, digits and `_`, runs joined by `.` and `-`), an optional
  /// `@domain` (word characters, runs joined by `.` and `-`); not followed by `@`, a Latin
  /// accent or `://`.
  func mastodonMentions() -> [_PostEntity] {
    var mentions: [_PostEntity] = []
    func isUserCharacter(_ c: Unicode.Scalar) -> Bool {
      _URLCharacters.isASCIIAlphanumeric(c) || c == "_"
    }
    /// The end of `[class]+([.-]+[class]+)*` at `start`, or nil.
    func runsEnd(from start: Int, _ isMember: (Unicode.Scalar) -> Bool) -> Int? {
      var end = start
      while end < scalars.count && isMember(scalars[end]) { end += 1 }
      guard end > start else { return nil }
      while true {
        var joiner = end
        while joiner < scalars.count && (scalars[joiner] == "." || scalars[joiner] == "-") {
          joiner += 1
        }
        guard joiner > end, joiner < scalars.count, isMember(scalars[joiner]) else { return end }
        end = joiner
        while end < scalars.count && isMember(scalars[end]) { end += 1 }
      }
    }
    var at = 0
    while at < scalars.count {
      guard scalars[at] == "@",
        at == 0
          || !(scalars[at - 1] == "=" || scalars[at - 1] == "/"
            || _URLCharacters.isWordCharacter(scalars[at - 1])),
        var end = runsEnd(from: at + 1, isUserCharacter)
      else {
        at += 1
        continue
      }
      var domainStart: Int?
      if end < scalars.count && scalars[end] == "@",
        let domainEnd = runsEnd(from: end + 1, _URLCharacters.isWordCharacter)
      {
        domainStart = end
        end = domainEnd
      }
      // A domain over 253 characters (Mastodon's `MAX_DOMAIN_LENGTH`) makes no mention.
      let isDomainTooLong = domainStart.map { end - ($0 + 1) > 253 } ?? false
      if !endsMentionBadly(at: end) && !isDomainTooLong {
        mentions.append(
          _PostEntity(
            range: bytes(at..<end), countedRange: bytes(at..<end),
            kind: .mention(domainStart: domainStart.map { offsets[$0] }, listStart: nil)))
      }
      at = end
    }
    return mentions
  }
}
