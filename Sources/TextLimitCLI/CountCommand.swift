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
      Limits.lineBreaksOption,
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
           textlimit count --rule <rule> [--url-length <n>] [--content-warning <text>] [<option>...] [<file>...]

    Prints the length of each file, or of standard input when no file (or '-') is given, like
    wc: the count, then the name, and a total line for several files. With several units, a
    header names the columns. Invalid UTF-8 is counted as Swift's String(decoding:) repairs it
    (one U+FFFD per ill-formed sequence) unless --strict.

    With --lines, each line (ending at LF; a CR before it belongs to the ending) is counted on
    its own and printed as '<count>... <name>:<line>'; with --max, only lines longer than n.
    --rule counts in the units of a platform's post rule (bluesky: graphemes and utf8).
    --unit sms prints three columns: the encoding (GSM-7 or UCS-2), the units (septets or UTF-16
    code units) and the segments (and, with --json, the characters that made it UCS-2).
    --unit all is every unit but words, sms, maxlength and stringz, which are asked for by name.

    \(Limits.ruleVersions)
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
      units = try Limits.applyingSMSOptions(parsed, to: try Limits.units(parsed.all("unit")))
    }
    let lineBreaks = try Limits.lineBreaks(parsed)
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
    var totals = Measure(counts: units.map { _ in 0 }, sms: [])
    for input in inputs {
      var lineNumber = 0
      do {
        let whole = try input.measure(
          units: units, byLine: byLine, strict: strict, lineBreaks: lineBreaks
        ) { measure in
          lineNumber += 1
          if maximum == nil || measure.counts.contains(where: { $0 > maximum! }) {
            output.record(measure, name: input.name, line: lineNumber)
          }
        }
        if let whole {
          for index in totals.counts.indices { totals.counts[index] += whole.counts[index] }
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

  /// wc-style columns (aligned once everything is known) or NDJSON records. An SMS unit is
  /// three columns: its encoding, units and segments.
  struct Output {
    let units: [TextUnit]
    let json: Bool
    private var rows: [(cells: [String], name: String)] = []

    init(units: [TextUnit], json: Bool) {
      self.units = units
      self.json = json
    }

    /// The cells of a measure, column by column, and the JSON fields.
    private func cells(_ measure: Measure, total: Bool = false) -> (cells: [String], json: [String])
    {
      var cells: [String] = []
      var fields: [String] = []
      var smsIndex = 0
      for (unit, count) in zip(units, measure.counts) {
        guard case .sms = unit else {
          cells.append(String(count))
          fields.append("\"\(unit)\":\(count)")
          continue
        }
        if total {
          // A total has no one encoding; its segments are the inputs' sum.
          cells += ["-", "-", String(count)]
          fields.append("\"sms_segments\":\(count)")
          continue
        }
        let sms = measure.sms[smsIndex]
        smsIndex += 1
        cells += [sms.encoding.name, String(sms.unitCount), String(sms.segmentCount)]
        fields += [
          "\"sms_encoding\":\(jsonString(sms.encoding.name))", "\"sms_units\":\(sms.unitCount)",
          "\"sms_segments\":\(sms.segmentCount)",
          "\"sms_characters\":[" + sms.charactersForcingUCS2.map(jsonString).joined(separator: ",")
            + "]",
        ]
      }
      return (cells, fields)
    }

    /// The column names: a unit's name, an SMS unit's three.
    private var header: [String] {
      units.flatMap { unit -> [String] in
        if case .sms = unit { return ["sms-encoding", "sms-units", "sms-segments"] }
        return [unit.description]
      }
    }

    mutating func record(_ measure: Measure, name: String, line: Int?) {
      let (cells, fields) = self.cells(measure)
      if json {
        var record = ["\"file\":" + jsonString(name.isEmpty ? "-" : name)]
        if let line { record.append("\"line\":\(line)") }
        Terminal.write("{" + (record + fields).joined(separator: ",") + "}\n")
      } else if let line {
        // Lines stream out as they are counted: a file may have millions.
        Terminal.write(cells.joined(separator: " ") + " \(name):\(line)\n")
      } else {
        rows.append((cells, name))
      }
    }

    mutating func total(_ measure: Measure) {
      let (cells, fields) = self.cells(measure, total: true)
      if json {
        Terminal.write("{\"total\":true," + fields.joined(separator: ",") + "}\n")
      } else {
        rows.append((cells, "total"))
      }
    }

    func flush() {
      guard !json, !rows.isEmpty else { return }
      let header = self.header.count > 1 ? self.header : nil
      let width = (rows.flatMap { $0.cells.map(\.count) } + (header ?? []).map(\.count)).max() ?? 1
      func line(_ cells: [String], _ name: String) -> String {
        let padded = cells.map { String(repeating: " ", count: width - $0.count) + $0 }
        return (padded + (name.isEmpty ? [] : [name])).joined(separator: " ") + "\n"
      }
      let named = rows.contains { !$0.name.isEmpty }
      var text = header.map { line($0, named ? "file" : "") } ?? ""
      for row in rows { text += line(row.cells, row.name) }
      Terminal.write(text)
    }
  }
}
