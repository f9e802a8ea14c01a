import Testing

/// The YAML that twitter-text's conformance files (`extract.yml`, `validate.yml`, `tlds.yml`)
/// are written in, read without a YAML library: block maps and lists by indentation, flow lists
/// (`[a, "b"]`), double-quoted (with `\n`, `\t`, `\"`, `\\`, `\uXXXX`, `\UXXXXXXXX`),
/// single-quoted and plain scalars. Anything else stops the test run with the line it is on, so
/// a file this reader misunderstands cannot pass quietly.
indirect enum ConformanceYAML {
  case scalar(String)
  case list([ConformanceYAML])
  case map([(key: String, value: ConformanceYAML)])

  /// The value under `key` of a map.
  subscript(key: String) -> ConformanceYAML? {
    guard case .map(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  var string: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }
  var int: Int? { string.flatMap { Int($0) } }
  var items: [ConformanceYAML] {
    if case .list(let items) = self { return items }
    return []
  }

  /// A conformance case: `description`, `text`, `expected`.
  struct Case: Sendable, CustomTestStringConvertible {
    var section: String
    var description: String
    var text: String
    var expected: ConformanceYAML
    var testDescription: String { "\(section): \(description)" }
  }

  /// The cases of each section under `tests:` in a fixture.
  static func cases(_ fixture: String, sections: [String]) -> [Case] {
    let document = parse(readFixture(fixture), name: fixture)
    guard let tests = document["tests"] else { preconditionFailure("\(fixture): no tests") }
    return sections.flatMap { section -> [Case] in
      guard let cases = tests[section] else { preconditionFailure("\(fixture): no \(section)") }
      return cases.items.map {
        Case(
          section: section, description: $0["description"]?.string ?? "",
          text: $0["text"]?.string ?? "", expected: $0["expected"] ?? .list([]))
      }
    }
  }

  // MARK: Reading

  private struct Line {
    var number: Int
    var indent: Int
    var content: Substring
  }

  static func parse(_ text: String, name: String) -> ConformanceYAML {
    var lines: [Line] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let content = raw.drop { $0 == " " }
      if content.isEmpty || content.hasPrefix("#") || content == "---" { continue }
      lines.append(Line(number: number + 1, indent: raw.count - content.count, content: content))
    }
    var index = 0
    let value = block(lines, &index, indent: lines.first?.indent ?? 0, name: name)
    precondition(
      index == lines.count, "\(name):\(lines[min(index, lines.count - 1)].number): unread")
    return value
  }

  private static func block(_ lines: [Line], _ index: inout Int, indent: Int, name: String)
    -> ConformanceYAML
  {
    guard index < lines.count else { return .scalar("") }
    if lines[index].content.hasPrefix("- ") || lines[index].content == "-" {
      var items: [ConformanceYAML] = []
      while index < lines.count && lines[index].indent == indent
        && lines[index].content.hasPrefix("-")
      {
        let rest = lines[index].content.dropFirst(2)
        if keyAndValue(rest) != nil {
          // A map as a list item: its first pair on the dash's line, the rest indented under it.
          var itemLines = lines
          itemLines[index].indent = indent + 2
          itemLines[index].content = rest
          items.append(map(itemLines, &index, indent: indent + 2, name: name))
        } else {
          items.append(scalar(rest, line: lines[index].number, name: name))
          index += 1
        }
      }
      return .list(items)
    }
    return map(lines, &index, indent: indent, name: name)
  }

  private static func map(_ lines: [Line], _ index: inout Int, indent: Int, name: String)
    -> ConformanceYAML
  {
    var pairs: [(key: String, value: ConformanceYAML)] = []
    while index < lines.count && lines[index].indent == indent {
      guard let (key, value) = keyAndValue(lines[index].content) else {
        preconditionFailure("\(name):\(lines[index].number): expected 'key: value'")
      }
      let number = lines[index].number
      index += 1
      if value.isEmpty {
        let childIndent = index < lines.count ? lines[index].indent : indent
        let child =
          childIndent > indent || (childIndent == indent && lines[index].content.hasPrefix("- "))
          ? block(lines, &index, indent: childIndent, name: name) : .scalar("")
        pairs.append((String(key), child))
      } else {
        pairs.append((String(key), scalar(value, line: number, name: name)))
      }
    }
    return .map(pairs)
  }

  private static func keyAndValue(_ content: Substring) -> (Substring, Substring)? {
    guard let first = content.first, first.isLetter || first == "_",
      let colon = content.firstIndex(of: ":")
    else { return nil }
    let key = content[..<colon]
    guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    let after = content[content.index(after: colon)...]
    guard after.isEmpty || after.first == " " else { return nil }
    return (key, after.drop { $0 == " " })
  }

  private static func scalar(_ text: Substring, line: Int, name: String) -> ConformanceYAML {
    var rest = text
    let value = value(&rest, inFlow: false, line: line, name: name)
    precondition(rest.allSatisfy { $0 == " " }, "\(name):\(line): unread \(rest)")
    return value
  }

  private static func value(_ text: inout Substring, inFlow: Bool, line: Int, name: String)
    -> ConformanceYAML
  {
    text = text.drop { $0 == " " }
    switch text.first {
    case "[":
      text = text.dropFirst()
      var items: [ConformanceYAML] = []
      while true {
        text = text.drop { $0 == " " }
        if text.first == "]" {
          text = text.dropFirst()
          return .list(items)
        }
        items.append(value(&text, inFlow: true, line: line, name: name))
        text = text.drop { $0 == " " }
        if text.first == "," { text = text.dropFirst() }
        precondition(!text.isEmpty, "\(name):\(line): unclosed [")
      }
    case "\"": return .scalar(doubleQuoted(&text, line: line, name: name))
    case "'":
      var result = ""
      text = text.dropFirst()
      while let c = text.first {
        text = text.dropFirst()
        if c == "'" {
          if text.first == "'" {
            result.append("'")
            text = text.dropFirst()
          } else {
            return .scalar(result)
          }
        } else {
          result.append(c)
        }
      }
      preconditionFailure("\(name):\(line): unclosed '")
    default:
      let end =
        inFlow ? (text.firstIndex { $0 == "," || $0 == "]" } ?? text.endIndex) : text.endIndex
      let plain = text[..<end]
      text = text[end...]
      var trimmed = plain
      while trimmed.last == " " { trimmed = trimmed.dropLast() }
      return .scalar(String(trimmed))
    }
  }

  private static func doubleQuoted(_ text: inout Substring, line: Int, name: String) -> String {
    var scalars = String.UnicodeScalarView()
    var rest = text.unicodeScalars.dropFirst()
    func hex(_ count: Int) -> Unicode.Scalar {
      let digits = String(String.UnicodeScalarView(rest.prefix(count)))
      rest = rest.dropFirst(count)
      guard digits.count == count, let value = UInt32(digits, radix: 16),
        let scalar = Unicode.Scalar(value)
      else { preconditionFailure("\(name):\(line): bad escape \\\(digits)") }
      return scalar
    }
    while let c = rest.first {
      rest = rest.dropFirst()
      switch c {
      case "\"":
        text = Substring(rest)
        return String(scalars)
      case "\\":
        guard let escape = rest.first else { break }
        rest = rest.dropFirst()
        switch escape {
        case "n": scalars.append("\n")
        case "t": scalars.append("\t")
        case "r": scalars.append("\r")
        case "0": scalars.append("\0")
        case "\"", "\\", "/": scalars.append(escape)
        case "x": scalars.append(hex(2))
        case "u": scalars.append(hex(4))
        case "U": scalars.append(hex(8))
        default: preconditionFailure("\(name):\(line): unknown escape \\\(escape)")
        }
      default: scalars.append(c)
      }
    }
    preconditionFailure("\(name):\(line): unclosed \"")
  }
}
