import TextCount

/// Options several subcommands share: units, `--max`/`--unit` pairs.
enum Limits {
  /// Every unit's name, as `--unit` takes them: "graphemes, utf16, scalars, utf8, width,
  /// twitter, wide2, x, mastodon". Every subcommand's help lists these.
  static let unitNames = (TextUnit.allCases + [.post(.x), .post(.mastodon())]).map(\.description)
    .joined(separator: ", ")

  /// The options that pick a platform's post rule, for `count`, `check` and `truncate`.
  static let ruleOptions: [ArgumentParser.Option] = [
    .init(
      name: "rule", valueName: "rule",
      help: "A platform's post rule: x (280, URLs 23), mastodon (500, URLs 23, mentions "
        + "without their domain) or bluesky (300 graphemes and 3000 bytes)."),
    .init(
      name: "url-length", valueName: "n",
      help: "With --rule x or mastodon: what each URL counts (default 23)."),
  ]

  /// The post rule `--rule`, `--max` (its first limit's maximum) and `--url-length` name, or nil
  /// without `--rule`.
  static func postRule(_ parsed: ArgumentParser.Parsed, maxes: [String]) throws(UsageError)
    -> PostRule?
  {
    guard let name = parsed.last("rule") else {
      if parsed.last("url-length") != nil {
        throw UsageError("'--url-length' goes with '--rule x' or '--rule mastodon'")
      }
      return nil
    }
    guard PostRule.names.contains(name) else {
      throw UsageError("unknown rule '\(name)' (known: \(PostRule.names.joined(separator: ", ")))")
    }
    guard parsed.all("unit").isEmpty else {
      throw UsageError("'--rule' sets the units: it does not go with '--unit'")
    }
    guard maxes.count <= 1 else { throw UsageError("'--rule' takes at most one '--max'") }
    let maxLength = try maxes.first.map { v throws(UsageError) in try count(v, option: "max") }
    let urlLength = try parsed.last("url-length").map { v throws(UsageError) in
      try count(v, option: "url-length")
    }
    guard let rule = PostRule(name: name, maxLength: maxLength, urlLength: urlLength) else {
      throw UsageError("'--url-length' does not apply to \(name), which counts URLs as written")
    }
    return rule
  }

  /// The limits of `check` and `truncate`: `--rule`'s, or the `--max`/`--unit` pairs.
  static func rules(_ parsed: ArgumentParser.Parsed) throws(UsageError) -> [(
    max: Int, unit: TextUnit
  )] {
    if let rule = try postRule(parsed, maxes: parsed.all("max")) {
      return rule.limits.map { ($0.maxLength, $0.unit) }
    }
    return try rules(maxes: parsed.all("max"), units: parsed.all("unit"))
  }

  /// Parses `--unit` values; none means graphemes, `all` means every unit.
  static func units(_ names: [String]) throws(UsageError) -> [TextUnit] {
    if names.isEmpty { return [.graphemes] }
    var units: [TextUnit] = []
    for name in names {
      if name == "all" {
        units += TextUnit.allCases + [.post(.x), .post(.mastodon())]
      } else if let unit = TextUnit(name: name) {
        units.append(unit)
      } else {
        throw UsageError("unknown unit '\(name)' (known: \(unitNames), all)")
      }
    }
    return units
  }

  /// A non-negative integer option value.
  static func count(_ value: String, option: String) throws(UsageError) -> Int {
    guard let number = Int(value), number >= 0 else {
      throw UsageError("'--\(option)' needs a whole number of at least 0, not '\(value)'")
    }
    return number
  }

  /// `--max N [--unit U]` pairs, matched in order: one `--max` may go without `--unit`
  /// (graphemes); several need one `--unit` each.
  static func rules(maxes: [String], units: [String]) throws(UsageError) -> [(
    max: Int, unit: TextUnit
  )] {
    guard !maxes.isEmpty else { throw UsageError("'--max <n>' is required") }
    if maxes.count == 1 && units.count <= 1 {
      return [(try count(maxes[0], option: "max"), try Self.units(units)[0])]
    }
    guard maxes.count == units.count else {
      throw UsageError(
        "give one '--unit' for each '--max' (\(maxes.count) --max, \(units.count) --unit)")
    }
    var rules: [(max: Int, unit: TextUnit)] = []
    for (max, unit) in zip(maxes, units) {
      let parsed = try Self.units([unit])
      guard parsed.count == 1 else { throw UsageError("'--unit all' cannot pair with '--max'") }
      rules.append((try count(max, option: "max"), parsed[0]))
    }
    return rules
  }
}

/// Counts one input (or one line of it) in several units at once, in one pass.
struct MultiCounter {
  private var counters: [StreamingTextCounter]
  let units: [TextUnit]

  init(units: [TextUnit]) {
    self.units = units
    counters = units.map { StreamingTextCounter(unit: $0) }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    for index in counters.indices { counters[index].append(utf8: bytes) }
  }

  /// The counts, one per unit; the counter starts over.
  mutating func finish() -> [Int] {
    defer { counters = units.map { StreamingTextCounter(unit: $0) } }
    return counters.indices.map { counters[$0].finish() }
  }

  /// The offset of the first ill-formed byte seen since the last `finish()`.
  var firstInvalidByteOffset: Int? { counters.first?.firstInvalidByteOffset }
}

/// Finds the first ill-formed UTF-8 byte of a whole input, for `--strict`.
struct StrictChecker {
  private var counter = StreamingTextCounter(unit: .utf8)

  mutating func append(_ bytes: UnsafeRawBufferPointer) { counter.append(utf8: bytes) }

  /// The offset of the first ill-formed byte of the input, once it has all been read.
  mutating func firstInvalidByteOffset() -> Int? {
    _ = counter.finish()
    return counter.firstInvalidByteOffset
  }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
