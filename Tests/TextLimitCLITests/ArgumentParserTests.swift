import Testing
import TextCount

@testable import TextLimitCLI

@Suite struct ArgumentParserTests {
  let parser = ArgumentParser(options: [
    .init(name: "unit", valueName: "unit", help: ""),
    .init(name: "max", valueName: "n", help: ""),
    .init(name: "json", valueName: nil, help: ""),
    .init(name: "help", valueName: nil, help: "", shortName: "h"),
  ])

  @Test func valuesFlagsAndPositionals() throws {
    let parsed = try parser.parse([
      "--unit", "utf8", "a.txt", "--max=3", "--json", "--unit=graphemes", "-",
    ])
    #expect(parsed.all("unit") == ["utf8", "graphemes"])
    #expect(parsed.last("max") == "3")
    #expect(parsed.contains("json"))
    #expect(parsed.positionals == ["a.txt", "-"])
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parser.parse(["--", "--json", "-h"])
    #expect(parsed.positionals == ["--json", "-h"])
    #expect(parsed.flags.isEmpty)
  }

  @Test func shortHelp() throws {
    #expect(try parser.parse(["-h"]).contains("help"))
  }

  @Test(arguments: [
    (["--jsn"], "unknown option '--jsn' (did you mean '--json'?)"),
    (["--frobnicate"], "unknown option '--frobnicate' (see --help)"),
    (["-x"], "unknown option '-x' (see --help)"),
    (["--json=yes"], "'--json' takes no value"),
    (["--max"], "'--max' needs a value: --max <n>"),
  ])
  func errors(_ arguments: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try parser.parse(arguments) }
  }

  @Test(arguments: [("", "", 0), ("abc", "", 3), ("unit", "unt", 1), ("kitten", "sitting", 3)])
  func editDistances(_ a: String, _ b: String, _ distance: Int) {
    #expect(editDistance(a, b) == distance)
    #expect(editDistance(b, a) == distance)
  }
}

/// Every subcommand's help names every unit, and each name it gives is one `--unit` takes.
@Suite struct HelpListsEveryUnitTests {
  /// The units as README and `TextUnit`'s documentation name them, written out here.
  static let units = ["graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2"]

  @Test(arguments: ["count", "check", "truncate"])
  func helpNamesEveryUnit(_ subcommand: String) throws {
    let help = try ToolRunner.run([subcommand, "--help"])
    #expect(help.status == 0)
    for unit in Self.units {
      #expect(help.standardOutput.contains(unit), "\(subcommand) --help does not name \(unit)")
    }
  }

  /// All three subcommands read `--unit` through `Limits.units`.
  @Test func everyNamedUnitIsAccepted() throws {
    for unit in Self.units {
      #expect(try Limits.units([unit]).map(\.description) == [unit])
    }
  }
}
