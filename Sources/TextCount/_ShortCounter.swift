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

  private enum Kind { case graphemes, utf16, scalars, utf8, clusterLengths, none }

  private let kind: Kind
  private let classes: _GraphemeClassTable
  private let automaton: _GraphemeBreakAutomaton
  /// The per-scalar tables of display width and weights (`kind == .clusterLengths`).
  private let lengths: _ClusterLengthTable?
  /// What an ASCII control and another ASCII scalar measure alone, and what CR LF measures less
  /// than the two apart (`kind == .clusterLengths`), or nil where ASCII is not that simple.
  private let ascii: (control: Int, printable: Int, crlfShortening: Int)?
  /// A post length's bytes where a URL or mention may start (the same byte twice for one), or
  /// nil: not a post length, or one that reads neither.
  private let postBytes: (UInt8, UInt8)?
  /// Whether Mastodon's rule that white space alone counts nothing applies.
  private let blankCountsNothing: Bool

  /// The counter of `unit`; one that answers nil to every text where the unit needs the
  /// general path whatever the text (other weight tables the fast path has no table for, a
  /// post length with a content warning).
  /// - Complexity: O(1) but for the unit's tables, built once per process.
  package init(unit: TextUnit) {
    classes = _GraphemeClassTable.generated
    automaton = _GraphemeBreakAutomaton.shared
    var characters = unit
    var postBytes: (UInt8, UInt8)?
    var blankCountsNothing = false
    var supported = true
    if case .post(let length) = unit {
      characters = length.unit
      supported = length.contentWarning.isEmpty && !characters.isPost
      // As `_PostCount.firstCandidate` looks for them.
      let urls: UInt8? =
        length.urlLength == nil ? nil : length.urlSyntax == .twitter ? 0x2E : 0x3A
      let mentions: UInt8? =
        length.mentions == .withoutDomain && length.urlSyntax == .mastodon ? 0x40 : nil
      if let first = urls ?? mentions { postBytes = (first, mentions ?? first) }
      blankCountsNothing = length.urlSyntax == .mastodon
    }
    self.postBytes = postBytes
    self.blankCountsNothing = blankCountsNothing
    var lengths: _ClusterLengthTable?
    let kind: Kind
    switch characters {
    case .graphemes: kind = .graphemes
    case .utf16: kind = .utf16
    case .unicodeScalars: kind = .scalars
    case .utf8: kind = .utf8
    case .displayWidth, .weighted:
      lengths = _TableSegmenter.clusterLengthTable(for: characters)
      kind = lengths == nil ? .none : .clusterLengths
    case .post: kind = .none
    }
    self.kind = supported ? kind : .none
    self.lengths = lengths
    ascii = lengths.flatMap(Self.asciiLengths)
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
    let length = bytes.count
    let kind = counter.pointee.kind
    guard length < maximumLength, kind != .none else { return nil }
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), length > 0 else {
      return 0
    }
    if let postBytes = counter.pointee.postBytes {
      if counter.pointee.blankCountsNothing && _PostCount.isWhiteSpaceOnly(bytes) { return 0 }
      if mayHold(postBytes, base, length)
        && _VectorKernels.firstPostCandidate(
          among: (postBytes.0, postBytes.1, postBytes.0, postBytes.1), in: base, end: length)
          < length
      {
        return nil
      }
    }
    switch asciiKind(base, length) {
    case .printable:
      // Every byte a cluster of its own, one unit in every unit but a weighted or wide one.
      switch kind {
      case .clusterLengths:
        guard let lengths = counter.pointee.ascii else { break }
        return lengths.printable &* length
      default: return length
      }
    case .withControls:
      guard kind != .utf8 && kind != .utf16 && kind != .scalars else { return length }
      let ascii = asciiTally(base, length)
      switch kind {
      case .graphemes: return length &- ascii.crlfPairs
      case .clusterLengths:
        guard let lengths = counter.pointee.ascii else { break }
        return lengths.printable &* (length &- ascii.controls) &+ lengths.control &* ascii.controls
          &- lengths.crlfShortening &* ascii.crlfPairs
      default: break
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

  /// The count of text that is not all ASCII, scalar by scalar; nil where a cluster is the
  /// meter's (NFC may change it).
  @inline(never)  // kept out of the ASCII path, which stays small
  private func scalarCount(_ base: UnsafePointer<UInt8>, _ length: Int) -> Int? {
    var index = 0
    var count = 0
    var state = automaton.start
    var tally = _ClusterLengthTally()
    while index < length {
      var scalar = _decodeUTF8Quickly(base + index, available: length &- index)
      // An unfinished scalar at the end is one ill-formed subpart, one U+FFFD.
      if scalar.length == 0 { scalar = .invalid(length: length &- index) }
      index &+= scalar.length
      switch kind {
      case .graphemes:
        if automaton.step(&state, classes.graphemeClass(of: scalar.value).rawValue) {
          count &+= 1
        }
      case .scalars: count &+= 1
      case .utf16: count &+= scalar.value > 0xFFFF ? 2 : 1
      case .utf8: count &+= scalar.isValid ? scalar.length : 3
      case .clusterLengths:
        guard let table = lengths else { return nil }
        let starts = automaton.step(&state, classes.graphemeClass(of: scalar.value).rawValue)
        if starts && tally.needsMeter { return nil }
        count &+= tally.fold(table.info[scalar.value], startingCluster: starts, in: table)
      case .none: return nil
      }
    }
    if kind == .clusterLengths {
      guard let table = lengths, let last = tally.length(in: table) else { return nil }
      count &+= last
    }
    return count
  }
}

/// The short counters of the units with a name (`TextUnit(name:)`, in the C API's order), made
/// once per process and published through one pointer (an acquire load per call: no lock, no
/// one-time initialisation on the path of a count).
package enum _ShortCounters {
  /// The named units: `TextUnit.allCases`, then X's and Mastodon's post lengths.
  package static let named: [TextUnit] = TextUnit.allCases + [.post(.x), .post(.mastodon())]
  /// `named.count`, as a constant.
  private static let namedCount = 9

  /// The length of `bytes` in the named unit number `index`, if the short path answers (see
  /// `_ShortCounter.count`); nil for another index.
  /// - Complexity: O(n), n < `_ShortCounter.maximumLength`.
  @inline(__always)
  package static func count(_ bytes: UnsafeRawBufferPointer, named index: Int) -> Int? {
    guard bytes.count < _ShortCounter.maximumLength, index >= 0, index < namedCount else {
      return nil
    }
    let counters = _VectorKernels.shortCounters ?? publish()
    return _ShortCounter.count(
      bytes, with: counters.assumingMemoryBound(to: _ShortCounter.self) + index)
  }

  /// Makes the counters and publishes them, unless another thread did first (its counters are
  /// then used and these freed).
  @inline(never)
  private static func publish() -> UnsafeRawPointer {
    precondition(named.count == namedCount, "_ShortCounters: one counter per named unit")
    let made = UnsafeMutablePointer<_ShortCounter>.allocate(capacity: namedCount)
    made.initialize(from: named.map(_ShortCounter.init(unit:)), count: namedCount)
    let published = _VectorKernels.publishShortCounters(UnsafeRawPointer(made))
    if published != UnsafeRawPointer(made) {
      made.deinitialize(count: namedCount)
      made.deallocate()
    }
    return published
  }
}
