/// A `_UTF8Scanner` specialized for the chosen backend: the backend is switched on once per chunk,
/// never per scalar.
enum _AnyUTF8Scanner: Sendable {
  case swift(_UTF8Scanner<_StdlibSegmenter>)
  #if TEXTCOUNT_UTF8PROC
    case utf8proc(_UTF8Scanner<_TableSegmenter>)
  #endif

  init(unit: TextUnit, backend: TextCounter.Backend, normalization: Normalization = .none) {
    #if TEXTCOUNT_UTF8PROC
      if backend == .utf8proc {
        self = .utf8proc(_UTF8Scanner(unit: unit, normalization: normalization))
        return
      }
    #endif
    self = .swift(_UTF8Scanner(unit: unit, normalization: normalization))
  }

  /// - Complexity: O(`bytes.count`).
  mutating func scan(_ bytes: UnsafeRawBufferPointer) {
    switch self {
    case .swift(var scanner):
      scanner.scan(bytes)
      self = .swift(scanner)
    #if TEXTCOUNT_UTF8PROC
      case .utf8proc(var scanner):
        scanner.scan(bytes)
        self = .utf8proc(scanner)
    #endif
    }
  }

  /// Ends the stream and returns the count.
  mutating func finish() -> Int {
    switch self {
    case .swift(var scanner):
      scanner.finish()
      self = .swift(scanner)
      return scanner.count
    #if TEXTCOUNT_UTF8PROC
      case .utf8proc(var scanner):
        scanner.finish()
        self = .utf8proc(scanner)
        return scanner.count
    #endif
    }
  }

  var firstInvalidOffset: Int? {
    switch self {
    case .swift(let scanner): scanner.firstInvalidOffset
    #if TEXTCOUNT_UTF8PROC
      case .utf8proc(let scanner): scanner.firstInvalidOffset
    #endif
    }
  }
}
