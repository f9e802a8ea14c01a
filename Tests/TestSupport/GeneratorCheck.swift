import Foundation

/// Runs `swift Scripts/<script> --check` (`python3` for a `.py` script) from the repository root: whether a committed
/// generated file is what its generator writes today, and what the generator said.
public func generatorCheck(_ script: String, filePath: String = #filePath) throws -> (
  passed: Bool, output: String
) {
  var root = URL(fileURLWithPath: filePath)
  while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
    root.path != "/"
  {
    root.deleteLastPathComponent()
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  let interpreter = script.hasSuffix(".py") ? "python3" : "swift"
  process.arguments = [
    interpreter, root.appendingPathComponent("Scripts/\(script)").path, "--check",
  ]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus == 0, text)
}
