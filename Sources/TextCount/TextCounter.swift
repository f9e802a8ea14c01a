/// Counts the length of text in one `TextUnit`, exactly as Swift's `String` counts it.
///
/// ```swift
/// let counter = TextCounter(unit: .graphemes)
/// counter.count("👨‍👩‍👧‍👦 family")                  // 8
/// counter.count(utf8: Array("e\u{301}".utf8))   // 1
/// ```
///
/// Bytes are read as `String(decoding:as: UTF8.self)` reads them: each maximal ill-formed
/// subpart counts as one U+FFFD. Two backends give the same answers: `.automaton`, a byte-level
/// state machine over generated Unicode tables with SIMD kernels, and `.swift`, the standard
/// library's own rules. Buffers and files of several MiB are counted on every core unless
/// `concurrency` says otherwise.
public struct TextCounter: Sendable {
  /// Where the grapheme-cluster rules come from. Every backend gives the same counts.
  public enum Backend: Sendable, Hashable {
    /// `.automaton`, the fastest.
    case automatic
    /// The standard library's own `Character` rules, scalar by scalar.
    case swift
    /// A byte-level state machine over grapheme classes generated from the Unicode files of the
    /// toolchain's version, with SIMD kernels where the CPU has them (AVX-512, AVX2, NEON). In
    /// every build, on every platform. Display width and NFKC come from libutf8proc where it is
    /// linked (Linux with the `SystemUTF8Proc` trait, the default), else from the Swift backend's
    /// tables.
    case automaton

    /// The automaton backend's former name, from when its classes came from libutf8proc.
    @available(*, deprecated, renamed: "automaton")
    public static var utf8proc: Backend { .automaton }
  }

  /// The backends this build compiled in, best first: `[.automaton, .swift]`.
  public static var availableBackends: [Backend] { [.automaton, .swift] }

  /// `availableBackends[0]`, without building the array: a counter made per call costs nothing.
  static var bestBackend: Backend { .automaton }

  /// The version of the libutf8proc this build linked (e.g. "2.8.0"), or nil without it.
  public static var utf8procVersion: String? {
    #if TEXTCOUNT_UTF8PROC
      _UTF8Proc.version
    #else
      nil
    #endif
  }

  /// The unit counted.
  public let unit: TextUnit
  /// The backend in use: never `.automatic`.
  public let backend: Backend
  /// How many threads a large buffer or file is counted on at most (1: the calling thread
  /// only). Large counts running at once in the process share the cores: each takes the cores
  /// divided by the large counts in flight, at least its own thread, so a server counting on
  /// many threads at once gets the same total throughput as with 1, and a lone count every core.
  public let concurrency: Int
  /// The normalization applied before counting (cluster by cluster).
  public let normalization: Normalization

  /// Creates a counter.
  /// - Parameters:
  ///   - unit: What to count; grapheme clusters (what users see) by default.
  ///   - backend: Which implementation answers; every one is in every build.
  ///   - concurrency: Threads for buffers and files of several MiB: nil for every core, 1 for the
  ///     calling thread only. The count is the same either way.
  ///   - normalization: Count the text as if normalized to NFC or NFKC first (utf8proc does it
  ///     on the fast path, Foundation on the Swift path).
  public init(
    unit: TextUnit = .graphemes, backend: Backend = .automatic, concurrency: Int? = nil,
    normalization: Normalization = .none
  ) {
    precondition(concurrency.map { $0 >= 1 } ?? true, "TextCounter: concurrency must be at least 1")
    self.unit = unit
    self.normalization = normalization
    self.concurrency = concurrency ?? Self.coreCount
    self.backend = backend == .automatic ? Self.bestBackend : backend
  }

  /// The length of `text`.
  /// - Complexity: O(1) for `.utf8` on a native string; O(n) otherwise, with no fixed cost
  ///   beyond a few branches: a short string costs about what `String.count` does.
  public func count(_ text: String) -> Int {
    if let count = countByStringView(text) { return count }
    // Native and small strings lend their bytes; a bridged one is copied once.
    if let count = text.utf8.withContiguousStorageIfAvailable({
      count(utf8: UnsafeRawBufferPointer($0))
    }) {
      return count
    }
    var copy = text
    return copy.withUTF8 { count(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// The length of `text` (a `Substring` or another `StringProtocol` type).
  /// - Complexity: O(1) for `.utf8` on a native string; O(n) otherwise.
  public func count(_ text: some StringProtocol) -> Int {
    if let count = countByStringView(text) { return count }
    if let count = text.utf8.withContiguousStorageIfAvailable({
      count(utf8: UnsafeRawBufferPointer($0))
    }) {
      return count
    }
    var copy = String(text)
    return copy.withUTF8 { count(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// The count a view of the string gives directly, where it is the answer: code units and
  /// scalars (the views know them, often in O(1)), and graphemes on the Swift backend.
  @inline(__always)
  private func countByStringView(_ text: some StringProtocol) -> Int? {
    guard normalization == .none else { return nil }
    switch unit {
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count
    case .unicodeScalars: return text.unicodeScalars.count
    case .graphemes where backend == .swift: return text.count
    default: return nil
    }
  }

  /// The length of the text these UTF-8 bytes hold, with ill-formed sequences repaired as
  /// `String(decoding:as: UTF8.self)` repairs them.
  /// - Complexity: O(n), without building a `String`.
  public func count(utf8 bytes: UnsafeRawBufferPointer) -> Int {
    if case .post(let length) = unit {
      return _PostCount.count(bytes, length: length, characters: characterCounter(length))
    }
    if unit.isCountedInOrder {
      var scanner = _AnyUTF8Scanner(unit: unit, backend: backend, normalization: normalization)
      scanner.scan(bytes)
      return scanner.finish()
    }
    return countWithFirstInvalidOffset(bytes).count
  }

  /// The counter of a post length's characters: its unit, with this counter's backend,
  /// concurrency and normalization.
  func characterCounter(_ length: PostLength) -> TextCounter {
    TextCounter(
      unit: length.unit, backend: backend, concurrency: concurrency, normalization: normalization)
  }

  /// The count of `bytes` and the offset of its first ill-formed byte: on this thread, or, for a
  /// buffer of several MiB, on the threads its share of the cores allows (`_ParallelCount`).
  @inline(__always)
  private func countWithFirstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> (
    count: Int, firstInvalidOffset: Int?
  ) {
    if bytes.count >= _ParallelCount.minimumPartSize * 2 {
      return _ParallelCount.withThreads(byteCount: bytes.count, concurrency: concurrency) {
        threads in
        threads > 1
          ? _ParallelCount.count(
            bytes, unit: unit, backend: backend, normalization: normalization, threads: threads)
          : _AnyUTF8Scanner.count(bytes, unit: unit, backend: backend, normalization: normalization)
      }
    }
    return _AnyUTF8Scanner.count(bytes, unit: unit, backend: backend, normalization: normalization)
  }

  /// The number of cores this machine has online.
  static let coreCount: Int = _Platform.onlineCoreCount()

  /// The length of the text these UTF-8 bytes hold (`[UInt8]`, `Data`, any sequence), repaired as
  /// `String(decoding:as: UTF8.self)` repairs it.
  /// - Complexity: O(n); a non-contiguous sequence is read in fixed-size pieces.
  public func count(utf8 bytes: some Sequence<UInt8>) -> Int {
    if let count = bytes.withContiguousStorageIfAvailable({
      count(utf8: UnsafeRawBufferPointer($0))
    }) {
      return count
    }
    var stream = StreamingTextCounter(unit: unit, backend: backend, normalization: normalization)
    var piece: [UInt8] = []
    piece.reserveCapacity(1 << 14)
    for byte in bytes {
      piece.append(byte)
      if piece.count == 1 << 14 {
        piece.withUnsafeBytes { stream.append(utf8: $0) }
        piece.removeAll(keepingCapacity: true)
      }
    }
    piece.withUnsafeBytes { stream.append(utf8: $0) }
    return stream.finish()
  }

  /// The length of the text these bytes hold, if they are well-formed UTF-8.
  /// - Throws: `InvalidUTF8Error` with the offset of the first ill-formed sequence, exactly when
  ///   `String(validating:as: UTF8.self)` would return nil.
  /// - Complexity: O(n).
  public func validatedCount(utf8 bytes: UnsafeRawBufferPointer) throws(InvalidUTF8Error) -> Int {
    if unit.isPost || unit.isCountedInOrder {
      let utf8 = TextCounter(unit: .utf8, backend: backend, concurrency: concurrency)
      if let invalid = utf8.countWithFirstInvalidOffset(bytes).firstInvalidOffset {
        throw InvalidUTF8Error(byteOffset: invalid)
      }
      return count(utf8: bytes)
    }
    let (count, invalid) = countWithFirstInvalidOffset(bytes)
    if let invalid { throw InvalidUTF8Error(byteOffset: invalid) }
    return count
  }
}
