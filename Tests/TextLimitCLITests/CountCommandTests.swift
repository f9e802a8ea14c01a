import Testing

@Suite struct CountCommandTests {
  @Test func countsStandardInputInGraphemesByDefault() throws {
    let result = try ToolRunner.run(["count"], input: Array("👨‍👩‍👧‍👦 e\u{301}!".utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput == "4\n")
    #expect(result.standardError.isEmpty)
  }

  @Test(arguments: [
    ("graphemes", "2"), ("utf16", "3"), ("scalars", "3"), ("utf8", "6"),
    ("unicodeScalars", "3"),
  ])
  func countsEachUnit(_ unit: String, _ expected: String) throws {
    // "e" + U+0301, then an invalid byte repaired as one U+FFFD.
    let result = try ToolRunner.run(["count", "--unit", unit], input: [0x65, 0xCC, 0x81, 0xFF])
    #expect(result.standardOutput == expected + "\n")
  }

  @Test func equalsSignSpellingAndSeveralUnits() throws {
    let result = try ToolRunner.run(
      ["count", "--unit=utf8", "--unit", "graphemes"], input: Array("日本".utf8))
    #expect(result.standardOutput == "     utf8 graphemes\n        6         2\n")
  }

  @Test func filesLikeWcWithATotal() throws {
    let first = try ToolRunner.temporaryFile(Array("hello\n".utf8), name: "a.txt")
    let second = try ToolRunner.temporaryFile(Array("🇯🇵🇫🇷".utf8), name: "b.txt")
    let result = try ToolRunner.run(["count", first, second])
    #expect(result.status == 0)
    #expect(result.standardOutput == "6 \(first)\n2 \(second)\n8 total\n")
  }

  @Test func aMissingFileIsNamedAndTheOthersAreStillCounted() throws {
    let present = try ToolRunner.temporaryFile(Array("abc".utf8))
    let result = try ToolRunner.run(["count", "/no/such/file.txt", present])
    #expect(result.status == 2)
    #expect(result.standardError == "textlimit: /no/such/file.txt: No such file or directory\n")
    #expect(result.standardOutput == "3 \(present)\n3 total\n")
  }

  @Test(arguments: [
    (["count", "--unt", "utf8"], "textlimit: unknown option '--unt' (did you mean '--unit'?)\n"),
    (
      ["count", "--unit", "bytes"],
      "textlimit: unknown unit 'bytes' (known: graphemes, utf16, scalars, utf8, width, twitter, wide2, x, mastodon, words, sms, maxlength, stringz, all)\n"
    ),
    (["count", "--unit"], "textlimit: '--unit' needs a value: --unit <unit>\n"),
    (["cuont"], "textlimit: unknown subcommand 'cuont' (did you mean 'count'?)\n"),
  ])
  func usageErrorsExitWithTwoAndAHint(_ arguments: [String], _ message: String) throws {
    let result = try ToolRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.standardError == message)
    #expect(result.standardOutput.isEmpty)
  }

  /// A usage error with a megabyte on standard input, which the tool never reads: it exits 2,
  /// and the test process, whose write finds the pipe closed, goes on (a SIGPIPE would end it).
  @Test func aUsageErrorLeavesItsInputUnread() throws {
    let result = try ToolRunner.run(["cuont"], input: Array(repeating: 0x61, count: 1 << 20))
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("textlimit: unknown subcommand 'cuont'"))
  }

  @Test func helpAndVersion() throws {
    let help = try ToolRunner.run(["count", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: textlimit count"))
    let version = try ToolRunner.run(["--version"])
    #expect(version.standardOutput.hasPrefix("textlimit "))
    #expect(version.standardOutput.contains("\nSIMD kernels: "))
  }
}
