#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, written unbuffered in whole pieces.
enum Terminal {
  static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // stdout closed (e.g. `| head`): nothing more to say
        }
        offset += written
      }
    }
  }

  static func error(_ message: String) {
    write("textlimit: \(message)\n", to: STDERR_FILENO)
  }

  /// Reads standard input to its end in pieces.
  static func readStandardInput(_ body: (UnsafeRawBufferPointer) -> Void) throws(UsageError) {
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let got = read(STDIN_FILENO, buffer.baseAddress, capacity)
      if got < 0 {
        if errno == EINTR { continue }
        throw UsageError("standard input: \(String(cString: strerror(errno)))")
      }
      if got == 0 { return }
      body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
    }
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
