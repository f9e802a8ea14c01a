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
    text.withUTF8 { writeBytes(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  static func writeBytes(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32 = STDOUT_FILENO) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return  // the reader went away (e.g. `| head`): nothing more to say
      }
      offset += written
    }
  }

  static func error(_ message: String) {
    write("textlimit: \(message)\n", to: STDERR_FILENO)
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
