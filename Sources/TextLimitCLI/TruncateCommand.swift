import TextCount

/// `textlimit truncate`: writes each input cut to its longest prefix that fits, never splitting
/// a grapheme cluster; with `--lines`, each line.
enum TruncateCommand {
  static let parser = ArgumentParser(
    options: [
      .init(
        name: "max", valueName: "n",
        help: "The largest length kept; repeat with --unit for several limits at once."),
      .init(
        name: "unit", valueName: "unit",
        help: "The unit of the --max it follows: \(Limits.unitNames) (default graphemes)."),
    ] + Limits.ruleOptions + [
      Limits.lineBreaksOption,
      .init(
        name: "lines", valueName: nil, help: "Cut each line on its own; line endings are kept."),
      .init(
        name: "strict", valueName: nil,
        help: "Refuse invalid UTF-8 (files are checked before anything is written)."),
      .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
    ])

  static let help = """
    USAGE: textlimit truncate --max <n> [--unit <unit>] [--max <n> --unit <unit>]... [--line-breaks <form>] [--lines] [--strict] [<file>...]
           textlimit truncate --rule <rule> [--max <n>] [--url-length <n>] [--content-warning <text>] [<option>...] [<file>...]

    Writes each file (or standard input) to standard output, cut to its longest prefix whose
    length is at most n, never splitting a grapheme cluster (an emoji, a flag, a conjunct stays
    whole or goes whole). Bytes are passed through unchanged up to the cut. With --lines, each
    line is cut and its line ending kept. Several files are written one after another. Several
    --max/--unit pairs (or a --rule with two limits, as bluesky's) keep the longest prefix
    within all of them; with --rule, a URL is kept or cut whole. With --unit words, a word is
    kept or cut whole; with --unit sms, n is a number of segments. With --rule bluesky-composer,
    the prefix is cut as typed (its published form, 'textlimit publish', is within the bytes).
    With --line-breaks, every line break is written in that form (typed: LF, as a form field
    holds it; submitted: CR LF, as a form submits it) and counted so: the text a server keeps
    of a submitted value that 'maxlength' would have let through, say.

    \(Limits.ruleVersions)
    OPTIONS:
    \(parser.optionsHelp())

    EXIT STATUS: 0 done (cut or not), 2 usage error, unreadable file or (with --strict) invalid
    UTF-8. With --strict on standard input, output stops at the first invalid byte.

    """

  static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.contains("help") {
      Terminal.write(help)
      return 0
    }
    let rules = try Limits.rules(parsed)
    // Where even an empty text is over a limit (a content warning longer than the maximum, SMS
    // segments at most 0), no cut fits: say so rather than write texts that are still over.
    for rule in rules {
      let empty = TextCounter(unit: rule.unit).count("")
      guard empty <= rule.max else {
        throw UsageError(
          "no text fits: an empty one is already \(empty) in \(rule.unit) (over --max \(rule.max))"
            + (parsed.last("content-warning") != nil || parsed.last("content-warning-file") != nil
              ? ", the content warning alone" : ""))
      }
    }
    let byLine = parsed.contains("lines")
    let strict = parsed.contains("strict")
    let lineBreaks = try Limits.lineBreaks(parsed)
    var failed = false
    for input in Input.from(parsed.positionals) {
      if strict, let path = input.path {
        // Validate first: nothing is written for a file that would fail.
        do {
          _ = try TextCounter(unit: .utf8).validatedCountFile(atPath: path)
        } catch {
          Terminal.error(error is InvalidUTF8Error ? "\(input.name): \(error)" : "\(error)")
          failed = true
          continue
        }
      }
      var output = BufferedOutput()
      var cutter = CutterChain(rules)
      var splitter = LineSplitter()
      var checker = StreamingTextCounter(unit: .utf8)
      var stopped = false
      // Line breaks rewritten first where `--line-breaks` says (a line's own, with --lines, is
      // written as it is).
      var converter = lineBreaks.map { _LineBreakConverter($0) }
      func cut(_ bytes: UnsafeRawBufferPointer) {
        guard var active = converter else { return cutter.append(bytes) { output.write($0) } }
        active.convert(bytes) { cutter.append($0) { output.write($0) } }
        converter = active
      }
      func finishCut() {
        if var active = converter {
          active.finish { cutter.append($0) { output.write($0) } }
          converter = active
        }
        cutter.finish { output.write($0) }
      }
      do {
        try input.read { bytes in
          guard !stopped else { return }
          if strict && input.path == nil {
            checker.append(utf8: bytes)
            if checker.firstInvalidByteOffset != nil {
              stopped = true
              return
            }
          }
          if byLine {
            splitter.feed(
              bytes, content: { cut($0) },
              end: { terminator in
                finishCut()
                output.write(terminator)
                cutter = CutterChain(rules)
              })
          } else {
            cut(bytes)
          }
        }
      } catch {
        output.flush()
        Terminal.error("\(error)")
        failed = true
        continue
      }
      if strict && input.path == nil && !stopped {
        // A sequence cut off at the very end is ill-formed too: only the end of input shows it.
        _ = checker.finish()
        stopped = checker.firstInvalidByteOffset != nil
      }
      if stopped {
        output.flush()
        Terminal.error(
          "\(input.name): invalid UTF-8 at byte offset \(checker.firstInvalidByteOffset!)")
        failed = true
        continue
      }
      if byLine {
        if splitter.finish(content: { cut($0) }) { finishCut() }
      } else {
        finishCut()
      }
      output.flush()
    }
    return failed ? 2 : 0
  }
}

/// Collects output bytes and writes them to standard output in large pieces.
struct BufferedOutput {
  private var buffer: [UInt8] = []

  mutating func write(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { Terminal.writeBytes($0) }
    buffer.removeAll(keepingCapacity: true)
  }
}
