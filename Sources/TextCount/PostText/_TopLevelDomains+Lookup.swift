extension _TopLevelDomains {
  /// A name, as lower-case scalars, and its rank.
  private struct Entry {
    var scalars: [Unicode.Scalar]
    var rank: Int
  }

  /// The names by their first two scalars (every name has at least two).
  private static let entriesByStart: [UInt64: [Entry]] = {
    var names: [String] = []
    sortedNames.withUTF8Buffer { buffer in
      names = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    precondition(names.count == ranks.count, "_TopLevelDomains: a rank for each name")
    var entries: [UInt64: [Entry]] = [:]
    for (name, rank) in zip(names, ranks) {
      let scalars = Array(name.unicodeScalars)
      precondition(scalars.count >= 2, "_TopLevelDomains: a name of one scalar")
      entries[key(scalars[0], scalars[1]), default: []].append(
        Entry(scalars: scalars, rank: Int(rank)))
    }
    return entries
  }()

  private static func key(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> UInt64 {
    UInt64(first.value) << 32 | UInt64(second.value)
  }

  /// A scalar as the names are written: ASCII letters in lower case, another scalar as its
  /// lower-case mapping when that is one scalar.
  private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return _URLCharacters.asciiFolded(scalar) }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first! : scalar
  }

  /// Where the top-level domain that twitter-text's pattern matches at `start` ends, or nil: of
  /// the names that start there (letters of either case) and end before a character that may
  /// follow one (`_URLCharacters.mayFollowTopLevelDomain`) or at `end`, the one of lowest rank;
  /// else a punycode name (`xn--` and ASCII letters, digits and `-`).
  /// - Complexity: O(the names that share the first two scalars × their length).
  static func match(in scalars: [Unicode.Scalar], at start: Int, end: Int) -> Int? {
    var best: (rank: Int, end: Int)?
    if end - start >= 2,
      let entries = entriesByStart[key(folded(scalars[start]), folded(scalars[start + 1]))]
    {
      for entry in entries where entry.rank < best?.rank ?? .max {
        let nameEnd = start + entry.scalars.count
        guard nameEnd <= end,
          nameEnd == end || _URLCharacters.mayFollowTopLevelDomain(scalars[nameEnd]),
          entry.scalars.indices.dropFirst(2).allSatisfy({
            folded(scalars[start + $0]) == entry.scalars[$0]
          })
        else { continue }
        best = (entry.rank, nameEnd)
      }
    }
    if let best { return best.end }
    // validPunycode: xn--[\-0-9a-z]+, then a character that may follow a top-level domain.
    guard end - start > 4,
      zip(scalars[start..<start + 4], "xn--".unicodeScalars).allSatisfy({
        _URLCharacters.asciiFolded($0) == $1
      })
    else { return nil }
    var punycodeEnd = start + 4
    while punycodeEnd < end
      && (_URLCharacters.isASCIIAlphanumeric(scalars[punycodeEnd]) || scalars[punycodeEnd] == "-")
    {
      punycodeEnd += 1
    }
    guard punycodeEnd > start + 4,
      punycodeEnd == end || _URLCharacters.mayFollowTopLevelDomain(scalars[punycodeEnd])
    else { return nil }
    return punycodeEnd
  }
}
