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
    #expect(
      text.contains("] 100%") || text.contains("%"), "no progress bar: \(text.debugDescription)")
    #expect(text.contains("\(300 << 20) \(path)"))
  }

  @Test func neverInAPipe() throws {
    let path = try Self.bigFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try ToolRunner.run(["count", path])
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput == "\(300 << 20) \(path)\n")
  }
}
