import TextCount

/// `textlimit count`: the length of each input in one or more units, like `wc`; per line with
/// `--lines`.
enum CountCommand {
  static let parser = ArgumentParser(
    options: [
      .init(
        name: "unit", valueName: "unit",
        help: "\(Limits.unitNames), or all (default graphemes); repeatable")
    ] + Limits.ruleOptions + [
      .init(
        name: "lines", valueName: nil, help: "Count each line (records of NDJSON-like exports)."),
      .init(name: "max", valueName: "n", help: "With --lines: print only the lines longer than n."),
      .init(name: "json", valueName: nil, help: "One JSON object per line of output (NDJSON)."),
      .init(
        name: "strict", valueName: nil, help: "Fail on invalid UTF-8, naming its first byte offset."
      ),
      .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
    ])

  static let help = """
    USAGE: textlimit count [--unit <unit>]... [--lines [--max <n>]] [--json] [--strict] [<file>...]
           textlimit count --rule x|mastodon|bluesky [--url-length <n>] [<option>...] [<file>...]

    Prints the length of each file, or of standard input when no file (or '-') is given, like
    wc: the count, then the name, and a total line for several files. With several units, a
    header names the columns. Invalid UTF-8 is counted as Swift's String(decoding:) repairs it
    (one U+FFFD per ill-formed sequence) unless --strict.

    With --lines, each line (ending at LF; a CR before it belongs to the ending) is counted on
    its own and printed as '<count>... <name>:<line>'; with --max, only lines longer than n.
    --rule counts in the units of a platform's post rule (bluesky: graphemes and utf8).

    OPTIONS:
    \(parser.optionsHelp())

    EXIT STATUS: 0 done, 2 usage error, unreadable file or (with --strict) invalid UTF-8.

    """

  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.contains("help") {
      Terminal.write(help)
      return 0
    }
    let units: [TextUnit]
    if let rule = try Limits.postRule(parsed, maxes: []) {
      units = rule.limits.map(\.unit)
    } else {
      units = try Limits.units(parsed.all("unit"))
    }
    let byLine = parsed.contains("lines")
    let json = parsed.contains("json")
    let strict = parsed.contains("strict")
    var maximum: Int? = nil
    if let value = parsed.last("max") {
      guard byLine else {
        throw UsageError("'--max' goes with '--lines' here (see 'textlimit check')")
      }
      maximum = try Limits.count(value, option: "max")
    }
    let inputs = Input.from(parsed.positionals)
    var output = Output(units: units, json: json)
    var failed = false
    var totals = units.map { _ in 0 }
    for input in inputs {
      var lineNumber = 0
      do {
        let whole = try input.count(units: units, byLine: byLine, strict: strict) { counts in
          lineNumber += 1
          if maximum == nil || counts.contains(where: { $0 > maximum! }) {
            output.record(counts, name: input.name, line: lineNumber)
          }
        }
        if let whole {
          for index in totals.indices { totals[index] += whole[index] }
          output.record(
            whole, name: inputs.count == 1 && input.path == nil ? "" : input.name, line: nil)
        }
      } catch {
        Terminal.error(input.message(for: error))
        failed = true
      }
    }
    if !byLine && inputs.count > 1 { output.total(totals) }
    output.flush()
    return failed ? 2 : 0
  }

  /// wc-style columns (aligned once everything is known) or NDJSON records.
  struct Output {
    let units: [TextUnit]
    let json: Bool
    private var rows: [(counts: [Int], name: String)] = []

    init(units: [TextUnit], json: Bool) {
      self.units = units
      self.json = json
    }

    mutating func record(_ counts: [Int], name: String, line: Int?) {
      if json {
        var fields = ["\"file\":" + jsonString(name.isEmpty ? "-" : name)]
        if let line { fields.append("\"line\":\(line)") }
        fields += zip(units, counts).map { "\"\($0)\":\($1)" }
        Terminal.write("{" + fields.joined(separator: ",") + "}\n")
      } else if let line {
        // Lines stream out as they are counted: a file may have millions.
        Terminal.write(counts.map(String.init).joined(separator: " ") + " \(name):\(line)\n")
      } else {
        rows.append((counts, name))
      }
    }

    mutating func total(_ counts: [Int]) {
      if json {
        Terminal.write(
          "{\"total\":true," + zip(units, counts).map { "\"\($0)\":\($1)" }.joined(separator: ",")
            + "}\n")
      } else {
        rows.append((counts, "total"))
      }
    }

    func flush() {
      guard !json, !rows.isEmpty else { return }
      let header = units.count > 1 ? units.map(\.description) : nil
      let width =
        (rows.flatMap { $0.counts.map { String($0).count } } + (header ?? []).map(\.count)).max()
        ?? 1
      func line(_ cells: [String], _ name: String) -> String {
        let padded = cells.map { String(repeating: " ", count: width - $0.count) + $0 }
        return (padded + (name.isEmpty ? [] : [name])).joined(separator: " ") + "\n"
      }
      let named = rows.contains { !$0.name.isEmpty }
      var text = header.map { line($0, named ? "file" : "") } ?? ""
      for row in rows { text += line(row.counts.map(String.init), row.name) }
      Terminal.write(text)
    }
  }
}
