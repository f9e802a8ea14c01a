#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and error, written unbuffered in whole pieces.
///
/// A write that fails ends the tool: with status 2 and a message naming the problem (a full disk,
/// `/dev/full`, an I/O error), never status 0 with output cut off. A reader that went away
/// (`| head`) ends it quietly, as coreutils tools end: SIGPIPE is left at its default, so the
/// kernel stops the process before a write can fail with EPIPE; if SIGPIPE is ignored, EPIPE
/// ends it with status 141 (128 + SIGPIPE), still without a message.
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
        let code = errno
        if code == EINTR { continue }
        if code == EPIPE { exit(128 + SIGPIPE) }  // the reader went away: nothing more to say
        if descriptor != STDERR_FILENO {
          error("cannot write to \(name(of: descriptor)): \(String(cString: strerror(code)))")
        }
        exit(2)
      }
      offset += written
    }
  }

  private static func name(of descriptor: Int32) -> String {
    descriptor == STDOUT_FILENO ? "standard output" : "file descriptor \(descriptor)"
  }

  /// Writes "textlimit: message" to standard error.
  static func error(_ message: String) {
    write("textlimit: \(message)\n", to: STDERR_FILENO)
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
