import Foundation
import Testing

/// The tool never reports success after a failed write, and ends quietly when its reader goes
/// away, as coreutils tools do.
@Suite struct OutputFailureTests {
  /// Runs the tool with standard output sent to `output`; returns the status and standard error.
  static func run(_ arguments: [String], output: FileHandle, executable: String? = nil) throws -> (
    status: Int32, reason: Process.TerminationReason, standardError: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable ?? ToolRunner.toolPath)
    process.arguments = executable == nil ? arguments : ["-c"] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, process.terminationReason,
      String(decoding: error, as: UTF8.self)
    )
  }

  static let commands: [[String]] = [
    ["count"], ["count", "--unit", "all", "--json"], ["count", "--lines"],
    ["check", "--max", "1", "--lines"], ["truncate", "--max", "5"], ["--version"],
  ]

  @Test(arguments: commands)
  func aFullDiskIsAnErrorNamedOnStandardError(_ command: [String]) throws {
    let file = try ToolRunner.temporaryFile(Array("héllo wörld\nsecond line\n".utf8))
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let arguments = command == ["--version"] ? command : command + [file]
    let result = try Self.run(arguments, output: full)
    #expect(result.reason == .exit)
    #expect(result.status == 2, "\(command): a failed write must not exit \(result.status)")
    #expect(result.standardError.contains("cannot write to standard output: No space left"))
  }

  /// `textlimit … | head`: the reader closes the pipe; the tool stops, without a message,
  /// whether SIGPIPE is at its default (the kernel stops it) or ignored by whoever started it
  /// (the write fails with EPIPE, and it exits 141).
  @Test(arguments: [false, true])
  func aClosedPipeEndsTheToolQuietly(sigpipeIgnored: Bool) throws {
    let line = String(repeating: "x", count: 1023) + "\n"
    let file = try ToolRunner.temporaryFile(Array(String(repeating: line, count: 8192).utf8))
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let tool = ["truncate", "--max", "100", "--lines", file]
    let arguments =
      sigpipeIgnored ? ["trap '' PIPE; exec \"$@\"", "sh", ToolRunner.toolPath] + tool : tool
    let result = try Self.run(
      arguments, output: pipe.fileHandleForWriting, executable: sigpipeIgnored ? "/bin/sh" : nil)
    if sigpipeIgnored {
      #expect(
        result.reason == .exit && result.status == 128 + SIGPIPE,
        "\(result.reason) \(result.status)")
    } else {
      #expect(
        result.reason == .uncaughtSignal && result.status == SIGPIPE,
        "\(result.reason) \(result.status)")
    }
    #expect(result.standardError.isEmpty)
  }
}
