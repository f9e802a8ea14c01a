/// The count of a short text (under `maximumLength` bytes) in one unit, with every table it reads
/// resolved ahead: no scanner, allocation, reference counting, generic code or one-time
/// initialisation per call, so that a server counting millions of names and titles pays about
/// the same per call in every unit. The C API's `textlimit_count` and its batch calls ask it
/// first (`_ShortCounters`).
///
/// All-ASCII text is counted eight bytes at a time; other text scalar by scalar through the
/// automaton backend's class table and automaton, and for display width and weights through the
/// same per-scalar tables as the fast path (`_ClusterLengthTable`). It answers nil where the
/// general path must: a longer text, a cluster NFC may change (the cluster meter's), a post
/// length's text with a byte where a URL or mention may start, a unit it does not cover.
package struct _ShortCounter: @unchecked Sendable {
  /// Texts of this many bytes or more go to the general path (its kernels take over from 64).
  package static let maximumLength = 64

  private enum Kind {
    case graphemes, utf16, scalars, utf8, clusterLengths, none
    /// `maxlength`'s: UTF-16 code units less the CR LF pairs.
    case maxLength
    /// The UTF-8 bytes of Bluesky's published text, where it is the text as typed (no line
    /// break, no `:`, no white space at the end).
    case publishedUTF8
    /// Units counted by their own scanner, on the stack (words, SMS segments, stringz).
    case words, sms, stringz
  }

  private let kind: Kind
  private let classes: _GraphemeClassTable
  /// `classes` for U+0000–U+FFFF in one flat table: one load a scalar instead of two.
  private let bmpClasses: UnsafePointer<UInt8>
  private let automaton: _GraphemeBreakAutomaton
  /// The per-scalar tables of display width and weights (`kind == .clusterLengths`).
  private let lengths: _ClusterLengthTable?
  /// `lengths.alone` for U+0000–U+FFFF in one flat table.
  private let bmpAlone: UnsafePointer<UInt8>?
  /// What an ASCII control and another ASCII scalar measure alone, and what CR LF measures less
  /// than the two apart (`kind == .clusterLengths`), or nil where ASCII is not that simple.
  private let ascii: (control: Int, printable: Int, crlfShortening: Int)?
  /// A post length's bytes where a URL or mention may start (the same byte twice for one), or
  /// nil: not a post length, or one that reads neither.
  private let postBytes: (UInt8, UInt8)?
  /// Whether Mastodon's rule that white space alone counts nothing applies.
  private let blankCountsNothing: Bool
  /// The options of SMS segments (`kind == .sms`).
  private let smsOptions: SMSOptions

  /// The counter of `unit`; one that answers nil to every text where the unit needs the
  /// general path whatever the text (other weight tables the fast path has no table for, a
  /// post length with a content warning).
  /// - Complexity: O(1) but for the unit's tables, built once per process.
  package init(unit: TextUnit) {
    classes = _GraphemeClassTable.generated
    bmpClasses = Self.bmpClasses.pointer
    automaton = _GraphemeBreakAutomaton.shared
    var characters = unit
    var postBytes: (UInt8, UInt8)?
    var blankCountsNothing = false
    var supported = true
    var published = false
    if case .post(let length) = unit {
      characters = length.unit
      supported = length.contentWarning.isEmpty && !characters.isPost
      published = length.urlSyntax == .blueskyPublished
      // As `_PostCount.firstCandidate` looks for them.
      postBytes = _PostCount.candidateBytes(length)
      blankCountsNothing = length.urlSyntax == .mastodon
    }
    self.postBytes = postBytes
    self.blankCountsNothing = blankCountsNothing
    var lengths: _ClusterLengthTable?
    var smsOptions = SMSOptions()
    var kind: Kind
    switch characters {
    case .graphemes: kind = .graphemes
    case .utf16: kind = .utf16
    case .unicodeScalars: kind = .scalars
    case .utf8: kind = .utf8
    case .displayWidth, .weighted:
      lengths = _TableSegmenter.clusterLengthTable(for: characters)
      kind = lengths == nil ? .none : .clusterLengths
    case .sms(let options):
      smsOptions = options
      kind = .sms
    case .words: kind = .words
    case .stringz: kind = .stringz
    case .htmlMaxLength: kind = .maxLength
    case .post: kind = .none
    }
    if published { kind = kind == .utf8 ? .publishedUTF8 : .none }
    self.smsOptions = smsOptions
    self.kind = supported ? kind : .none
    self.lengths = lengths
    bmpAlone = lengths.map { $0.alone.flatBMP() }
    ascii = lengths.flatMap(Self.asciiLengths)
  }

  /// The grapheme classes of U+0000–U+FFFF, flat (64 KiB, made once, never freed).
  private static let bmpClasses = _FlatBMPTable(_GraphemeClassTable.generated.table.flatBMP())

  /// The grapheme class byte of `scalar`: from the flat table below U+10000.
  @inline(__always)
  private func classByte(of scalar: UInt32) -> UInt8 {
    scalar < 0x1_0000 ? bmpClasses[Int(scalar)] : classes.graphemeClass(of: scalar).rawValue
  }

  /// What ASCII measures in `table`: every control alone the same, every other ASCII scalar
  /// alone the same, and CR LF; nil where not.
  private static func asciiLengths(_ table: _ClusterLengthTable) -> (
    control: Int, printable: Int, crlfShortening: Int
  )? {
    let control = table.alone[0]
    let printable = table.alone[0x20]
    let isControl = { (byte: UInt32) in byte < 0x20 || byte == 0x7F }
    guard control != 255, printable != 255,
      (UInt32(0)..<0x80).allSatisfy({ table.alone[$0] == (isControl($0) ? control : printable) })
    else { return nil }
    var crlf = _ClusterLengthTally()
    crlf.add(table.info[0x0D], in: table)
    crlf.add(table.info[0x0A], in: table)
    guard let together = crlf.length(in: table) else { return nil }
    return (Int(control), Int(printable), 2 * Int(control) - together)
  }

  /// The length of `bytes` (ill-formed bytes repaired, as `TextCounter.count(utf8:)` counts
  /// them), or nil where the general path must answer. A static function on a pointer: each
  /// field is read where it is needed, the counter never copied.
  /// - Complexity: O(n), n < `maximumLength`.
  @inline(__always)
  package static func count(
    _ bytes: UnsafeRawBufferPointer, with counter: UnsafePointer<_ShortCounter>
  ) -> Int? {
    var bytes = bytes
    var length = bytes.count
    let kind = counter.pointee.kind
    guard length < maximumLength, kind != .none else { return nil }
    guard var base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), length > 0 else {
      return kind == .sms ? 1 : 0  // an empty message is still one
    }
    if let postBytes = counter.pointee.postBytes {
      if counter.pointee.blankCountsNothing {
        // Mastodon's server strips NUL and ASCII white space at both ends, then counts what is
        // left (blank: nothing), as the general path does.
        let kept = _PostCount.strippedRange(bytes)
        if kept.count != length {
          bytes = UnsafeRawBufferPointer(rebasing: bytes[kept])
          base += kept.lowerBound
          length = kept.count
          if length == 0 { return 0 }
        }
        if _PostCount.isWhiteSpaceOnly(bytes) { return 0 }
      }
      if mayHold(postBytes, base, length)
        && _VectorKernels.firstPostCandidate(
          among: (postBytes.0, postBytes.1, postBytes.0, postBytes.1), in: base, end: length)
          < length
      {
        return nil
      }
    }
    switch kind {
    case .words, .sms, .stringz: return counter.pointee.scannerCount(bytes)
    default: break
    }
    switch asciiKind(base, length) {
    case .printable:
      // Every byte a cluster of its own, one unit in every unit but a weighted or wide one.
      switch kind {
      case .clusterLengths:
        guard let lengths = counter.pointee.ascii else { break }
        return lengths.printable &* length
      case .publishedUTF8:
        // Trimmed at the end where it ends with a space.
        return base[length &- 1] == 0x20 ? nil : length
      default: return length
      }
    case .withControls:
      guard kind != .utf8 && kind != .utf16 && kind != .scalars else { return length }
      // A control may be a line break or white space Bluesky's app trims.
      if kind == .publishedUTF8 { return nil }
      let ascii = asciiTally(base, length)
      if let count = counter.pointee.asciiCount(
        length, controls: ascii.controls, crlfPairs: ascii.crlfPairs)
      {
        return count
      }
    case .other: break
    }
    return counter.pointee.scalarCount(base, length)
  }

  /// What ASCII a short text is.
  private enum ASCIIKind { case printable, withControls, other }

  /// Whether `base[0..<length]` is all ASCII, and whether it holds controls (below U+0020, or
  /// U+007F): eight bytes at a time, the last eight overlapping the ones before.
  @inline(__always)
  private static func asciiKind(_ base: UnsafePointer<UInt8>, _ length: Int) -> ASCIIKind {
    var high: UInt64 = 0
    var controls: UInt64 = 0
    @inline(__always) func add(_ word: UInt64) {
      high |= word
      // An ASCII byte plus 0x60 sets its high bit exactly when it is U+0020 or above.
      controls |= ~(word &+ 0x6060_6060_6060_6060) | _asciiBytes(equalTo: 0x7F, in: word)
    }
    if length >= 8 {
      var index = 0
      while index &+ 8 < length {
        add(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if high & 0x8080_8080_8080_8080 != 0 { return .other }
        index &+= 8
      }
      add(UnsafeRawPointer(base + (length &- 8)).loadUnaligned(as: UInt64.self))
    } else {
      // Short of a word: each byte in the low byte of a word of eight spaces.
      for index in 0..<length { add(0x2020_2020_2020_2000 | UInt64(base[index])) }
    }
    if high & 0x8080_8080_8080_8080 != 0 { return .other }
    return controls & 0x8080_8080_8080_8080 == 0 ? .printable : .withControls
  }

  /// Whether a byte of `base[0..<length]` is one of `wanted`, eight bytes at a time.
  @inline(__always)
  private static func mayHold(
    _ wanted: (UInt8, UInt8), _ base: UnsafePointer<UInt8>, _ length: Int
  ) -> Bool {
    var index = 0
    while index &+ 8 <= length {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if _asciiBytes(equalTo: wanted.0, in: word) | _asciiBytes(equalTo: wanted.1, in: word) != 0 {
        return true
      }
      index &+= 8
    }
    while index < length {
      if base[index] == wanted.0 || base[index] == wanted.1 { return true }
      index &+= 1
    }
    return false
  }

  /// For all-ASCII text, how many bytes are controls (below U+0020, or U+007F) and how many LFs
  /// follow a CR. Eight bytes at a time.
  private static func asciiTally(_ base: UnsafePointer<UInt8>, _ length: Int) -> (
    controls: Int, crlfPairs: Int
  ) {
    var controls = 0
    var pairs = 0
    var crBefore: UInt64 = 0  // 0x80 when the last word ended with a CR
    var index = 0
    while index < length {
      var word: UInt64
      var valid: UInt64 = 0x8080_8080_8080_8080  // the high bit of each byte of the text
      let left = length &- index
      if left >= 8 {
        word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      } else {
        word = 0
        for offset in 0..<left {
          word |= UInt64(base[index &+ offset]) &<< (8 &* UInt64(offset))
        }
        valid &>>= 8 &* UInt64(8 &- left)
      }
      // An ASCII byte plus 0x60 sets its high bit exactly when it is U+0020 or above.
      let low = ~(word &+ 0x6060_6060_6060_6060) & valid
      controls &+= _highBitCount(low | _asciiBytes(equalTo: 0x7F, in: word))
      pairs &+= _highBitCount(_lfsAfterCR(in: word, crBefore: crBefore))
      crBefore = _asciiBytes(equalTo: 0x0D, in: word) &>> 56
      index &+= 8
    }
    return (controls, pairs)
  }

  /// The count of text that is not all ASCII, scalar by scalar, in a loop of the unit's kind;
  /// nil where a cluster is the meter's (NFC may change it). The text is copied first into a
  /// buffer padded with zeros, so that every scalar decodes on the quick path (four bytes
  /// readable): a zero is no continuation byte, so an unfinished scalar at the end decodes as
  /// the one ill-formed subpart it is, over the bytes it has.
  @inline(never)  // kept out of the ASCII path, which stays small
  private func scalarCount(_ text: UnsafePointer<UInt8>, _ length: Int) -> Int? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength + 4) { buffer in
      let base = buffer.baseAddress!
      base.update(from: text, count: length)
      (base + length).initialize(repeating: 0, count: 4)
      return count(_PaddedUTF8Scalars(base: base, end: length))
    }
  }

  /// The length of text held as UTF-32 code points (under `maximumLength` of them), each value
  /// that is no scalar (a lone surrogate, one above U+10FFFF) read as U+FFFD, as Swift's
  /// `String(decoding:as: UTF32.self)` reads it; nil where the general path must answer (a post
  /// length's text with a character where a URL or mention may start, a cluster NFC may
  /// change). No decoding at all: what Python's strings hold, counted as they hold it.
  /// - Complexity: O(n), n < `maximumLength`.
  @inline(__always)
  package static func count(
    utf32 scalars: UnsafeBufferPointer<UInt32>, with counter: UnsafePointer<_ShortCounter>
  ) -> Int? {
    var scalars = scalars
    var length = scalars.count
    guard length < maximumLength, counter.pointee.kind != .none else { return nil }
    guard var base = scalars.baseAddress, length > 0 else {
      return counter.pointee.kind == .sms ? 1 : 0  // an empty message is still one
    }
    if let postBytes = counter.pointee.postBytes {
      var blank = counter.pointee.blankCountsNothing
      if blank {
        // Mastodon's server strips NUL and ASCII white space at both ends, then counts what is
        // left, as the general path does.
        let isStripped = { (value: UInt32) in value < 0x80 && _PostCount.isStripped(UInt8(value)) }
        var start = 0
        var end = length
        while start < end && isStripped(base[start]) { start &+= 1 }
        while end > start && isStripped(base[end &- 1]) { end &-= 1 }
        if start == end { return 0 }
        if end &- start != length {
          scalars = UnsafeBufferPointer(rebasing: scalars[start..<end])
          base += start
          length = end &- start
        }
      }
      for index in 0..<length {
        let scalar = base[index]
        if scalar == UInt32(postBytes.0) || scalar == UInt32(postBytes.1),
          startsPostCandidate(base, at: index, length: length)
        {
          return nil
        }
        // A value that is no scalar is U+FFFD, no white space.
        if blank { blank = Unicode.Scalar(scalar).map(_URLCharacters.isWhiteSpace) ?? false }
      }
      if blank { return 0 }
    }
    switch counter.pointee.kind {
    case .words, .sms, .stringz:
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 &* maximumLength) {
        buffer in
        var count = 0
        for value in scalars {
          UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") {
            buffer[count] = $0
            count &+= 1
          }
        }
        return counter.pointee.scannerCount(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<count])))
      }
    default: break
    }
    // Grapheme clusters of text that does not start with ASCII: the automaton at once.
    if counter.pointee.kind == .graphemes && base[0] >= 0x80 {
      return counter.pointee.graphemeCount(utf32: base, length)
    }
    // All ASCII: counted from its controls and CR LF pairs, as the UTF-8 path counts it. A
    // first pass with no branch (the compiler makes it a vector loop) finds printable ASCII.
    let (high, low, deletes) = Self.asciiBounds(base, length)
    if high < 0x80 {
      var controls = 0
      var crlfPairs = 0
      if low < 0x20 || deletes {
        var afterCR = false
        for scalar in scalars {
          controls &+= scalar < 0x20 || scalar == 0x7F ? 1 : 0
          crlfPairs &+= afterCR && scalar == 0x0A ? 1 : 0
          afterCR = scalar == 0x0D
        }
      }
      if let ascii = counter.pointee.asciiCount(length, controls: controls, crlfPairs: crlfPairs) {
        return ascii
      }
    }
    return counter.pointee.count(_UTF32Scalars(base: base, end: length))
  }

  /// Whether a URL or mention may start at code point `index` (one of a post length's candidate
  /// characters): an `@`, a `.` before an ASCII letter or a non-ASCII scalar, a `:` before
  /// `//`. The same rule on code points as `is_post_candidate` (CTextCountKernels) on UTF-8
  /// bytes, so that the two short paths leave for the general path on the same texts.
  @inline(__always)
  private static func startsPostCandidate(
    _ base: UnsafePointer<UInt32>, at index: Int, length: Int
  ) -> Bool {
    let next = index &+ 1 < length ? base[index &+ 1] : 0
    switch base[index] {
    case 0x40: return true
    case 0x2E: return next >= 0x80 || (0x61...0x7A).contains(next | 0x20)
    case 0x3A: return next == 0x2F && index &+ 2 < length && base[index &+ 2] == 0x2F
    default: return false
    }
  }

  /// The largest and smallest of `length` code points, and whether one is U+007F: a loop with
  /// no branch. (Vectors of eight lose on the x86-64 baseline, which has no unsigned minimum
  /// or maximum of 32-bit lanes.)
  @inline(__always)
  private static func asciiBounds(_ base: UnsafePointer<UInt32>, _ length: Int) -> (
    high: UInt32, low: UInt32, deletes: Bool
  ) {
    var high: UInt32 = 0
    var low = UInt32.max
    var deletes: UInt32 = 0
    for index in 0..<length {
      let value = base[index]
      high |= value
      low = min(low, value)
      deletes |= value == 0x7F ? 1 : 0
    }
    return (high, low, deletes != 0)
  }

  /// The count of all-ASCII text of `length` bytes holding `controls` controls and `crlfPairs`
  /// CR LF pairs: every byte a cluster but an LF after a CR; nil where the unit's ASCII is not
  /// that simple (`ascii`).
  @inline(__always)
  private func asciiCount(_ length: Int, controls: Int, crlfPairs: Int) -> Int? {
    switch kind {
    case .graphemes, .maxLength: return length &- crlfPairs
    case .clusterLengths:
      guard let lengths = ascii else { return nil }
      return lengths.printable &* (length &- controls) &+ lengths.control &* controls
        &- lengths.crlfShortening &* crlfPairs
    case .none, .publishedUTF8, .words, .sms, .stringz: return nil
    case .utf16, .utf8, .scalars: return length
    }
  }

  /// The count of `source`'s scalars in a loop of the unit's kind.
  @inline(__always)
  private func count<Source: _ShortScalarSource>(_ source: Source) -> Int? {
    switch kind {
    case .graphemes: return graphemeCount(source)
    case .clusterLengths:
      guard let lengths else { return nil }
      return clusterLengthCount(source, lengths)
    case .maxLength: return maxLengthCount(source)
    case .publishedUTF8: return publishedCount(source)
    case .none, .words, .sms, .stringz: return nil
    case .utf16, .utf8, .scalars: return codeUnitCount(source)
    }
  }

  private func graphemeCount<Source: _ShortScalarSource>(_ source: Source) -> Int {
    var source = source
    let automaton = self.automaton
    var state = automaton.start
    var count = 0
    while let scalar = source.next() {
      if automaton.step(&state, classByte(of: scalar.value)) { count &+= 1 }
    }
    return count
  }

  /// Grapheme clusters of UTF-32 code points, read as they are (a value that is no scalar as
  /// U+FFFD).
  @inline(__always)
  private func graphemeCount(utf32 base: UnsafePointer<UInt32>, _ length: Int) -> Int {
    let automaton = self.automaton
    var state = automaton.start
    var count = 0
    for index in 0..<length {
      let value = base[index]
      let isScalar = value & 0xFFFF_F800 != 0xD800 && value <= 0x10_FFFF
      let scalar = isScalar ? value : _DecodedScalar.replacementCharacter
      if automaton.step(&state, classByte(of: scalar)) { count &+= 1 }
    }
    return count
  }

  /// Words, SMS segments or stringz's length, by the unit's own scanner.
  @inline(never)
  private func scannerCount(_ bytes: UnsafeRawBufferPointer) -> Int? {
    switch kind {
    case .words:
      var scanner = _WordScanner()
      scanner.append(bytes)
      return scanner.finish()
    case .sms:
      var scanner = _SMSScanner<_TableSegmenter>(options: smsOptions)
      scanner.append(bytes)
      return scanner.finish().segments
    case .stringz:
      var scanner = _StringzScanner()
      scanner.append(bytes)
      return scanner.finish()
    default: return nil
    }
  }

  /// UTF-16 code units less the CR LF pairs.
  private func maxLengthCount<Source: _ShortScalarSource>(_ source: Source) -> Int {
    var source = source
    var count = 0
    var afterCR = false
    while let scalar = source.next() {
      count &+= scalar.value > 0xFFFF ? 2 : 1
      if afterCR && scalar.value == 0x0A { count &-= 1 }
      afterCR = scalar.value == 0x0D
    }
    return count
  }

  /// The UTF-8 bytes of text Bluesky's app publishes as typed: nil where it holds a line break
  /// or ends with white space (its `trimEnd`), which the general path trims.
  private func publishedCount<Source: _ShortScalarSource>(_ source: Source) -> Int? {
    var source = source
    var count = 0
    var last: UInt32 = 0
    while let scalar = source.next() {
      if scalar.value == 0x0A || scalar.value == 0x0D { return nil }
      count &+= scalar.isValid ? scalar.length : 3
      last = scalar.value
    }
    return _BlueskyPost.isSpace(last) ? nil : count
  }

  private func codeUnitCount<Source: _ShortScalarSource>(_ source: Source) -> Int {
    var source = source
    var count = 0
    while let scalar = source.next() {
      switch kind {
      case .scalars: count &+= 1
      case .utf16: count &+= scalar.value > 0xFFFF ? 2 : 1
      default: count &+= scalar.isValid ? scalar.length : 3
      }
    }
    return count
  }

  /// Display width or weights: a cluster of one scalar that stands alone is measured by the
  /// table's `alone` (what the length kernel adds up), with no tally; any other cluster by its
  /// tally, as the fast path measures it.
  private func clusterLengthCount<Source: _ShortScalarSource>(
    _ source: Source, _ table: _ClusterLengthTable
  ) -> Int? {
    var source = source
    let automaton = self.automaton
    let info = table.info
    let alone = table.alone
    guard let bmpAlone else { return nil }
    var state = automaton.start
    var tally = _ClusterLengthTally()
    // The open cluster: one scalar measured alone (`single`, its length), or the tally's.
    var single: (scalar: UInt32, length: Int)?
    var count = 0
    while let scalar = source.next() {
      let value = scalar.value
      if automaton.step(&state, classByte(of: value)) {
        if let open = single {
          count &+= open.length
        } else if !tally.isEmpty {
          guard let closed = tally.length(in: table) else { return nil }  // NFC may change it
          count &+= closed
          tally = _ClusterLengthTally()
        }
        let measured = value < 0x1_0000 ? bmpAlone[Int(value)] : alone[value]
        if measured != 255 {
          single = (value, Int(measured))
        } else {
          single = nil
          tally.add(info[value], in: table)
        }
      } else {
        if let open = single {
          tally.add(info[open.scalar], in: table)
          single = nil
        }
        tally.add(info[value], in: table)
      }
    }
    if let open = single { return count &+ open.length }
    guard let last = tally.length(in: table) else { return nil }
    return count &+ last
  }
}

/// The scalars of a short text, one at a time, repaired: what the short counter's loops read.
protocol _ShortScalarSource {
  /// The next scalar (its value, its length in UTF-8, whether it was well-formed), or nil at
  /// the end.
  mutating func next() -> _DecodedScalar?
}

/// UTF-8 bytes followed by four zeros (`_ShortCounter.scalarCount`): every scalar decodes on
/// the quick path.
struct _PaddedUTF8Scalars: _ShortScalarSource {
  let base: UnsafePointer<UInt8>
  let end: Int
  var index = 0

  init(base: UnsafePointer<UInt8>, end: Int) {
    self.base = base
    self.end = end
  }

  @inline(__always)
  mutating func next() -> _DecodedScalar? {
    guard index < end else { return nil }
    let scalar = _decodeUTF8Quickly(base + index, available: 4)
    index &+= scalar.length
    return scalar
  }
}

/// UTF-32 code points; a value that is no scalar is one U+FFFD (three bytes in UTF-8).
struct _UTF32Scalars: _ShortScalarSource {
  let base: UnsafePointer<UInt32>
  let end: Int
  var index = 0

  init(base: UnsafePointer<UInt32>, end: Int) {
    self.base = base
    self.end = end
  }

  @inline(__always)
  mutating func next() -> _DecodedScalar? {
    guard index < end else { return nil }
    let value = base[index]
    index &+= 1
    if value < 0x80 { return _DecodedScalar(value: value, length: 1, isValid: true) }
    if value < 0x800 { return _DecodedScalar(value: value, length: 2, isValid: true) }
    if value < 0x1_0000 {
      return value & 0xF800 == 0xD800
        ? _DecodedScalar(value: _DecodedScalar.replacementCharacter, length: 3, isValid: false)
        : _DecodedScalar(value: value, length: 3, isValid: true)
    }
    return value <= 0x10_FFFF
      ? _DecodedScalar(value: value, length: 4, isValid: true)
      : _DecodedScalar(value: _DecodedScalar.replacementCharacter, length: 3, isValid: false)
  }
}

/// The short counters of the units with a name (`TextUnit(name:)`, in the C API's order), each
/// made on its first use and published through one pointer (an acquire load per call: no lock,
/// no one-time initialisation on the path of a count).
package enum _ShortCounters {
  /// The named units: `TextUnit.allCases`, then X's and Mastodon's post lengths, then words,
  /// SMS segments, `maxlength`'s count, stringz's length, the composers' lengths and the bytes of
  /// Bluesky's published text (the C API's `textlimit_unit`, in order).
  package static let named: [TextUnit] =
    TextUnit.allCases + [
      .post(.x), .post(.mastodon()), .words, .smsSegments, .htmlMaxLength, .stringz,
      .post(.mastodonComposer()), .post(.blueskyComposer), .post(.blueskyPublished(unit: .utf8)),
    ]
  /// `named.count`, as a constant.
  private static let namedCount = 16

  /// The length of `bytes` in the named unit number `index`, if the short path answers (see
  /// `_ShortCounter.count`); nil for another index.
  /// - Complexity: O(n), n < `_ShortCounter.maximumLength`.
  @inline(__always)
  package static func count(_ bytes: UnsafeRawBufferPointer, named index: Int) -> Int? {
    guard bytes.count < _ShortCounter.maximumLength, index >= 0, index < namedCount else {
      return nil
    }
    let counter = _VectorKernels.shortCounter(index) ?? publish(index)
    return _ShortCounter.count(bytes, with: counter.assumingMemoryBound(to: _ShortCounter.self))
  }

  /// The length of UTF-32 code points in the named unit number `index`, if the short path
  /// answers (see `_ShortCounter.count(utf32:with:)`); nil for another index.
  /// - Complexity: O(n), n < `_ShortCounter.maximumLength`.
  @inline(__always)
  package static func count(utf32 scalars: UnsafeBufferPointer<UInt32>, named index: Int) -> Int? {
    guard scalars.count < _ShortCounter.maximumLength, index >= 0, index < namedCount else {
      return nil
    }
    let counter = _VectorKernels.shortCounter(index) ?? publish(index)
    return _ShortCounter.count(
      utf32: scalars, with: counter.assumingMemoryBound(to: _ShortCounter.self))
  }

  /// Makes counter `index` and publishes it, unless another thread did first (its counter is
  /// then used and this one freed).
  @inline(never)
  private static func publish(_ index: Int) -> UnsafeRawPointer {
    precondition(
      named.count == namedCount && namedCount <= _VectorKernels.shortCounterSlots,
      "_ShortCounters: one slot per named unit")
    let made = UnsafeMutablePointer<_ShortCounter>.allocate(capacity: 1)
    made.initialize(to: _ShortCounter(unit: named[index]))
    let published = _VectorKernels.publishShortCounter(index, UnsafeRawPointer(made))
    if published != UnsafeRawPointer(made) {
      made.deinitialize(count: 1)
      made.deallocate()
    }
    return published
  }
}

/// A table made once and never written after, shared by every thread: an `UnsafePointer` is
/// `Sendable` in some standard libraries and not in others, so it is wrapped rather than marked
/// `nonisolated(unsafe)`, which one of them calls unnecessary.
private struct _FlatBMPTable: @unchecked Sendable {
  let pointer: UnsafePointer<UInt8>
  init(_ pointer: UnsafePointer<UInt8>) { self.pointer = pointer }
}
