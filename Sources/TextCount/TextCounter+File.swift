#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TextCounter {
  /// The length of the text in the file at `path`, read as UTF-8 (repaired as
  /// `String(decoding:)` would), without loading the file into memory.
  /// - Throws: `FileReadError` if the file cannot be opened or read to its end.
  /// - Complexity: O(file size) time, O(1) memory: the file is read in 1 MiB pieces.
  public func countFile(atPath path: String) throws -> Int {
    var counter = StreamingTextCounter(unit: unit, backend: backend)
    try Self.forEachChunk(ofFileAtPath: path) { counter.append(utf8: $0) }
    return counter.finish()
  }

  /// Reads the file at `path` in pieces and hands each to `body`.
  static func forEachChunk(
    ofFileAtPath path: String, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(FileReadError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileReadError(path: path, reason: Self.systemError()) }
    defer { close(descriptor) }
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let got = read(descriptor, buffer.baseAddress, capacity)
      if got < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: path, reason: Self.systemError())
      }
      if got == 0 { return }
      body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
    }
  }

  private static func systemError() -> String { String(cString: strerror(errno)) }
}
