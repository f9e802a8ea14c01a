import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Mastodon's web composer's count against what Mastodon 4.6.5's own composer code gave when
/// run (Tests/Fixtures/Mastodon/cases.tsv, `composer_length`: `counter.js`, `url_regex.js` over
/// twitter-text 3.1.0's JavaScript patterns, stringz 2.1.0, on Node 20), the content warning
/// counted where its toggle was on.
@Suite struct MastodonComposerTests {
  static let table = CaseTable("Mastodon/cases.tsv")

  @Test(arguments: table.rows, allBackends)
  func composerCount(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let text = row.text("text")
    let warning = row["composer_cw_toggle_on"] == "true" ? row.text("spoiler_text") : ""
    let expected = try #require(row.int("composer_length"))
    let length = PostLength.mastodonComposer(contentWarning: warning)
    let counter = TextCounter(unit: .post(length), backend: backend)
    #expect(counter.count(text) == expected)
    var stream = StreamingTextCounter(unit: .post(length), backend: backend)
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
    #expect(PostRule.mastodonComposer(contentWarning: warning).lengths(of: text) == [expected])
  }

  @Test func ruleByName() {
    #expect(PostRule(name: "mastodon-composer") == .mastodonComposer())
    #expect(PostRule.names.contains("mastodon-composer"))
  }
}
