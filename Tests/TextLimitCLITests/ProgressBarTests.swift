import Foundation
import Testing

/// The progress bar: on standard error when it is a terminal and the file is over 256 MiB, never
/// in a pipe. Long (a 300 MiB sparse file): runs with `TEXTCOUNT_LONG=1`, from Scripts/test.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TEXTCOUNT_LONG"] == "1"))
struct ProgressBarTests {
  static func bigFile() throws -> String {
    let path = try ToolRunner.temporaryFile(Array("x".utf8), name: "big.txt")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    return path
  }

  @Test func shownOnATerminal() throws {
    let path = try Self.bigFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // `script` runs the tool on a pseudo-terminal; its output is the terminal's.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "\(ToolRunner.toolPath) count \(path)", "/dev/null"]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let draws = Self.draws(in: text, label: path)
    #expect(!draws.isEmpty, "no progress bar: \(text.debugDescription)")
    // Each draw: a 30-column bar filled as far as its percentage says, the percentage never
    // going back, the sizes in GiB; the last one full. Then the line is cleared, and the count
    // follows on a line of its own.
    for draw in draws {
      #expect(draw.filled + draw.empty == 30, "\(draw)")
      // Both round the same fraction down: filled/30 and percent/100 come from one value.
      #expect(
        draw.filled * 100 < (draw.percent + 1) * 30 && draw.percent * 30 < (draw.filled + 1) * 100,
        "\(draw)")
      #expect(draw.sizes.hasSuffix("/0.2 GiB"), "\(draw)")
    }
    #expect(draws.map(\.percent) == draws.map(\.percent).sorted())
    #expect(draws.last.map { $0.percent == 100 && $0.sizes == "0.2/0.2 GiB" } == true)
    let afterLastDraw = text[text.range(of: "GiB", options: .backwards)!.upperBound...]
    #expect(
      afterLastDraw.hasPrefix("\r\u{1B}[K\(300 << 20) \(path)"), "\(afterLastDraw.debugDescription)"
    )
  }

  /// The bars drawn on the terminal: each starts with a carriage return, then the label.
  static func draws(in terminal: String, label: String) -> [(
    filled: Int, empty: Int, percent: Int, sizes: String
  )] {
    terminal.split(separator: "\r").compactMap { piece in
      guard piece.hasPrefix(label + " ["), let close = piece.firstIndex(of: "]") else { return nil }
      let bar = piece[piece.index(piece.startIndex, offsetBy: label.count + 2)..<close]
      let rest = piece[piece.index(after: close)...].split(separator: " ")
      guard rest.count == 3, rest[0].hasSuffix("%"), let percent = Int(rest[0].dropLast()),
        bar.allSatisfy({ $0 == "#" || $0 == " " })
      else { return nil }
      let filled = bar.prefix { $0 == "#" }.count
      let empty = bar.count - filled
      guard bar.dropFirst(filled).allSatisfy({ $0 == " " }) else { return nil }
      return (filled, empty, percent, String(rest[1] + " " + rest[2]))
    }
  }

  @Test func neverInAPipe() throws {
    let path = try Self.bigFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try ToolRunner.run(["count", path])
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput == "\(300 << 20) \(path)\n")
  }
}
