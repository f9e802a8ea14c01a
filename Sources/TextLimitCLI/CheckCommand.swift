import TextCount

/// `textlimit check`: are the inputs (or each of their lines) within every limit?
enum CheckCommand {
  static let parser = ArgumentParser(
    options: [
      .init(
        name: "max", valueName: "n",
        help: "The limit; repeat with --unit for several limits at once."
      ),
      .init(
        name: "unit", valueName: "unit",
        help: "The unit of the --max it follows: \(Limits.unitNames) (default graphemes)."
      ),
    ] + Limits.ruleOptions + [
      Limits.lineBreaksOption,
      .init(
        name: "lines", valueName: nil,
        help: "Check each line on its own, reporting its 1-based number."),
      .init(
        name: "strict", valueName: nil, help: "Fail on invalid UTF-8, naming its first byte offset."
      ),
      .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
    ])

  static let help = """
    USAGE: textlimit check --max <n> [--unit <unit>] [--max <n> --unit <unit>]... [--lines] [--strict] [<file>...]
           textlimit check --rule <rule> [--max <n>] [--url-length <n>] [--content-warning <text>] [<option>...] [<file>...]

    Checks that each file (or standard input) is within every limit, and lists what is over:
    '<name>: <count> <unit> > <max>', or '<name>:<line>: ...' with --lines. Several --max/--unit
    pairs are several limits at once (e.g. --max 280 --unit graphemes --max 1000 --unit utf8).
    --rule checks a platform's post limits, URLs and mentions counted as the platform counts
    them (--max replaces its first limit: a Mastodon server's own). --unit sms is a limit in
    segments (the parts a long message is sent in).

    \(Limits.ruleVersions)
    OPTIONS:
    \(parser.optionsHelp())

    EXIT STATUS: 0 everything within the limits, 1 something over, 2 usage error, unreadable
    file or (with --strict) invalid UTF-8.

    """

  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.contains("help") {
      Terminal.write(help)
      return 0
    }
    let rules = try Limits.rules(parsed)
    let byLine = parsed.contains("lines")
    let strict = parsed.contains("strict")
    let lineBreaks = try Limits.lineBreaks(parsed)
    var failed = false
    var over = false
    for input in Input.from(parsed.positionals) {
      var lineNumber = 0
      var reports = ""
      func judge(_ counts: [Int], where place: String) {
        for (rule, count) in zip(rules, counts) where count > rule.max {
          reports += "\(place): \(count) \(rule.unit) > \(rule.max)\n"
          over = true
        }
        if reports.utf8.count > 1 << 16 {  // stream long reports
          Terminal.write(reports)
          reports = ""
        }
      }
      do {
        let whole = try input.count(
          units: rules.map(\.unit), byLine: byLine, strict: strict, lineBreaks: lineBreaks
        ) { counts in
          lineNumber += 1
          judge(counts, where: "\(input.name):\(lineNumber)")
        }
        if let whole { judge(whole, where: input.name) }
        Terminal.write(reports)
      } catch {
        Terminal.write(reports)
        Terminal.error(input.message(for: error))
        failed = true
      }
    }
    return failed ? 2 : over ? 1 : 0
  }
}
