/// A `_UTF8Scanner` specialized for the chosen backend: the backend is switched on once per chunk,
/// never per scalar.
enum _AnyUTF8Scanner: Sendable {
  case swift(_UTF8Scanner<_StdlibSegmenter>)
  case automaton(_UTF8Scanner<_TableSegmenter>)
  /// A post length, which reads URLs and mentions: counted part by part (`_PostStream`).
  indirect case post(_PostStream)
  /// SMS segments, measured over the whole text in order.
  indirect case sms(_SMSScanner<_TableSegmenter>)
  /// Words, counted over the whole text in order.
  case words(_WordScanner)
  /// What stringz counts, over the whole text in order.
  case stringz(_StringzScanner)
  /// What `maxlength` counts: UTF-16 code units less the CR LF pairs.
  indirect case htmlMaxLength(_UTF8Scanner<_TableSegmenter>, _LineBreakPairs)

  init(unit: TextUnit, backend: TextCounter.Backend, normalization: Normalization = .none) {
    if case .sms(let options) = unit {
      self = .sms(_SMSScanner(options: options))
      return
    }
    if case .words = unit {
      self = .words(_WordScanner())
      return
    }
    if case .stringz = unit {
      self = .stringz(_StringzScanner())
      return
    }
    if case .htmlMaxLength = unit {
      self = .htmlMaxLength(
        _UTF8Scanner(unit: .utf16, normalization: normalization), _LineBreakPairs())
      return
    }
    if case .post(let length) = unit {
      let characters = TextCounter(
        unit: length.unit, backend: backend, normalization: normalization)
      self = .post(_PostStream(length: length, characters: characters))
      return
    }
    if backend == .automaton {
      self = .automaton(_UTF8Scanner(unit: unit, normalization: normalization))
      return
    }
    self = .swift(_UTF8Scanner(unit: unit, normalization: normalization))
  }

  /// The count of one whole buffer and the offset of its first ill-formed byte, on this thread:
  /// the scanner of the chosen backend, held in a local (no enum to copy in and out), the cost
  /// of a short text and of a long one alike. Grapheme clusters of short ASCII text need no
  /// scanner (`_ShortASCII`).
  /// - Complexity: O(`bytes.count`).
  @inline(__always)
  static func count(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, backend: TextCounter.Backend,
    normalization: Normalization
  ) -> (count: Int, firstInvalidOffset: Int?) {
    if case .htmlMaxLength = unit {
      let utf16 = count(bytes, unit: .utf16, backend: backend, normalization: normalization)
      var pairs = _LineBreakPairs()
      pairs.scan(bytes)
      return (utf16.count &- pairs.pairs, utf16.firstInvalidOffset)
    }
    if case .graphemes = unit, bytes.count < _ShortASCII.maximumLength,
      let clusters = _ShortASCII.clusterCount(bytes)
    {
      return (clusters, nil)
    }
    if backend == .automaton {
      return count(bytes, unit: unit, normalization: normalization, with: _TableSegmenter.self)
    }
    return count(bytes, unit: unit, normalization: normalization, with: _StdlibSegmenter.self)
  }

  /// The length in bytes of the longest prefix with at most `maxClusters` grapheme clusters
  /// (see `_UTF8Scanner.graphemePrefixByteCount`), on the chosen backend; for short ASCII text
  /// with no CR LF, without a scanner (`_ShortASCII`).
  static func graphemePrefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxClusters: Int, backend: TextCounter.Backend
  ) -> Int {
    if bytes.count < _ShortASCII.maximumLength,
      let byteCount = _ShortASCII.clusterPrefixByteCount(bytes, maxClusters: maxClusters)
    {
      return byteCount
    }
    if backend == .automaton {
      var scanner = _UTF8Scanner<_TableSegmenter>(unit: .graphemes)
      return scanner.graphemePrefixByteCount(bytes, maxClusters: maxClusters)
    }
    var scanner = _UTF8Scanner<_StdlibSegmenter>(unit: .graphemes)
    return scanner.graphemePrefixByteCount(bytes, maxClusters: maxClusters)
  }

  @inline(__always)
  private static func count<Segmenter: _GraphemeSegmenter>(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, normalization: Normalization,
    with _: Segmenter.Type
  ) -> (count: Int, firstInvalidOffset: Int?) {
    var scanner = _UTF8Scanner<Segmenter>(unit: unit, normalization: normalization)
    scanner.scan(bytes)
    scanner.finish()
    return (scanner.count, scanner.firstInvalidOffset)
  }

  /// - Complexity: O(`bytes.count`).
  mutating func scan(_ bytes: UnsafeRawBufferPointer) {
    // Consumed, so that the scanner taken out is the only copy: its buffers and its cache of
    // cluster lengths are written in place, not copied (or the cache dropped) at every call.
    switch consume self {
    case .swift(var scanner):
      scanner.scan(bytes)
      self = .swift(scanner)
    case .automaton(var scanner):
      scanner.scan(bytes)
      self = .automaton(scanner)
    case .post(var stream):
      stream.append(bytes)
      self = .post(stream)
    case .sms(var scanner):
      scanner.append(bytes)
      self = .sms(scanner)
    case .words(var scanner):
      scanner.append(bytes)
      self = .words(scanner)
    case .stringz(var scanner):
      scanner.append(bytes)
      self = .stringz(scanner)
    case .htmlMaxLength(var scanner, var pairs):
      scanner.scan(bytes)
      pairs.scan(bytes)
      self = .htmlMaxLength(scanner, pairs)
    }
  }

  /// Ends the stream and returns the count.
  mutating func finish() -> Int {
    switch consume self {
    case .swift(var scanner):
      scanner.finish()
      self = .swift(scanner)
      return scanner.count
    case .automaton(var scanner):
      scanner.finish()
      self = .automaton(scanner)
      return scanner.count
    case .post(var stream):
      let count = stream.finish()
      self = .post(stream)
      return count
    case .sms(var scanner):
      let count = scanner.finish().segments
      self = .sms(scanner)
      return count
    case .words(var scanner):
      let count = scanner.finish()
      self = .words(scanner)
      return count
    case .stringz(var scanner):
      let count = scanner.finish()
      self = .stringz(scanner)
      return count
    case .htmlMaxLength(var scanner, let pairs):
      scanner.finish()
      self = .htmlMaxLength(scanner, pairs)
      return scanner.count &- pairs.pairs
    }
  }

  var firstInvalidOffset: Int? {
    switch self {
    case .swift(let scanner): scanner.firstInvalidOffset
    case .automaton(let scanner): scanner.firstInvalidOffset
    case .post(let stream): stream.firstInvalidOffset
    case .sms(let scanner): scanner.firstInvalidOffset
    case .words(let scanner): scanner.firstInvalidOffset
    case .stringz(let scanner): scanner.firstInvalidOffset
    case .htmlMaxLength(let scanner, _): scanner.firstInvalidOffset
    }
  }
}
