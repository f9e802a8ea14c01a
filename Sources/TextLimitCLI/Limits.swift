import TextCount

/// Options several subcommands share: units, `--max`/`--unit` pairs.
enum Limits {
  /// Every unit's name, as `--unit` takes them: "graphemes, utf16, scalars, utf8, width,
  /// twitter, wide2, x, mastodon, words, sms, maxlength, stringz". Every subcommand's help
  /// lists these.
  static let unitNames =
    (allUnits + [.words, .smsSegments, .htmlMaxLength, .stringz]).map(\.description)
    .joined(separator: ", ")

  /// The units of `--unit all`: the columns scripts read, kept as they are (SMS segments,
  /// words and the others are asked for by name).
  static let allUnits = TextUnit.allCases + [.post(.x), .post(.mastodon())]

  /// Which version of each platform's rules each `--rule` follows, for the help.
  static let ruleVersions = """
    RULES (each as the platform's own code counts, at these versions):
      x                  twitter-text 3.1.0 (280, weighted, each URL 23, emoji as Unicode 17's
                         RGI emoji)
      mastodon           Mastodon 4.6.5's server (twitter-text 3.1.0's gem and Mastodon's
                         initializer): 500 grapheme clusters, URLs 23, mentions without their
                         domain, the text and content warning stripped (Mastodon's pending
                         pull request #39150, URLs by UTS #58, is not followed)
      mastodon-composer  Mastodon 4.6.5's web composer (counter.js, stringz 2.1.0): what it shows
      bluesky            the app.bsky.feed.post lexicon: 300 graphemes, 3000 UTF-8 bytes
      bluesky-composer   Bluesky's app (social-app 63f0d4d3, atproto RichText d6296a1c): 300
                         graphemes with links shortened as the composer shows them, 3000 bytes of
                         the text it publishes (see 'textlimit publish')
    UNITS asked for by name (not in --unit all):
      words              UAX #29 word boundaries of Unicode 17.0: the segments holding a letter,
                         number or ideograph
      sms                Twilio's message-segment-calculator (a50230f) over 3GPP TS 23.038:
                         segments (with count: encoding, septets or UTF-16 units, segments)
      maxlength          the HTML Standard's maxlength: UTF-16 units, a line break one
      stringz            stringz 2.1.0 (char-regex 1.0.2), Mastodon's composer's length

    """

  /// The options that pick a platform's post rule, for `count`, `check` and `truncate`.
  /// `--line-breaks`, of `count`, `check` and `truncate`.
  static let lineBreaksOption = ArgumentParser.Option(
    name: "line-breaks", valueName: "typed|submitted",
    help: "Count with each line break as a form field holds it (typed: LF) or as a form "
      + "submits it (submitted: CR LF).")

  static let ruleOptions: [ArgumentParser.Option] =
    [
      .init(
        name: "rule", valueName: "rule",
        help: "A platform's post rule: x, mastodon, mastodon-composer, bluesky or bluesky-composer "
          + "(see RULES)."),
      .init(
        name: "url-length", valueName: "n",
        help: "With --rule x, mastodon or mastodon-composer: what each URL counts (default 23)."),
      .init(
        name: "content-warning", valueName: "text",
        help: "With --rule mastodon or mastodon-composer: the post's content warning (the "
          + "composer's only while its toggle is on)."),
      .init(
        name: "content-warning-file", valueName: "path",
        help: "The content warning, read from a file (UTF-8, as it is)."),
    ] + smsOptions

  /// The options of `--unit sms`.
  static let smsOptions: [ArgumentParser.Option] = [
    .init(
      name: "sms-split", valueName: "whole|pairs",
      help: "With --unit sms: where long messages split: between grapheme clusters (whole, as "
        + "Twilio) or anywhere but escape and surrogate pairs (pairs)."),
    .init(
      name: "sms-lookalikes", valueName: nil,
      help: "With --unit sms: replace characters with GSM look-alikes first (Twilio's smart "
        + "encoding)."),
    .init(
      name: "sms-language", valueName: "name",
      help: "With --unit sms: allow a national language's shift tables (TS 23.038 Annex A): "
        + SMSNationalLanguage.allCases.map(\.name).joined(separator: ", ") + "."),
  ]

  /// The SMS options the command line gives, or nil where it gives none.
  static func smsOptions(_ parsed: ArgumentParser.Parsed) throws(UsageError) -> SMSOptions? {
    var options = SMSOptions()
    var given = false
    if let split = parsed.last("sms-split") {
      given = true
      switch split {
      case "whole": options.split = .wholeClusters
      case "pairs": options.split = .pairsOnly
      default: throw UsageError("'--sms-split' takes whole or pairs, not '\(split)'")
      }
    }
    if parsed.contains("sms-lookalikes") {
      given = true
      options.replacesLookalikes = true
    }
    if let name = parsed.last("sms-language") {
      given = true
      guard let language = SMSNationalLanguage(name: name) else {
        throw UsageError(
          "unknown language '\(name)' (known: "
            + SMSNationalLanguage.allCases.map(\.name).joined(separator: ", ") + ")")
      }
      options.nationalLanguage = language
    }
    return given ? options : nil
  }

  /// `units` with the command line's SMS options applied to their SMS unit.
  static func applyingSMSOptions(_ parsed: ArgumentParser.Parsed, to units: [TextUnit])
    throws(UsageError) -> [TextUnit]
  {
    guard let options = try smsOptions(parsed) else { return units }
    guard units.contains(where: { if case .sms = $0 { return true } else { return false } }) else {
      throw UsageError(
        "'--sms-split', '--sms-lookalikes' and '--sms-language' go with '--unit sms'")
    }
    return units.map { if case .sms = $0 { return .sms(options) } else { return $0 } }
  }

  /// The form of line breaks `--line-breaks` asks for, or nil for the text as it is.
  static func lineBreaks(_ parsed: ArgumentParser.Parsed) throws(UsageError) -> LineBreaks? {
    guard let form = parsed.last("line-breaks") else { return nil }
    switch form {
    case "typed": return .asTyped
    case "submitted": return .asSubmitted
    default: throw UsageError("'--line-breaks' takes typed or submitted, not '\(form)'")
    }
  }

  /// The content warning `--content-warning` or `--content-warning-file` gives (empty for none).
  static func contentWarning(_ parsed: ArgumentParser.Parsed) throws(UsageError) -> String {
    let text = parsed.last("content-warning")
    let path = parsed.last("content-warning-file")
    if text != nil && path != nil {
      throw UsageError("give '--content-warning' or '--content-warning-file', not both")
    }
    if let text { return text }
    guard let path else { return "" }
    var bytes: [UInt8] = []
    do {
      try TextCounter.forEachChunk(ofFileAtPath: path, progress: nil) { bytes += $0 }
    } catch {
      throw UsageError("cannot read the content warning: \(error)")
    }
    let warning = String(decoding: bytes, as: UTF8.self)
    // Ill-formed bytes are read as U+FFFD, as in the text; --strict refuses them in both.
    if parsed.contains("strict") && !warning.utf8.elementsEqual(bytes) {
      throw UsageError("the content warning in '\(path)' is not valid UTF-8 (--strict)")
    }
    return warning
  }

  /// The post rule `--rule`, `--max` (its first limit's maximum) and `--url-length` name, or nil
  /// without `--rule`.
  static func postRule(_ parsed: ArgumentParser.Parsed, maxes: [String]) throws(UsageError)
    -> PostRule?
  {
    guard let name = parsed.last("rule") else {
      if parsed.last("url-length") != nil {
        throw UsageError(
          "'--url-length' goes with '--rule x', '--rule mastodon' or '--rule mastodon-composer'")
      }
      if parsed.last("content-warning") != nil || parsed.last("content-warning-file") != nil {
        throw UsageError(
          "'--content-warning' goes with '--rule mastodon' or '--rule mastodon-composer'")
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
      let urlLength = try count(v, option: "url-length")
      guard urlLength <= PostLength.maximumURLLength else {
        throw UsageError(
          "'--url-length' takes at most \(PostLength.maximumURLLength), not '\(v)'")
      }
      return urlLength
    }
    let warning = try contentWarning(parsed)
    if !warning.isEmpty && name != "mastodon" && name != "mastodon-composer" {
      throw UsageError(
        "'--content-warning' goes with '--rule mastodon' or '--rule mastodon-composer'")
    }
    guard
      let rule = PostRule(
        name: name, maxLength: maxLength, urlLength: urlLength, contentWarning: warning)
    else {
      throw UsageError("'--url-length' does not apply to \(name), which counts URLs otherwise")
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
    let rules = try rules(maxes: parsed.all("max"), units: parsed.all("unit"))
    let units = try applyingSMSOptions(parsed, to: rules.map { $0.unit })
    return zip(rules, units).map { ($0.max, $1) }
  }

  /// Parses `--unit` values; none means graphemes, `all` means every unit.
  static func units(_ names: [String]) throws(UsageError) -> [TextUnit] {
    if names.isEmpty { return [.graphemes] }
    var units: [TextUnit] = []
    for name in names {
      if name == "all" {
        units += allUnits
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

/// What an input (or a line of it) measures: a count per unit, and each SMS unit's whole
/// measure (encoding, units, segments, the characters that made it UCS-2).
struct Measure {
  var counts: [Int]
  var sms: [SMSMessage]
}

/// Counts one input (or one line of it) in several units at once, in one pass.
struct MultiCounter {
  private var counters: [StreamingTextCounter]
  private var messages: [StreamingSMSMessage]
  let units: [TextUnit]

  init(units: [TextUnit], sms: [SMSOptions] = []) {
    self.units = units
    counters = units.map { StreamingTextCounter(unit: $0) }
    messages = sms.map { StreamingSMSMessage(options: $0) }
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    for index in counters.indices { counters[index].append(utf8: bytes) }
    for index in messages.indices { messages[index].append(utf8: bytes) }
  }

  /// The counts, one per unit, and the SMS measures; the counter starts over.
  mutating func finish() -> Measure {
    defer { counters = units.map { StreamingTextCounter(unit: $0) } }
    return Measure(
      counts: counters.indices.map { counters[$0].finish() },
      sms: messages.indices.map { messages[$0].finish() })
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

/// A JSON string literal, all on one line.
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
      // Controls, and U+2028/U+2029 (line breaks to JavaScript and to Python's splitlines),
      // escaped: each record stays one line to any reader.
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029
      {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
