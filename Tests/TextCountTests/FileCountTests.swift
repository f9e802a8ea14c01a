import Foundation
import TestSupport
import Testing
import TextCount

@Suite struct FileCountTests {
  static func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "textcount-\(UUID().uuidString).txt"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Over 1 MiB of random bytes, so that reads split scalars and clusters, made once, and its
  /// length in every unit by `Reference`.
  static let randomFileBytes: [UInt8] = {
    var random = SeededGenerator(seed: 0x5EED_0006)
    var bytes: [UInt8] = []
    while bytes.count < (1 << 20) + 4096 {
      bytes += RandomText.bytes(maxLength: 64, using: &random)
    }
    return bytes
  }()
  static let randomFileCounts = TextUnit.allCases.map {
    Reference.count(utf8: randomFileBytes, in: $0)
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func aFileCountsAsItsBytesDo(_ backend: TextCounter.Backend, _ unit: TextUnit) throws {
    let path = try Self.temporaryFile(Self.randomFileBytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let counter = TextCounter(unit: unit, backend: backend)
    #expect(
      try counter.countFile(atPath: path)
        == Self.randomFileCounts[TextUnit.allCases.firstIndex(of: unit)!])
  }

  /// On the sequential path (one thread), a regular file that shrinks between two reads is an
  /// error, as on the parallel path, never a short count. The progress callback, called after
  /// each 1 MiB read, cuts the file.
  @Test func aFileThatShrinksOnTheSequentialPathIsAnError() throws {
    let path = try Self.temporaryFile(Array(repeating: UInt8(ascii: "a"), count: 3 << 20))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let counter = TextCounter(unit: .graphemes, concurrency: 1)
    #expect(
      throws: FileReadError(path: path, reason: "the file shrank while it was being read")
    ) {
      try counter.countFile(atPath: path) { done, _ in
        if done == 1 << 20 { truncate(path, 1 << 20) }
      }
    }
    // Unchanged, the same file counts in full.
    let whole = try Self.temporaryFile(Array(repeating: UInt8(ascii: "a"), count: 3 << 20))
    defer { try? FileManager.default.removeItem(atPath: whole) }
    #expect(try counter.countFile(atPath: whole) == 3 << 20)
  }

  /// Several units in one read, on the parallel path (two threads over two 1 MiB parts) and on
  /// one thread: each length is what `String` counts, and the first bad byte is where it is.
  @Test(arguments: [2, 1])
  func severalUnitsInOneReadCountAsStringDoes(concurrency: Int) throws {
    var random = SeededGenerator(seed: 0x5EED_0016)
    var block: [UInt8] = []
    while block.count < 1 << 16 { block += RandomText.bytes(maxLength: 64, using: &random) }
    // 2 MiB and a bit, from one random block (drawing it all is slow in debug builds).
    var bytes: [UInt8] = []
    while bytes.count < (2 << 20) + 4096 { bytes += block }
    let path = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let units: [TextUnit] = [.graphemes, .utf16, .unicodeScalars, .utf8]
    let counters = units.map { TextCounter(unit: $0, concurrency: concurrency) }
    let (counts, invalid) = try TextCounter.countFile(atPath: path, with: counters)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(counts == units.map { Reference.count(text, in: $0) })
    #expect(invalid == Reference.firstInvalidOffset(bytes))
  }

  @Test func aMissingFileIsAClearError() {
    #expect(throws: FileReadError(path: "/no/such/file", reason: "No such file or directory")) {
      try TextCounter().countFile(atPath: "/no/such/file")
    }
  }

  @Test func aDirectoryIsAClearError() {
    #expect(throws: FileReadError(path: "/", reason: "Is a directory")) {
      try TextCounter().countFile(atPath: "/")
    }
  }

  @Test func theBundledSampleCountsAsStringDoes() throws {
    let path = fixturePath("../../Samples/sample.txt")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for unit in TextUnit.allCases {
      #expect(
        try TextCounter(unit: unit).countFile(atPath: path) == Reference.count(text, in: unit))
    }
  }
}
