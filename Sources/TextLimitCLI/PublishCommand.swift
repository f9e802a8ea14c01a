import TextCount

/// `textlimit publish`: writes each input as a platform's app publishes it (Bluesky's: links
/// shortened, blank lines and trailing white space trimmed), the text its byte limit applies to.
enum PublishCommand {
  static let parser = ArgumentParser(
    options: [
      .init(
        name: "rule", valueName: "rule",
        help: "The platform whose app publishes the text: bluesky-composer (the only one that "
          + "changes it)."),
      .init(
        name: "lines", valueName: nil,
        help: "Publish each line on its own (one post per line); line endings are kept."),
      .init(
        name: "strict", valueName: nil,
        help: "Refuse invalid UTF-8 (otherwise each ill-formed sequence becomes U+FFFD)."),
      .init(name: "help", valueName: nil, help: "Show this help.", shortName: "h"),
    ])

  static let help = """
    USAGE: textlimit publish --rule bluesky-composer [--lines] [--strict] [<file>...]

    Writes each file (or standard input) as Bluesky's app (social-app 63f0d4d3, atproto's
    RichText d6296a1c) publishes a post typed in its composer: links typed with http:// or
    https:// shortened to their host and the start of their path (as the composer shows them),
    trailing white space and blank lines at the ends trimmed, runs of three or more line breaks
    made two. That text is what the Bluesky's 3,000-byte limit (bluesky-published-utf8) counts;
    'textlimit count --rule bluesky-composer' counts it beside the composer's 300 graphemes.

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
    guard let rule = parsed.last("rule") else {
      throw UsageError("'--rule bluesky-composer' is required")
    }
    guard rule == "bluesky-composer" else {
      throw UsageError(
        "'textlimit publish' takes '--rule bluesky-composer' (other rules publish the text as "
          + "typed), not '\(rule)'")
    }
    let byLine = parsed.contains("lines")
    let strict = parsed.contains("strict")
    var failed = false
    for input in Input.from(parsed.positionals) {
      var output: [UInt8] = []  // written once the whole input has been read
      var text: [UInt8] = []
      var splitter = LineSplitter()
      var checker = StrictChecker()
      func publish() {
        let published = PostRule.blueskyPublishedText(String(decoding: text, as: UTF8.self))
        output += published.utf8
        text.removeAll(keepingCapacity: true)
      }
      do {
        try input.read { bytes in
          if strict { checker.append(bytes) }
          if byLine {
            splitter.feed(
              bytes, content: { text += $0 },
              end: { terminator in
                publish()
                terminator.withUTF8Buffer { output += $0 }
              })
          } else {
            text += bytes
          }
        }
      } catch {
        Terminal.error("\(error)")
        failed = true
        continue
      }
      if strict, let offset = checker.firstInvalidByteOffset() {
        // Nothing is written for an input that fails, whole or by lines.
        Terminal.error(input.message(for: InvalidUTF8Error(byteOffset: offset)))
        failed = true
        continue
      }
      if byLine {
        if splitter.finish(content: { text += $0 }) { publish() }
      } else {
        publish()
      }
      output.withUnsafeBytes { Terminal.writeBytes($0) }
    }
    return failed ? 2 : 0
  }
}
