import TextCount

/// `textlimit check`: are the inputs (or each of their lines) within every limit?
enum CheckCommand {
  static let parser = ArgumentParser(options: [
    .init(name: "max", valueName: "n", help: "The limit; repeat with --unit for several limits at once."),
    .init(name: "unit", valueName: "unit", help: "The unit of the --max it follows (default graphemes)."),
    .init(name: "lines", valueName: nil, help: "Check each line on its own, reporting its 1-based number."),
    .init(name: "strict", valueName: nil, help: "Fail on invalid UTF-8, naming its first byte offset."),
    .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
  ])

  static let help = """
    USAGE: textlimit check --max <n> [--unit <unit>] [--max <n> --unit <unit>]... [--lines] [--strict] [<file>...]

    Checks that each file (or standard input) is within every limit, and lists what is over:
    '<name>: <count> <unit> > <max>', or '<name>:<line>: ...' with --lines. Several --max/--unit
    pairs are several limits at once (e.g. --max 280 --unit graphemes --max 1000 --unit utf8).

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
    let rules = try Limits.rules(maxes: parsed.all("max"), units: parsed.all("unit"))
    let byLine = parsed.contains("lines")
    let strict = parsed.contains("strict")
    var failed = false
    var over = false
    for input in Input.from(parsed.positionals) {
      var counter = MultiCounter(units: rules.map(\.unit))
      var splitter = LineSplitter()
      var lineNumber = 0
      var checker = StrictChecker()
      var reports = ""
      func judge(_ counts: [Int], where place: String) {
        for (rule, count) in zip(rules, counts) where count > rule.max {
          reports += "\(place): \(count) \(rule.unit) > \(rule.max)\n"
          over = true
        }
      }
      func endLine() {
        lineNumber += 1
        judge(counter.finish(), where: "\(input.name):\(lineNumber)")
        if reports.utf8.count > 1 << 16 {  // stream long reports
          Terminal.write(reports)
          reports = ""
        }
      }
      if !byLine, let path = input.path {
        do {
          judge(try input.countFile(path, units: rules.map(\.unit), strict: strict), where: input.name)
          Terminal.write(reports)
        } catch let error as InvalidUTF8Error {
          Terminal.error("\(input.name): \(error)")
          failed = true
        } catch {
          Terminal.error("\(error)")
          failed = true
        }
        continue
      }
      do {
        try input.read { bytes in
          if strict { checker.append(bytes) }
          if byLine {
            splitter.feed(bytes, content: { counter.append($0) }, end: { _ in endLine() })
          } else {
            counter.append(bytes)
          }
        }
      } catch {
        Terminal.error("\(error)")
        failed = true
        continue
      }
      if strict, let offset = checker.firstInvalidByteOffset() {
        Terminal.error("\(input.name): invalid UTF-8 at byte offset \(offset)")
        failed = true
        continue
      }
      if byLine {
        if splitter.finish(content: { counter.append($0) }) { endLine() }
      } else {
        judge(counter.finish(), where: input.name)
      }
      Terminal.write(reports)
    }
    return failed ? 2 : over ? 1 : 0
  }
}
