import Foundation
import Testing

@testable import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Files over 4 GiB (sparse, so they take no disk), and files that shrink or vanish while they
/// are counted. Long: they run with `TEXTCOUNT_LONG=1`, in release mode, from Scripts/test.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TEXTCOUNT_LONG"] == "1"))
struct LargeFileTests {
  static let tail = Array("end: 👨‍👩‍👧‍👦🇯🇵\n".utf8)

  /// A sparse file of `zeros` NUL bytes followed by `tail`.
  static func sparseFile(zeros: Int) throws -> String {
    let path = NSTemporaryDirectory() + "textcount-large-\(UUID().uuidString).txt"
    let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw FileReadError(path: path, reason: "cannot create") }
    defer { close(descriptor) }
    ftruncate(descriptor, off_t(zeros))
    _ = tail.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(zeros)) }
    return path
  }

  @Test func aFileOverFourGiBCountsEveryByte() throws {
    let zeros = (4 << 30) + 12_345
    let path = try Self.sparseFile(zeros: zeros)
    defer { unlink(path) }
    // Each NUL is a control: one grapheme, one byte, in every unit.
    let tailCounts = String(decoding: Self.tail, as: UTF8.self)
    #expect(try TextCounter(unit: .graphemes).countFile(atPath: path) == zeros + tailCounts.count)
    #expect(try TextCounter(unit: .utf8).countFile(atPath: path) == zeros + Self.tail.count)
  }

  /// The file shrinks to 1 MiB as soon as the first piece is read (in the progress report, so
  /// it happens every time, mid-count): on one thread and on several (the probe checks which
  /// path ran), the count ends in an error that says so, never a crash or a short count.
  @Test(arguments: [1, 4])
  func aFileThatShrinksWhileCountedIsAnErrorNotACrash(concurrency: Int) throws {
    let path = try Self.sparseFile(zeros: 6 << 30)
    defer { unlink(path) }
    let counter = TextCounter(unit: .graphemes, concurrency: concurrency)
    let probe = _ParallelCountProbe(assumedCoreCount: 16)
    let shrunk = _Locked(false)
    let error = #expect(throws: FileReadError.self) {
      try _ParallelCountProbe.bound.withValue(probe) {
        try counter.countFile(atPath: path) { _, _ in
          shrunk.withLock { done in
            if !done { done = truncate(path, 1 << 20) == 0 }
          }
        }
      }
    }
    #expect(error?.reason.contains("shrank") == true, "\(String(describing: error))")
    #expect(shrunk.withLock { $0 }, "the file was truncated during the count")
    #expect(probe.threadCounts == [concurrency == 1 ? 1 : 4], "\(probe.threadCounts)")
  }

  /// The file is removed as soon as the first piece is read: the open file lives on until it is
  /// closed, so every byte is still counted, on one thread and on several.
  @Test(arguments: [1, 4])
  func aFileRemovedWhileCountedIsStillCountedWhole(concurrency: Int) throws {
    let path = try Self.sparseFile(zeros: 1 << 30)
    let removed = _Locked(false)
    let count = try TextCounter(unit: .utf8, concurrency: concurrency).countFile(atPath: path) {
      _, _ in
      removed.withLock { done in
        if !done { done = unlink(path) == 0 }
      }
    }
    #expect(removed.withLock { $0 }, "the file was removed during the count")
    #expect(access(path, F_OK) != 0, "the file is gone")
    #expect(count == (1 << 30) + Self.tail.count)
  }
}
