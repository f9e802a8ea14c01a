import TextCount

/// `textlimit count [--unit U]... [FILE...]`: the length of each file (or of standard input) in
/// one or more units, one line per input like `wc`, and a total line for several files.
struct CountCommand {
  static let parser = ArgumentParser(options: [
    .init(
      name: "unit", valueName: "unit",
      help: "graphemes (default), utf16, scalars, utf8, or all; repeat for several columns"),
    .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
  ])

  static let help = """
    USAGE: textlimit count [--unit <unit>]... [<file>...]

    Prints the length of each file, or of standard input when no file is given, like wc: the
    count, then the file name, and a total line for several files. Invalid UTF-8 is counted as
    Swift's String(decoding:) repairs it (one U+FFFD per ill-formed sequence). With several
    units, a header line names the columns.

    OPTIONS:
    \(parser.optionsHelp())

    """

  /// Runs the command and returns the exit status.
  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.contains("help") {
      Terminal.write(help)
      return 0
    }
    let units = try parseUnits(parsed.all("unit"))
    var rows: [(counts: [Int], name: String)] = []
    var failed = false
    if parsed.positionals.isEmpty {
      var counters = units.map { StreamingTextCounter(unit: $0) }
      try Terminal.readStandardInput { bytes in
        for index in counters.indices { counters[index].append(utf8: bytes) }
      }
      rows.append((counters.indices.map { counters[$0].finish() }, ""))
    } else {
      for path in parsed.positionals {
        do {
          let counts = try units.map { unit in try TextCounter(unit: unit).countFile(atPath: path) }
          rows.append((counts, path))
        } catch {
          Terminal.error("\(error)")
          failed = true
        }
      }
      if parsed.positionals.count > 1 {
        let totals = units.indices.map { column in rows.reduce(0) { $0 + $1.counts[column] } }
        rows.append((totals, "total"))
      }
    }
    Terminal.write(table(rows, units: units))
    return failed ? 2 : 0
  }

  /// Parses `--unit` values; none means graphemes, `all` means every unit.
  static func parseUnits(_ names: [String]) throws(UsageError) -> [TextUnit] {
    if names.isEmpty { return [.graphemes] }
    var units: [TextUnit] = []
    for name in names {
      if name == "all" {
        units += TextUnit.allCases
      } else if let unit = TextUnit(name: name) {
        units.append(unit)
      } else {
        let known = TextUnit.allCases.map(\.description).joined(separator: ", ")
        throw UsageError("unknown unit '\(name)' (known: \(known), all)")
      }
    }
    return units
  }

  /// Right-aligned columns like wc's, with a header naming the units when there are several.
  static func table(_ rows: [(counts: [Int], name: String)], units: [TextUnit]) -> String {
    let header = units.count > 1 ? units.map(\.description) : nil
    let width = (rows.flatMap { $0.counts.map { String($0).count } } + (header ?? []).map(\.count))
      .max() ?? 1
    func line(_ cells: [String], _ name: String) -> String {
      let padded = cells.map { String(repeating: " ", count: width - $0.count) + $0 }
      return (padded + (name.isEmpty ? [] : [name])).joined(separator: " ") + "\n"
    }
    var output = header.map { line($0, rows.count == 1 && rows[0].name.isEmpty ? "" : "file") } ?? ""
    for row in rows { output += line(row.counts.map(String.init), row.name) }
    return output
  }
}
