/// Splits a byte stream into lines at LF, in pieces that may split a line anywhere. A CR right
/// before the LF belongs to the line ending; a last line without an LF is a line too.
///
/// Lines are never buffered: `content` receives each line's bytes as they arrive.
struct LineSplitter {
  /// A CR at the end of the last piece, not yet known to be content or part of CR LF.
  private var heldCarriageReturn = false
  /// Whether the current line has any content or ending yet.
  private var lineStarted = false

  /// Feeds a piece. `content` gets line content; `end` is called at each line end with the
  /// ending's bytes ("\n" or "\r\n").
  mutating func feed(
    _ bytes: UnsafeRawBufferPointer, content: (UnsafeRawBufferPointer) -> Void,
    end: (_ terminator: StaticString) -> Void
  ) {
    var start = 0
    var index = 0
    let cr = UnsafeRawBufferPointer(start: UnsafeRawPointer(Self.carriageReturn), count: 1)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        var contentEnd = index
        var crlf = false
        if index > start && bytes[index - 1] == 0x0D {
          contentEnd -= 1
          crlf = true
        } else if index == start && heldCarriageReturn {
          crlf = true
        }
        if heldCarriageReturn && index > start { content(cr) }
        heldCarriageReturn = false
        if contentEnd > start {
          content(UnsafeRawBufferPointer(rebasing: bytes[start..<contentEnd]))
        }
        end(crlf ? "\r\n" : "\n")
        lineStarted = false
        start = index + 1
      }
      index += 1
    }
    guard start < bytes.count else { return }
    if heldCarriageReturn { content(cr) }
    heldCarriageReturn = bytes[bytes.count - 1] == 0x0D
    let contentEnd = heldCarriageReturn ? bytes.count - 1 : bytes.count
    if contentEnd > start { content(UnsafeRawBufferPointer(rebasing: bytes[start..<contentEnd])) }
    lineStarted = true
  }

  /// Ends the stream: a last line without an LF ends here. Returns whether there was one.
  mutating func finish(content: (UnsafeRawBufferPointer) -> Void) -> Bool {
    if heldCarriageReturn {
      content(UnsafeRawBufferPointer(start: UnsafeRawPointer(Self.carriageReturn), count: 1))
    }
    heldCarriageReturn = false
    defer { lineStarted = false }
    return lineStarted
  }

  nonisolated(unsafe) private static let carriageReturn: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.pointee = 0x0D
    return pointer
  }()
}
