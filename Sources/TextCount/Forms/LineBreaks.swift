/// Line breaks as a form field holds them (LF) or as a submitted form sends them (CR LF): a way
/// to count a text in any unit as a browser or as a server sees it.
///
/// A browser's `<textarea>` value has every line break as LF; a form submission turns each into
/// CR LF (HTML Standard, "constructing the entry list"). A server that received `a\r\nb` and
/// checks it against the field's `maxlength` should count it as typed:
///
/// ```swift
/// let received = "a\r\nb"
/// TextCounter(unit: .utf16).count(received)                        // 4
/// TextCounter(unit: .utf16).count(received, lineBreaks: .asTyped)  // 3, as maxlength counted
/// TextCounter(unit: .htmlMaxLength).count(received)                // 3
/// ```
public enum LineBreaks: Sendable, Hashable {
  /// Each CR LF and each lone CR as one LF: the field's value as typed (its API value).
  case asTyped
  /// Each LF and each lone CR as CR LF: the value as a form submits it.
  case asSubmitted

  /// `text` with its line breaks written this way. Only CR and LF are line breaks here (U+0085
  /// and U+2028 are not, as for forms).
  /// - Complexity: O(n).
  public func applied(to text: some StringProtocol) -> String {
    var bytes = Array(text.utf8)
    guard bytes.contains(0x0D) || (self == .asSubmitted && bytes.contains(0x0A)) else {
      return String(text)
    }
    bytes = bytes.withUnsafeBytes { applied(utf8: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// These UTF-8 bytes with their line breaks written this way (other bytes unchanged,
  /// ill-formed ones included).
  /// - Complexity: O(n).
  public func applied(utf8 bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var converter = _LineBreakConverter(self)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    converter.convert(bytes) { result.append(contentsOf: $0) }
    converter.finish { result.append(contentsOf: $0) }
    return result
  }
}

extension TextCounter {
  /// The length of `text` with its line breaks written as `lineBreaks` says: as typed (each
  /// line break one LF) or as submitted (each CR LF).
  /// - Complexity: O(n).
  public func count(_ text: some StringProtocol, lineBreaks: LineBreaks) -> Int {
    count(lineBreaks.applied(to: text))
  }
}

/// Writes line breaks one way as UTF-8 arrives in pieces: a CR at a piece's end waits for the
/// next piece's first byte (an LF after it is the same line break).
package struct _LineBreakConverter: Sendable {
  let form: LineBreaks
  private var pendingCR = false

  package init(_ form: LineBreaks) { self.form = form }

  /// Converts a piece, passing the converted bytes to `emit` (in one or more calls).
  /// - Complexity: O(`bytes.count`).
  package mutating func convert(
    _ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void
  ) {
    let lineBreak: StaticString = form == .asTyped ? "\n" : "\r\n"
    var start = 0
    var index = 0
    func flush(upTo end: Int) {
      if end > start { emit(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) }
    }
    func emitLineBreak() {
      lineBreak.withUTF8Buffer { emit(UnsafeRawBufferPointer($0)) }
    }
    if pendingCR {
      pendingCR = false
      emitLineBreak()
      if let first = bytes.first, first == 0x0A {
        index = 1
        start = 1
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        flush(upTo: index)
        if index + 1 == bytes.count {
          pendingCR = true
          return
        }
        emitLineBreak()
        index += bytes[index + 1] == 0x0A ? 2 : 1
        start = index
      } else if byte == 0x0A && form == .asSubmitted {
        flush(upTo: index)
        emitLineBreak()
        index += 1
        start = index
      } else {
        index += 1
      }
    }
    flush(upTo: bytes.count)
  }

  /// Ends the input: a CR left at the end is a line break.
  package mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
    guard pendingCR else { return }
    pendingCR = false
    let lineBreak: StaticString = form == .asTyped ? "\n" : "\r\n"
    lineBreak.withUTF8Buffer { emit(UnsafeRawBufferPointer($0)) }
  }
}
