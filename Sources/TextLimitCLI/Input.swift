import TextCount

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input of a command: a file, or standard input (`-`, or no file at all).
struct Input {
  var path: String?  // nil: standard input

  /// How the input is named in output: its path, or "-" for standard input.
  var name: String { path ?? "-" }

  /// The inputs a command line names; standard input when it names none.
  static func from(_ positionals: [String]) -> [Input] {
    positionals.isEmpty ? [Input(path: nil)] : positionals.map { Input(path: $0 == "-" ? nil : $0) }
  }

  /// Counts the input in each of `units`, reading it once: whole (a file through the library's
  /// parallel file path), or line by line, `line` getting each line's counts in order.
  /// - Returns: The whole input's counts, or nil when counting by line.
  /// - Throws: `FileReadError`, or with `strict` an `InvalidUTF8Error` at the first bad byte.
  func count(
    units: [TextUnit], byLine: Bool, strict: Bool, lineBreaks: LineBreaks? = nil,
    line: ([Int]) -> Void
  ) throws -> [Int]? {
    try measure(units: units, byLine: byLine, strict: strict, lineBreaks: lineBreaks) {
      line($0.counts)
    }?.counts
  }

  /// `count`, with each SMS unit's whole measure beside its segments (`Measure.sms`, one per
  /// SMS unit in order), and line breaks rewritten first where `lineBreaks` says (a line's own
  /// line break is not part of it, whatever its form).
  func measure(
    units: [TextUnit], byLine: Bool, strict: Bool, lineBreaks: LineBreaks? = nil,
    line: (Measure) -> Void
  ) throws -> Measure? {
    let smsOptions = units.compactMap { unit -> SMSOptions? in
      if case .sms(let options) = unit { return options }
      return nil
    }
    if !byLine, smsOptions.isEmpty, lineBreaks == nil, let path {
      return Measure(counts: try countFile(path, units: units, strict: strict), sms: [])
    }
    var counter = MultiCounter(units: units, sms: smsOptions)
    var splitter = LineSplitter()
    var checker = StrictChecker()
    var converter = lineBreaks.map { _LineBreakConverter($0) }
    func add(_ bytes: UnsafeRawBufferPointer) {
      guard var active = converter else { return counter.append(bytes) }
      active.convert(bytes) { counter.append($0) }
      converter = active
    }
    func endPart() -> Measure {
      if var active = converter {
        active.finish { counter.append($0) }
        converter = active
      }
      return counter.finish()
    }
    try read { bytes in
      if strict { checker.append(bytes) }
      if byLine {
        splitter.feed(bytes, content: { add($0) }, end: { _ in line(endPart()) })
      } else {
        add(bytes)
      }
    }
    if strict, let offset = checker.firstInvalidByteOffset() {
      throw InvalidUTF8Error(byteOffset: offset)
    }
    if !byLine { return endPart() }
    if splitter.finish(content: { add($0) }) { line(endPart()) }
    return nil
  }

  /// An error about this input, as the tool reports it.
  func message(for error: any Error) -> String {
    error is InvalidUTF8Error ? "\(name): \(error)" : "\(error)"
  }

  /// The length of a file input in each unit, through the library's file path (every core, O(1)
  /// memory, the file read once for all units), with a progress bar on a terminal for big
  /// files. `strict` fails on invalid UTF-8.
  func countFile(_ path: String, units: [TextUnit], strict: Bool) throws -> [Int] {
    var bar = ProgressBar(label: path)
    defer { bar.finish() }
    let (counts, invalid) = try TextCounter.countFile(
      atPath: path, with: units.map { TextCounter(unit: $0) }, progress: { bar.update($0, of: $1) })
    if strict, let invalid { throw InvalidUTF8Error(byteOffset: invalid) }
    return counts
  }

  /// Reads the input to its end in pieces, with a progress bar on a terminal for big files.
  func read(_ body: (UnsafeRawBufferPointer) -> Void) throws(FileReadError) {
    guard let path else {
      return try Self.readStandardInput(body)
    }
    var bar = ProgressBar(label: path)
    try TextCounter.forEachChunk(ofFileAtPath: path, progress: { bar.update($0, of: $1) }, body)
    bar.finish()
  }

  private static func readStandardInput(_ body: (UnsafeRawBufferPointer) -> Void)
    throws(FileReadError)
  {
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let got = systemRead(STDIN_FILENO, buffer.baseAddress, capacity)
      if got < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: "standard input", reason: String(cString: strerror(errno)))
      }
      if got == 0 { return }
      body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
    }
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
