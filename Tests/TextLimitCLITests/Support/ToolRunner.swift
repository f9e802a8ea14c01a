import Foundation

/// Runs the built `textlimit` binary, as a shell script or a CI job would.
enum ToolRunner {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The directory of the build products: the test bundle sits beside the tool.
  static let productsDirectory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("textlimit").path),
      url.path != "/"
    {
      url.deleteLastPathComponent()
    }
    return url
  }()

  /// The binary under test: `TEXTLIMIT_TOOL` if set (CMake's ctest sets it), else the one
  /// SwiftPM built beside the tests.
  static var toolPath: String {
    ProcessInfo.processInfo.environment["TEXTLIMIT_TOOL"]
      ?? productsDirectory.appendingPathComponent("textlimit").path
  }

  static func run(_ arguments: [String], input: [UInt8] = []) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: toolPath)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let writer = Thread {
      // A tool that exits before it reads its input (a usage error) closes the pipe: the write
      // then fails with EPIPE instead of raising SIGPIPE, which would end the whole test
      // process. SIGPIPE is blocked in this thread only (and discarded with it): the tools
      // this process starts keep theirs at its default.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: error, as: UTF8.self))
  }

  /// Where the tests' files go: one directory per test process, removed when the process exits.
  static let scratchDirectory: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("textlimit-cli-tests-\(UUID().uuidString)")
    atexit { try? FileManager.default.removeItem(at: ToolRunner.scratchDirectory) }
    return url
  }()

  /// Writes `bytes` to a new file named `name` (in a directory of its own, so that tests running
  /// at the same time never share one) and returns its path.
  static func temporaryFile(_ bytes: [UInt8], name: String = "input.txt") throws -> String {
    let directory = scratchDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }
}
