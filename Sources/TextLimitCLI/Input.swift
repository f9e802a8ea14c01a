#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TextCount

/// One input of a command: a file, or standard input (`-`, or no file at all).
struct Input {
  var path: String?  // nil: standard input

  /// How the input is named in output: its path, or "-" for standard input.
  var name: String { path ?? "-" }

  /// The inputs a command line names; standard input when it names none.
  static func from(_ positionals: [String]) -> [Input] {
    positionals.isEmpty ? [Input(path: nil)] : positionals.map { Input(path: $0 == "-" ? nil : $0) }
  }

  /// The length of a file input in each unit, through the library's file path (every core, O(1)
  /// memory), with a progress bar on a terminal for big files. `strict` fails on invalid UTF-8.
  func countFile(_ path: String, units: [TextUnit], strict: Bool) throws -> [Int] {
    try units.map { unit in
      let counter = TextCounter(unit: unit)
      var bar = ProgressBar(label: units.count > 1 ? "\(path) (\(unit))" : path)
      defer { bar.finish() }
      if strict { return try counter.validatedCountFile(atPath: path) }
      return try counter.countFile(atPath: path, progress: { bar.update($0, of: $1) })
    }
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

  private static func readStandardInput(_ body: (UnsafeRawBufferPointer) -> Void) throws(FileReadError) {
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

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
