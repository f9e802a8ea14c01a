import Foundation
import Testing
import TextCount

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

  @Test func aFileThatShrinksWhileCountedIsAnErrorNotACrash() throws {
    let path = try Self.sparseFile(zeros: 6 << 30)
    defer { unlink(path) }
    let truncator = Thread {
      usleep(20_000)
      truncate(path, 1 << 20)
    }
    truncator.start()
    do {
      let count = try TextCounter(unit: .graphemes).countFile(atPath: path)
      // Finished before the truncation: then it counted the whole file.
      #expect(count == (6 << 30) + String(decoding: Self.tail, as: UTF8.self).count)
    } catch let error as FileReadError {
      #expect(error.reason.contains("shrank") || error.reason.contains("end"), "\(error)")
    }
  }

  @Test func aFileRemovedWhileCountedIsStillCountedOrAnError() throws {
    let path = try Self.sparseFile(zeros: 1 << 30)
    let remover = Thread {
      usleep(5_000)
      unlink(path)
    }
    remover.start()
    do {
      let count = try TextCounter(unit: .utf8).countFile(atPath: path)
      #expect(count == (1 << 30) + Self.tail.count)  // the open file lives on until closed
    } catch {
      #expect(error is FileReadError)
    }
  }
}
