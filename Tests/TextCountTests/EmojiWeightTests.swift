import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Which clusters X's weighted length counts as emoji (2): those that start with one of
/// Unicode's RGI emoji of Emoji 17.0 or a keycap without U+FE0F, the rest of the cluster by
/// code point (Tests/Fixtures/X/emoji-cases.tsv: twitter-text 3.1.0 run in JavaScript, Java and
/// Ruby, its published `validate.yml` values, and the same rule worked out independently over
/// Unicode's files and with Node's `\p{RGI_Emoji}`, ICU 78.2).
///
/// The expected length of a case: twitter-text's published value where there is one; else, for
/// a text with a keycap without U+FE0F, twitter-text's run (its lists hold those, the RGI files
/// do not); else Node's `\p{RGI_Emoji}` rule, which equals twitter-text's where its lists
/// (Emoji 12.1 in Java and Ruby) know the emoji, and is newer where they do not. One difference
/// from twitter-text stays, by the rule: `👁‍🗨` without its U+FE0F (not RGI) counts 5, as its
/// scalars, where twitter-text's list has it as 2.
@Suite struct EmojiWeightTests {
  static let table = CaseTable("X/emoji-cases.tsv")

  @Test func everyCaseIsRead() {
    #expect(Self.table.rows.count == 88)
    // Two of twitter-text's long published texts are abbreviated in the file (PostText-
    // ConformanceTests runs them whole, from validate.yml).
    #expect(Self.table.rows.filter { $0.optionalText("text") == nil }.count == 2)
    // The two independent workings of the rule agree on every case.
    #expect(Self.table.rows.allSatisfy { $0["rgi17"] == $0["node_rgi_regex"] })
  }

  static func hasUnqualifiedKeycap(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return scalars.indices.dropFirst().contains {
      scalars[$0] == "\u{20E3}" && "0123456789#*".unicodeScalars.contains(scalars[$0 - 1])
    }
  }

  static func expected(_ row: CaseTable.Row) -> Int? {
    if let published = row.int("tt_published") { return published }
    if hasUnqualifiedKeycap(row.text("text")) { return row.int("tt_java") }
    return row.int("node_rgi_regex")
  }

  @Test(arguments: table.rows.filter { $0.optionalText("text") != nil }, allBackends)
  func xLength(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let text = row.text("text")
    let expected = try #require(Self.expected(row))
    let counter = TextCounter(unit: .post(.x), backend: backend)
    #expect(counter.count(text) == expected)
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { counter.count(utf8: $0) } == expected)
    var stream = StreamingTextCounter(unit: .post(.x), backend: backend)
    for byte in bytes { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
  }

  /// Every RGI emoji of the files alone weighs 2, and with a letter after it 3; a keycap without
  /// its U+FE0F 2; a regional indicator pair that is no flag 4 (2 each).
  @Test(arguments: allBackends)
  func everySequence(_ backend: TextCounter.Backend) {
    let sequences = UnicodeDataEmoji.sequences
    #expect(sequences.count == 3965)
    let counter = TextCounter(unit: .weighted(.twitterV3), backend: backend)
    var mismatches = Mismatches()
    for sequence in sequences {
      let text = String(String.UnicodeScalarView(sequence.map { Unicode.Scalar($0)! }))
      mismatches.check(counter.count(text), 2, "\(sequence.map { String($0, radix: 16) })")
      mismatches.check(counter.count(text + "\u{301}"), 3, "\(text) + U+0301")
    }
    #expect(counter.count("🇦🇧") == 4)
    #expect(counter.count("k\u{20E3}") == 3)
    #expect(mismatches.count == 0)
  }

  /// The table is what its generator writes from Unicode's files today.
  @Test func tableIsUpToDate() throws {
    let (passed, output) = try generatorCheck("generate-emoji-sequences.py")
    #expect(passed, "\(output)")
  }
}
