/// A small, table-driven command-line parser with swift-argument-parser's conventions:
/// `--option value` and `--option=value`, `-h`/`--help`, `--` ends the options, and an unknown
/// option is rejected with a hint naming the closest known one.
struct ArgumentParser {
  /// One option a command accepts.
  struct Option: Sendable {
    var name: String  // without the leading dashes
    var valueName: String?  // nil: a flag that takes no value
    var help: String
    var shortName: Character? = nil
  }

  /// What the command line said.
  struct Parsed: Equatable {
    var values: [String: [String]] = [:]  // every value of each option, in order
    var flags: Set<String> = []
    var positionals: [String] = []

    func contains(_ flag: String) -> Bool { flags.contains(flag) }
    func last(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }
  }

  let options: [Option]

  /// Parses `arguments` (without the command name).
  /// - Throws: `UsageError` for an unknown option, a missing value or a value given to a flag.
  func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var parsed = Parsed()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        parsed.positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        parsed.positionals.append(argument)
        continue
      }
      var name: String
      var inlineValue: String? = nil
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let short = argument.dropFirst()
        guard short.count == 1, let option = options.first(where: { $0.shortName == short.first })
        else {
          throw UsageError("unknown option '\(argument)' (see --help)")
        }
        name = option.name
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError("unknown option '--\(name)'" + hint(for: name))
      }
      if option.valueName == nil {
        if inlineValue != nil { throw UsageError("'--\(name)' takes no value") }
        parsed.flags.insert(name)
        continue
      }
      if let inlineValue {
        parsed.values[name, default: []].append(inlineValue)
      } else if index < arguments.count {
        parsed.values[name, default: []].append(arguments[index])
        index += 1
      } else {
        throw UsageError("'--\(name)' needs a value: --\(name) <\(option.valueName!)>")
      }
    }
    return parsed
  }

  /// " (did you mean '--unit'?)" when a known option is a small typo away.
  private func hint(for name: String) -> String {
    let scored = options.map { ($0.name, editDistance(name, $0.name)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else {
      return " (see --help)"
    }
    return " (did you mean '--\(best.0)'?)"
  }

  /// The help text of the options, one per line.
  func optionsHelp() -> String {
    options.map { option in
      var left = "--\(option.name)"
      if let short = option.shortName { left = "-\(short), " + left }
      if let value = option.valueName { left += " <\(value)>" }
      return "  " + left.padding(toLength: 26) + option.help
    }.joined(separator: "\n")
  }
}

/// Levenshtein distance, for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + [Int](repeating: 0, count: b.count)
    for j in 1...max(b.count, 1) where !b.isEmpty {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return a.isEmpty ? b.count : previous[b.count]
}

/// The command line is wrong: the message says how, and the tool exits with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension String {
  /// Pads with spaces to at least `length` characters (never truncates).
  func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}
