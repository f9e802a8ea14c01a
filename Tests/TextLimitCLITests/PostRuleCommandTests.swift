import Foundation
import Testing

/// `--rule x|mastodon|bluesky` on `count`, `check` and `truncate`, with lengths worked out by
/// hand from the platforms' rules (a URL 23, a mention without its domain, 300 clusters and
/// 3,000 bytes).
@Suite struct PostRuleCommandTests {
  static let post = Array("see https://example.com/a/very/long/path ok @bob@example.social".utf8)

  @Test func countInARulesUnits() throws {
    let x = try ToolRunner.run(["count", "--rule", "x"], input: Self.post)
    #expect(x.standardOutput == "\(4 + 23 + 4 + 19)\n", "no URL in a mention's domain for X")
    let mastodon = try ToolRunner.run(["count", "--rule", "mastodon"], input: Self.post)
    #expect(mastodon.standardOutput == "\(4 + 23 + 4 + 4)\n")
    let server = try ToolRunner.run(
      ["count", "--rule", "mastodon", "--url-length", "5"], input: Self.post)
    #expect(server.standardOutput == "\(4 + 5 + 4 + 4)\n")
    let bluesky = try ToolRunner.run(["count", "--rule", "bluesky", "--json"], input: Self.post)
    #expect(bluesky.standardOutput == "{\"file\":\"-\",\"graphemes\":63,\"utf8\":63}\n")
  }

  @Test func checkAgainstARuleAndItsMaximum() throws {
    let within = try ToolRunner.run(
      ["check", "--rule", "mastodon", "--max", "35"], input: Self.post)
    #expect(within.status == 0)
    let over = try ToolRunner.run(["check", "--rule", "mastodon", "--max", "34"], input: Self.post)
    #expect(over.status == 1)
    #expect(over.standardOutput == "-: 35 mastodon > 34\n")
  }

  @Test func truncateKeepsURLsWhole() throws {
    let text = Array(
      (String(repeating: "a", count: 270) + " see https://example.com/long/path").utf8)
    let result = try ToolRunner.run(["truncate", "--rule", "x"], input: text)
    #expect(result.status == 0)
    #expect(result.standardOutput == String(repeating: "a", count: 270) + " see ")
    let family = String(repeating: "👨‍👩‍👧‍👦", count: 130)
    let bluesky = try ToolRunner.run(["truncate", "--rule", "bluesky"], input: Array(family.utf8))
    #expect(bluesky.standardOutput == String(repeating: "👨‍👩‍👧‍👦", count: 120))
  }

  @Test func badRuleOptionsAreUsageErrors() throws {
    for arguments in [
      ["count", "--rule", "threads"], ["count", "--rule", "bluesky", "--url-length", "5"],
      ["count", "--rule", "x", "--unit", "utf8"], ["check", "--rule", "x", "--url-length", "-1"],
    ] {
      let result = try ToolRunner.run(arguments, input: Self.post)
      #expect(result.status == 2, "\(arguments)")
      #expect(!result.standardError.isEmpty, "\(arguments)")
    }
  }
}
