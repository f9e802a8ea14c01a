import Foundation
import TestSupport
import Testing

/// Issue 48's units and rules on the command line: `--unit sms` (three columns), `words`,
/// `maxlength` and `--line-breaks`, `--rule mastodon-composer` and `bluesky-composer`, the
/// content warning (as text and as a file), `textlimit publish`; each against the cases the
/// platforms' own code was run on (Tests/Fixtures), so that the tool passes on what the library
/// measures.
@Suite struct NewUnitsCommandTests {
  static let mastodon = CaseTable("Mastodon/cases.tsv")
  static let bluesky = CaseTable("Bluesky/cases.tsv")
  static let twilio = CaseTable("SMS/twilio-cases.tsv")
  static let words = CaseTable("Words/cases.tsv")
  static let forms = CaseTable("Forms/cases.tsv")

  /// One JSON record of `count --json`.
  static func record(_ output: String) throws -> [String: Any] {
    let line = try #require(output.split(separator: "\n").first)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func everyTableIsRead() {
    #expect(Self.mastodon.rows.count == 89)
    #expect(Self.bluesky.rows.count == 47)
    #expect(Self.twilio.rows.count == 595)
    #expect(!Self.words.rows.isEmpty && !Self.forms.rows.isEmpty)
  }

  /// The server's count and the composer's, the content warning given as a file (a warning
  /// may hold NUL, which no argument can); the composer's only while its toggle is on.
  @Test(arguments: mastodon.rows.filter { $0.optionalText("text") != nil })
  func mastodonRules(_ row: CaseTable.Row) throws {
    let text = Array(row.text("text").utf8)
    let warning = row.text("spoiler_text")
    let file = try ToolRunner.temporaryFile(Array(warning.utf8), name: "cw.txt")
    let server = try ToolRunner.run(
      ["count", "--rule", "mastodon", "--content-warning-file", file], input: text)
    #expect(server.standardOutput == "\(row["server_length_u17"])\n", "server")
    var composer = ["count", "--rule", "mastodon-composer"]
    if row["composer_cw_toggle_on"] == "true" { composer += ["--content-warning-file", file] }
    let counted = try ToolRunner.run(composer, input: text)
    #expect(counted.standardOutput == "\(row["composer_length"])\n", "composer")
  }

  @Test func contentWarningAsTextAndItsErrors() throws {
    let result = try ToolRunner.run(
      ["count", "--rule", "mastodon", "--content-warning", "  spoiler "],
      input: Array("  hi  ".utf8))
    #expect(result.standardOutput == "9\n", "both stripped: 7 + 2")
    let blank = try ToolRunner.run(
      ["check", "--rule", "mastodon", "--max", "6", "--content-warning", "spoiler"], input: [])
    #expect(blank.status == 1, "a blank text's place taken by the warning: 7 > 6")
    for arguments in [
      ["count", "--rule", "x", "--content-warning", "a"],
      ["count", "--content-warning", "a"],
      ["count", "--rule", "mastodon", "--content-warning", "a", "--content-warning-file", "/x"],
      ["count", "--rule", "mastodon", "--content-warning-file", "/nonexistent/cw"],
    ] {
      let failed = try ToolRunner.run(arguments, input: [])
      #expect(failed.status == 2, "\(arguments)")
      #expect(!failed.standardError.isEmpty, "\(arguments)")
    }
  }

  /// `--url-length` takes what the library takes (0 to 8,388,606, as the C API and Python);
  /// the largest costs no memory per URL (the x's it stands for are counted, not written).
  @Test func urlLengthsUpToTheMaximum() throws {
    let post = Array("see https://example.com/x now".utf8)
    for rule in ["x", "mastodon", "mastodon-composer"] {
      for urlLength in ["8388607", "99999999999", "9223372036854775807"] {
        let refused = try ToolRunner.run(
          ["count", "--rule", rule, "--url-length", urlLength], input: post)
        #expect(refused.status == 2, "\(rule) \(urlLength)")
        #expect(
          refused.standardError.contains("at most 8388606"), "\(rule): \(refused.standardError)")
      }
      let many = Array(repeating: "https://example.com/x ", count: 300).joined()
      let counted = try ToolRunner.run(
        ["count", "--rule", rule, "--url-length", "8388606"], input: Array(many.utf8))
      #expect(counted.status == 0, "\(rule)")
      // 300 URLs of 8,388,606 and the spaces between them (the server strips the last).
      let spaces = rule == "mastodon" ? 299 : 300
      #expect(counted.standardOutput == "\(300 * 8_388_606 + spaces)\n", "\(rule)")
      let cut = try ToolRunner.run(
        ["truncate", "--rule", rule, "--url-length", "8388606", "--max", "100"],
        input: Array(("ab " + many).utf8))
      #expect(cut.standardOutput == "ab ", "\(rule)")
    }
  }

  /// `--strict` refuses a content warning file that is not UTF-8, as it refuses such a text;
  /// without it, its ill-formed bytes count as U+FFFD.
  @Test func strictChecksTheContentWarning() throws {
    let file = try ToolRunner.temporaryFile([0x63, 0x77, 0xFF], name: "cw.txt")
    for command in ["count", "check", "truncate"] {
      var arguments = [command, "--rule", "mastodon", "--content-warning-file", file]
      if command != "count" { arguments += ["--max", "100"] }
      let lenient = try ToolRunner.run(arguments, input: Array("hi".utf8))
      #expect(lenient.status == 0, "\(command)")
      let strict = try ToolRunner.run(arguments + ["--strict"], input: Array("hi".utf8))
      #expect(strict.status == 2, "\(command) --strict")
      #expect(
        strict.standardError.contains("not valid UTF-8"), "\(command): \(strict.standardError)")
    }
  }

  /// Where even an empty text is over a limit, `truncate` writes nothing and says why.
  @Test func truncateWhereNothingFits() throws {
    for arguments in [
      ["truncate", "--rule", "mastodon", "--max", "10", "--content-warning", "a long warning"],
      ["truncate", "--max", "0", "--unit", "sms"],
    ] {
      let result = try ToolRunner.run(arguments, input: Array("x".utf8))
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardOutput.isEmpty, "\(arguments)")
      #expect(result.standardError.contains("no text fits"), "\(arguments)")
    }
    let fits = try ToolRunner.run(
      ["truncate", "--rule", "mastodon", "--max", "10", "--content-warning", "warning"],
      input: Array("hello".utf8))
    #expect(fits.standardOutput == "hel", "the warning (7) and 3 of the text")
  }

  /// `--json` names a Mastodon count `mastodon` whatever its URL length (scripts read the key).
  @Test func mastodonKeepsItsKey() throws {
    let result = try ToolRunner.run(
      ["count", "--rule", "mastodon", "--url-length", "10", "--json"],
      input: Array("see https://example.com/long".utf8))
    #expect(result.standardOutput == "{\"file\":\"-\",\"mastodon\":14}\n")
    let warned = try ToolRunner.run(
      ["count", "--rule", "mastodon", "--content-warning", "cw", "--json"], input: Array("hi".utf8))
    #expect(warned.standardOutput == "{\"file\":\"-\",\"mastodon\":4}\n")
  }

  /// The composer's graphemes and the published text's bytes, and the published text itself.
  @Test(arguments: bluesky.rows.filter { $0.optionalText("text") != nil })
  func blueskyComposer(_ row: CaseTable.Row) throws {
    let text = Array(row.text("text").utf8)
    let counted = try ToolRunner.run(
      ["count", "--rule", "bluesky-composer", "--json"], input: text)
    let fields = try Self.record(counted.standardOutput)
    #expect(fields["bluesky-composer"] as? Int == row.int("composer_graphemes"))
    #expect(fields["bluesky-published-utf8"] as? Int == row.int("published_bytes"))
    let published = try ToolRunner.run(["publish", "--rule", "bluesky-composer"], input: text)
    #expect(published.status == 0)
    #expect(published.standardOutput == row.text("published_text"))
  }

  @Test func publishByLineAndItsErrors() throws {
    let text = "see https://example.com/" + String(repeating: "x", count: 40) + "  \n\n  \nb\n"
    let result = try ToolRunner.run(
      ["publish", "--rule", "bluesky-composer", "--lines"], input: Array(text.utf8))
    #expect(result.standardOutput == "see example.com/xxxxxxxxxxxx...\n\n\nb\n")
    for arguments in [
      ["publish"], ["publish", "--rule", "mastodon"],
      ["publish", "--rule", "bluesky-composer", "--strict"],
    ] {
      let failed = try ToolRunner.run(arguments, input: [0x61, 0xFF])
      #expect(failed.status == 2, "\(arguments)")
      #expect(failed.standardOutput.isEmpty, "\(arguments)")
    }
  }

  /// Every fifth of Twilio's published messages, through `--unit sms --json` (and
  /// `--sms-lookalikes` where the calculator's smart encoding was on).
  @Test(arguments: twilio.rows.enumerated().filter { $0.offset % 5 == 0 }.map(\.element))
  func smsCase(_ row: CaseTable.Row) throws {
    var arguments = ["count", "--unit", "sms", "--json"]
    if row["smart_encoding"] == "true" { arguments.append("--sms-lookalikes") }
    let result = try ToolRunner.run(arguments, input: Array(row.text("input").utf8))
    let fields = try Self.record(result.standardOutput)
    #expect(fields["sms_encoding"] as? String == row["encoding"])
    #expect(fields["sms_segments"] as? Int == row.int("segments"))
    let bits = try #require(row.int("message_bits"))
    #expect(fields["sms_units"] as? Int == (row["encoding"] == "GSM-7" ? bits / 7 : bits / 16))
    var seen: Set<String> = []
    let characters = row.strings("non_gsm_chars").filter { seen.insert($0).inserted }
    #expect(fields["sms_characters"] as? [String] == characters)
  }

  @Test func smsColumnsAndOptions() throws {
    let text = Array(("price 5€ 日" + String(repeating: "a", count: 70)).utf8)
    let result = try ToolRunner.run(["count", "--unit", "sms", "--unit", "graphemes"], input: text)
    #expect(
      result.standardOutput
        == "sms-encoding    sms-units sms-segments    graphemes\n"
        + "       UCS-2           80            2           80\n")
    let gsm = try ToolRunner.run(
      ["count", "--unit", "sms", "--json"], input: Array(String(repeating: "€", count: 81).utf8))
    #expect(
      gsm.standardOutput
        == "{\"file\":\"-\",\"sms_encoding\":\"GSM-7\",\"sms_units\":162,\"sms_segments\":2,"
        + "\"sms_characters\":[]}\n")
    // Turkish's single shift table holds ş: GSM-7 with it, UCS-2 without.
    let turkish = try ToolRunner.run(
      ["count", "--unit", "sms", "--sms-language", "turkish", "--json"], input: Array("ş".utf8))
    #expect(try Self.record(turkish.standardOutput)["sms_encoding"] as? String == "GSM-7")
    let check = try ToolRunner.run(
      ["check", "--unit", "sms", "--max", "1"],
      input: Array(String(repeating: "a", count: 161).utf8))
    #expect(check.standardOutput == "-: 2 sms > 1\n")
    let cut = try ToolRunner.run(
      ["truncate", "--unit", "sms", "--max", "1"],
      input: Array(String(repeating: "a", count: 161).utf8))
    #expect(cut.standardOutput == String(repeating: "a", count: 160))
    for arguments in [
      ["count", "--sms-split", "pairs"], ["count", "--unit", "sms", "--sms-split", "halves"],
      ["count", "--unit", "sms", "--sms-language", "klingon"],
    ] {
      let failed = try ToolRunner.run(arguments, input: [])
      #expect(failed.status == 2, "\(arguments)")
    }
  }

  @Test(arguments: words.rows)
  func wordsCase(_ row: CaseTable.Row) throws {
    let result = try ToolRunner.run(
      ["count", "--unit", "words"], input: Array(row.text("text").utf8))
    let expected = String(row["uax29_default_words"].prefix { $0.isNumber })
    #expect(result.standardOutput == expected + "\n")
  }

  @Test func wordsAreCutWhole() throws {
    let result = try ToolRunner.run(
      ["truncate", "--unit", "words", "--max", "2"], input: Array("hello world, again".utf8))
    #expect(result.standardOutput == "hello world, ")
  }

  /// The browser's count of a field's value, and any unit with line breaks as submitted.
  @Test(arguments: forms.rows)
  func formsCase(_ row: CaseTable.Row) throws {
    let value = Array(row.text("value_as_received").utf8)
    let typed = try ToolRunner.run(["count", "--unit", "maxlength"], input: value)
    #expect(typed.standardOutput == "\(row["browser_maxlength_count"])\n")
    let submitted = try ToolRunner.run(
      ["count", "--unit", "utf16", "--line-breaks", "submitted"], input: value)
    #expect(submitted.standardOutput == "\(row["submitted_utf16_units"])\n")
  }

  /// `truncate --line-breaks`: the value written with its line breaks as a form submits them
  /// (the case's submitted value, CR LF), whole where it fits the submitted count and cut to a
  /// prefix of that form one unit below; as typed, the field's value (the case's API value, LF).
  @Test(arguments: forms.rows)
  func formsCaseTruncated(_ row: CaseTable.Row) throws {
    let value = row.text("value_as_received")
    let typed = row.text("api_value")
    let submitted = row.text("submitted_value_crlf")
    let units = Int(row["submitted_utf16_units"])!
    for max in [units, units - 1] where max >= 0 {
      let result = try ToolRunner.run(
        ["truncate", "--unit", "utf16", "--max", "\(max)", "--line-breaks", "submitted"],
        input: Array(value.utf8))
      let kept = result.standardOutput
      #expect(result.status == 0)
      #expect(max == units ? kept == submitted : submitted.hasPrefix(kept) && kept != submitted)
      #expect(kept.utf16.count <= max)
    }
    let asTyped = try ToolRunner.run(
      ["truncate", "--unit", "utf16", "--max", "\(typed.utf16.count)", "--line-breaks", "typed"],
      input: Array(value.utf8))
    #expect(asTyped.standardOutput == typed)
  }

  /// `--unit all` keeps its columns: the new units are asked for by name.
  @Test func allKeepsItsColumns() throws {
    let result = try ToolRunner.run(["count", "--unit", "all"], input: Array("hi".utf8))
    let header = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      header.split(separator: " ").map(String.init)
        == ["graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2", "x", "mastodon"])
  }
}
