import Foundation
import Testing

/// `--lines`, `check`, `truncate`, `--json` and `--strict`, on the built binary.
@Suite struct LinesAndLimitsTests {
  static let lines = Array("hello\r\nwörld 👍🏽👍🏽\nlast line no newline".utf8)

  @Test func countEachLine() throws {
    let result = try ToolRunner.run(
      ["count", "--lines", "--unit", "graphemes", "--unit", "utf8"], input: Self.lines)
    #expect(result.standardOutput == "5 5 -:1\n8 23 -:2\n20 20 -:3\n")
    #expect(result.status == 0)
  }

  @Test func countOnlyTheLinesOverMax() throws {
    let path = try ToolRunner.temporaryFile(Self.lines)
    let result = try ToolRunner.run(["count", "--lines", "--max", "5", path])
    #expect(result.standardOutput == "8 \(path):2\n20 \(path):3\n")
  }

  /// (Mastodon's server strips the file's final line break: 3.)
  @Test func countAsNDJSON() throws {
    let path = try ToolRunner.temporaryFile(Array("a\"b\n".utf8), name: "we\"ird.txt")
    let result = try ToolRunner.run(
      ["count", "--json", "--unit", "all", path, "-"], input: Array("xyz".utf8))
    let escaped = path.replacingOccurrences(of: "\"", with: "\\\"")
    #expect(
      result.standardOutput == """
        {"file":"\(escaped)","graphemes":4,"utf16":4,"scalars":4,"utf8":4,"width":3,"twitter":4,"wide2":4,"x":4,"mastodon":3}
        {"file":"-","graphemes":3,"utf16":3,"scalars":3,"utf8":3,"width":3,"twitter":3,"wide2":3,"x":3,"mastodon":3}
        {"total":true,"graphemes":7,"utf16":7,"scalars":7,"utf8":7,"width":6,"twitter":7,"wide2":7,"x":7,"mastodon":6}

        """)
  }

  @Test func checkWithinAndOver() throws {
    let within = try ToolRunner.run(["check", "--max", "40"], input: Self.lines)
    #expect(within.status == 0)
    #expect(within.standardOutput.isEmpty)
    let over = try ToolRunner.run(["check", "--max=10"], input: Self.lines)
    #expect(over.status == 1)
    #expect(over.standardOutput == "-: 35 graphemes > 10\n")
  }

  @Test func checkSeveralLimitsLineByLine() throws {
    let path = try ToolRunner.temporaryFile(Self.lines)
    let result = try ToolRunner.run([
      "check", "--lines", "--max", "10", "--unit", "graphemes", "--max", "12", "--unit", "utf8",
      path,
    ])
    #expect(result.status == 1)
    #expect(
      result.standardOutput == """
        \(path):2: 23 utf8 > 12
        \(path):3: 20 graphemes > 10
        \(path):3: 20 utf8 > 12

        """)
  }

  @Test func checkUsageAndIOErrorsExitTwo() throws {
    let noMax = try ToolRunner.run(["check"])
    #expect(noMax.status == 2)
    #expect(noMax.standardError == "textlimit: '--max <n>' is required\n")
    let unpaired = try ToolRunner.run(["check", "--max", "1", "--max", "2", "--unit", "utf8"])
    #expect(unpaired.status == 2)
    #expect(unpaired.standardError.contains("one '--unit' for each '--max'"))
    let path = try ToolRunner.temporaryFile(Array("toolong".utf8))
    let missing = try ToolRunner.run(["check", "--max", "3", "/no/such", path])
    #expect(missing.status == 2, "an I/O error wins over 'over the limit'")
    #expect(missing.standardOutput == "\(path): 7 graphemes > 3\n")
    #expect(missing.standardError == "textlimit: /no/such: No such file or directory\n")
  }

  @Test func truncateNeverSplitsACluster() throws {
    let result = try ToolRunner.run(
      ["truncate", "--max", "3", "--unit", "utf16"], input: Array("ab👍🏽c".utf8))
    #expect(result.standardOutput == "ab")
    let flags = try ToolRunner.run(["truncate", "--max", "1"], input: Array("🇯🇵🇫🇷".utf8))
    #expect(flags.standardOutput == "🇯🇵")
  }

  @Test func truncateEachLineKeepingEndings() throws {
    let result = try ToolRunner.run(["truncate", "--lines", "--max", "3"], input: Self.lines)
    #expect(result.standardOutput == "hel\r\nwör\nlas")
    #expect(result.status == 0)
  }

  @Test func invalidUTF8IsRepairedOrRefused() throws {
    let bytes: [UInt8] = [0x61, 0x62, 0xFF, 0x63, 0xE2, 0x82]
    let repaired = try ToolRunner.run(["count", "--unit", "utf8"], input: bytes)
    #expect(repaired.standardOutput == "9\n")  // a, b, U+FFFD, c, U+FFFD
    let strict = try ToolRunner.run(["count", "--strict"], input: bytes)
    #expect(strict.status == 2)
    #expect(strict.standardError == "textlimit: -: invalid UTF-8 at byte offset 2\n")
    let path = try ToolRunner.temporaryFile(bytes)
    let truncated = try ToolRunner.run(["truncate", "--strict", "--max", "10", path])
    #expect(truncated.status == 2)
    #expect(truncated.standardOutput.isEmpty, "nothing written for a file that fails")
    #expect(truncated.standardError == "textlimit: \(path): invalid UTF-8 at byte offset 2\n")
    let passedThrough = try ToolRunner.run(["truncate", "--max", "3"], input: bytes)
    #expect(Array(passedThrough.standardOutput.utf8) == Array("ab\u{FFFD}".utf8))
  }

  /// A sequence cut off at the very end of standard input is ill-formed too, for truncate as
  /// for count; well-formed input passes.
  @Test(arguments: ["count", "truncate"])
  func strictStandardInputChecksTheLastBytes(_ subcommand: String) throws {
    let arguments =
      subcommand == "count" ? [subcommand, "--strict"] : [subcommand, "--strict", "--max", "10"]
    let cut = try ToolRunner.run(arguments, input: [0x61, 0x62, 0x63, 0xC3])
    #expect(cut.status == 2)
    #expect(cut.standardError == "textlimit: -: invalid UTF-8 at byte offset 3\n")
    let whole = try ToolRunner.run(arguments, input: [0x61, 0x62, 0x63, 0xC3, 0xA9])
    #expect(whole.status == 0)
  }

  @Test func widthAndWeightedUnits() throws {
    let result = try ToolRunner.run(
      ["count", "--unit", "width", "--unit", "twitter", "--unit", "wide2"],
      input: Array("日本 ok 👍🏽".utf8))
    #expect(result.standardOutput == "  width twitter   wide2\n     10      10      10\n")
    let check = try ToolRunner.run(
      ["check", "--max", "280", "--unit", "twitter"],
      input: Array(String(repeating: "中", count: 141).utf8))
    #expect(check.status == 1)
    #expect(check.standardOutput == "-: 282 twitter > 280\n")
  }

  @Test func eachSubcommandHasHelp() throws {
    for subcommand in ["count", "check", "truncate"] {
      let result = try ToolRunner.run([subcommand, "-h"])
      #expect(result.status == 0)
      #expect(result.standardOutput.hasPrefix("USAGE: textlimit \(subcommand)"))
    }
  }
}
