/// Measures an SMS message as its text arrives, in one pass and O(1) state (but the characters
/// that force UCS-2, where asked for): the message in every encoding at once (GSM 7-bit with
/// each way of sending it the options allow, and UCS-2), since the encoding is known only at
/// the end, each packed into parts as it goes.
///
/// What it follows is Twilio's message-segment-calculator (`SegmentedMessage`): the text split
/// into grapheme clusters, a CR LF into its CR and LF; GSM 7-bit where every cluster is one
/// character of the alphabet (a septet, or two for the extension table's), else UCS-2 (a
/// cluster's UTF-16 code units); one message up to 1,120 bits (160 septets, 70 units), else
/// parts of 1,072 bits each after the concatenation header (153 septets, 67 units), filled in
/// order, a part ending where the next piece does not fit. A piece is a scalar in GSM 7-bit (no
/// cluster there has two), and a cluster in UCS-2 (`SMSOptions.Split.wholeClusters`, split between its
/// scalars where longer than a part) or a scalar (`.pairsOnly`).
struct _SMSScanner<Segmenter: _GraphemeSegmenter>: Sendable {
  /// One way of sending the message in GSM 7-bit, and how it packs (while every scalar has a
  /// place in its tables).
  struct GSMWay: Sendable {
    let alphabet: _GSMAlphabet
    var fits = true
    var packing = _SMSPacking()
  }

  static var ucs2Single: Int { 70 }
  static var ucs2Part: Int { 67 }

  let options: SMSOptions
  private var reader = _ScalarReader()
  private(set) var segmenter = Segmenter()
  /// The default alphabet's way, and the national ones the options allow.
  private var standard = GSMWay(alphabet: .standard)
  private var national: [GSMWay]
  /// Whether every way of sending GSM 7-bit has failed: the message is UCS-2.
  private var isUCS2 = false
  /// UCS-2, packed by the options' split.
  private var ucs2 = _SMSPacking()
  /// The open cluster's UTF-16 code units, and the packing of its scalars one by one from where
  /// the last cluster ended (taken where the cluster is longer than a part).
  private var clusterUnits = 0
  private var clusterScalarsPacked = _SMSPacking()
  private var previous: UInt32 = 0
  /// The characters that force UCS-2 (clusters that are not one character of the allowed
  /// alphabets), each once, in order; collected only if asked for.
  private let collectsCharacters: Bool
  private(set) var forcingCharacters: [String] = []
  private var seenCharacters: Set<String> = []
  /// The clusters of one scalar noted so far, by value (those that force UCS-2 and those that
  /// `seenCharacters` already had as equal text).
  private var seenScalars: Set<UInt32> = []
  private var cluster: [Unicode.Scalar] = []

  init(options: SMSOptions, collectsCharacters: Bool = false) {
    self.options = options
    self.collectsCharacters = collectsCharacters
    // Nothing allocated without a national language (a short message's count makes none).
    national =
      options.nationalLanguage == nil
      ? []
      : _GSMAlphabet.candidates(for: options.nationalLanguage).dropFirst().map {
        GSMWay(alphabet: $0)
      }
  }

  /// Reads the next bytes of the text: runs of ASCII at a time through the kernel (of one septet
  /// each while the message may be GSM 7-bit), eight bytes at a time where they are printable
  /// ASCII of the GSM alphabet, runs of standalone scalars at a time once the message is UCS-2,
  /// else a scalar at a time.
  /// - Complexity: O(`bytes.count`).
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    var reader = self.reader
    defer { self.reader = reader }
    var index = reader.resume(bytes) { add($0) }
    let end = bytes.count
    if index == end { return }
    // The ASCII kernel's runs, also where the characters that force UCS-2 are noted (the run is
    // then of GSM characters only, which force nothing).
    let takesRuns =
      national.isEmpty && !options.replacesLookalikes && _VectorKernels.isAvailable
    let takesWords = takesRuns && !collectsCharacters
    // Once the message is UCS-2, from a non-ASCII scalar: the cluster kernel's runs of standalone
    // scalars, and the packing kernel's runs of clusters (after a block it did not take, not
    // again before the next).
    let takesClusters = Segmenter.hasVectorKernels && !options.replacesLookalikes
    let packsClusters =
      takesClusters && options.split == .wholeClusters && !collectsCharacters
    var packingRetry = 0
    while index < end {
      // Eight ASCII bytes, and an ASCII byte after them (no mark joins the last).
      if takesRuns && end &- index > 8 && base[index &+ 8] < 0x80 {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          if end &- index >= 64 {
            let runEnd = _VectorKernels.smsASCIIRun(
              base, from: index, to: end, gsmOnly: !isUCS2 || collectsCharacters)
            if runEnd > index {
              addASCIIRun(base, from: index, to: runEnd)
              index = runEnd
              continue
            }
          }
          if takesWords {
            addASCIIWord(word)
            index &+= 8
            continue
          }
        }
      }
      if isUCS2 && takesClusters && base[index] >= 0x80 && end &- index >= 64 {
        if segmenter.endsStandalone {
          // At most 4 KiB at a time: a scalar above U+FFFF sends that much through the slower
          // loop only (addStandaloneRun).
          let run = Segmenter.standaloneClusters(base, from: index, to: min(end, index &+ 4096))
          if run.end > index {
            addStandaloneRun(base, from: index, to: run.end)
            index = run.end
            continue
          }
        }
        if packsClusters && end &- index > 67 && index >= packingRetry
          && clusterUnits <= Self.ucs2Part
        {
          // The open cluster goes on into the run.
          let run = segmenter.packUCS2Clusters(
            base, from: index, to: end, packing: ucs2, open: clusterUnits)
          if run.end > index {
            ucs2 = run.packing
            clusterUnits = 0
            previous = _scalar(endingAt: run.end, in: base)
            index = run.end
            continue
          }
          packingRetry = index &+ 64
        }
      }
      guard let decoded = reader.decode(base, at: index, end: end) else {
        reader.endPiece(bytes, unfinishedFrom: index)
        return
      }
      add(decoded.value)
      index &+= decoded.length
    }
    reader.endPiece(bytes, unfinishedFrom: nil)
  }

  /// Whether the eight bytes are each one printable ASCII character of the GSM default alphabet
  /// that takes one septet (not `` ` ``, nor the extension table's `[ \ ] ^ { | } ~`; no control,
  /// so no CR or LF).
  @inline(__always)
  static func isPlainGSMWord(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Bytes whose value lies strictly between `low` and `high` (both at most 128), for bytes
    // below 0x80 (Bit Twiddling Hacks' `hasbetween`).
    @inline(__always) func between(_ low: UInt64, _ high: UInt64) -> UInt64 {
      let seven = word & (ones &* 127)
      return (ones &* (127 &+ high) &- seven) & ~word & (seven &+ ones &* (127 &- low)) & highs
    }
    guard word & highs == 0 else { return false }
    let bad =
      between(0, 0x20) | between(0x5A, 0x5F) | between(0x5F, 0x61) | between(0x7A, 0x80)
      | (word &+ ones &* 0x20) & highs & ~(word &+ ones &* 0x21)  // 0x7F: +1 carries into bit 7
    return bad == 0
  }

  /// Adds eight ASCII bytes: a UTF-16 code unit each, each a piece of its own but the first,
  /// which may join the open cluster (CR LF is two pieces); in GSM 7-bit, a septet each where
  /// all are plain (`isPlainGSMWord`), else each byte's septets.
  @inline(__always)
  private mutating func addASCIIWord(_ word: UInt64) {
    let breaks = segmenter.breaks(inASCIIWord: word)
    if standard.fits {
      let part = standard.alphabet.partCapacity
      if Self.isPlainGSMWord(word) {
        standard.packing.addOnes(8, partCapacity: part)
      } else {
        var bytes = word
        for _ in 0..<8 {
          let septets = _GSMAlphabet.defaultSeptets(of: UInt32(truncatingIfNeeded: bytes & 0xFF))
          if septets == 0 {
            standard.fits = false
            isUCS2 = true
            break
          }
          standard.packing.add(septets, partCapacity: part)
          bytes &>>= 8
        }
      }
    }
    let last = UInt32(truncatingIfNeeded: word &>> 56)
    // The first byte ends the open cluster or joins it (after a Prepend; an LF after a CR is a
    // piece of its own, as Twilio splits them); the others are pieces of their own, the last
    // left open.
    let firstStarts = breaks &- (7 &- _highBitCount(_lfsAfterCR(in: word))) == 1
    if firstStarts || (previous == 0x0D && word & 0xFF == 0x0A) {
      closeCluster()
      addUnitsAsOwnClusters(7)
    } else {
      addToOpenCluster(units: 1)
      closeCluster()
      addUnitsAsOwnClusters(6)
    }
    openCluster(units: 1)
    previous = last
  }

  /// Adds a run of ASCII bytes (of one septet each where the message may still be GSM 7-bit): a
  /// septet and a UTF-16 code unit each, each a piece of its own but the first, which may join
  /// the open cluster (CR LF is two pieces, as Twilio splits them); the last left open.
  private mutating func addASCIIRun(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
    let count = end &- start
    if standard.fits {
      standard.packing.addOnes(count, partCapacity: standard.alphabet.partCapacity)
    }
    let first = UInt32(base[start])
    let last = UInt32(base[end &- 1])
    var probe = segmenter
    // Where characters are noted: the clusters closed inside the run are GSM characters (the
    // kernel's run is of those only), which force nothing; the first may join the open cluster,
    // and the last opens one.
    if probe.hasBreak(before: first) || (previous == 0x0D && first == 0x0A) {
      closeCluster()
      addUnitsAsOwnClusters(count &- 1)
      openCluster(units: 1)
    } else {
      addToOpenCluster(units: 1)
      if collectsCharacters { cluster.append(Unicode.Scalar(UInt8(first))) }
      if count > 1 {
        closeCluster()
        addUnitsAsOwnClusters(count &- 2)
        openCluster(units: 1)
      }
    }
    if collectsCharacters && cluster.isEmpty { cluster.append(Unicode.Scalar(UInt8(last))) }
    segmenter.resume(after: last)
    previous = last
  }

  /// Adds a run of well-formed standalone scalars (each a piece: a cluster, or CR and LF of a
  /// CR LF, as Twilio splits them) to a UCS-2 message, the last left open.
  private mutating func addStandaloneRun(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int)
  {
    closeCluster()
    if collectsCharacters {
      // Each scalar is a cluster of its own; the last stays open.
      var at = start
      while at < end {
        let decoded = _decodeUTF8(base + at, available: end &- at)
        at &+= decoded.length
        if at < end {
          noteCluster(ofOneScalar: decoded.value)
        } else {
          cluster.append(Unicode.Scalar(decoded.value)!)
        }
      }
    }
    let last = _scalar(endingAt: end, in: base)
    let lastStart = end &- _utf8Length(of: last)
    let lows: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Bytes F0 and above: their top four bits set.
    @inline(__always) func fourByteLeads(_ word: UInt64) -> UInt64 {
      word & (word &<< 1) & (word &<< 2) & (word &<< 3) & highs
    }
    // Pieces of one code unit or two (a scalar above U+FFFF), each in the part it fits, the
    // one-unit pieces in a row packed at once: whole blocks up to each scalar above U+FFFF by the
    // kernel (which may end inside a scalar: its lead counted, its continuations not), then eight
    // bytes at once where none leads a scalar above U+FFFF, else a byte.
    var at = start
    var ones = 0
    while at < lastStart {
      let run = _VectorKernels.scalarsToSupplementary(base, from: at, to: lastStart)
      ones &+= run.scalars
      at = run.end
      guard at < lastStart && base[at] >= 0xF0 else { break }
      addUnitsAsOwnClusters(ones)
      ones = 0
      ucs2.add(2, partCapacity: Self.ucs2Part)
      at &+= 4
    }
    while at < lastStart {
      if at &+ 8 <= lastStart {
        let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
        if fourByteLeads(word) == 0 {
          // Leads: not 10xxxxxx, a byte of 1 each, summed by a multiplication (a population
          // count is a dozen instructions on the baseline x86-64).
          let leads = ((~word | word &<< 1) & highs) &>> 7
          ones &+= Int(truncatingIfNeeded: (leads &* lows) &>> 56)
          at &+= 8
          continue
        }
      }
      if base[at] >= 0xF0 {
        addUnitsAsOwnClusters(ones)
        ones = 0
        ucs2.add(2, partCapacity: Self.ucs2Part)
      } else if base[at] & 0xC0 != 0x80 {
        ones &+= 1
      }
      at &+= 1
    }
    addUnitsAsOwnClusters(ones)
    openCluster(units: last > 0xFFFF ? 2 : 1)
    segmenter.resume(after: last)
    previous = last
  }

  /// Adds `count` clusters of one UTF-16 code unit each, closed (with no open cluster).
  @inline(__always)
  private mutating func addUnitsAsOwnClusters(_ count: Int) {
    ucs2.addOnes(count, partCapacity: Self.ucs2Part)
  }

  /// Opens a cluster of `units` UTF-16 code units (its first scalar).
  @inline(__always)
  private mutating func openCluster(units: Int) {
    switch options.split {
    case .wholeClusters:
      clusterUnits = units
      clusterScalarsPacked = ucs2
      clusterScalarsPacked.add(units, partCapacity: Self.ucs2Part)
    case .pairsOnly:
      ucs2.add(units, partCapacity: Self.ucs2Part)
    }
  }

  /// Adds a scalar of `units` UTF-16 code units to the open cluster.
  @inline(__always)
  private mutating func addToOpenCluster(units: Int) {
    switch options.split {
    case .wholeClusters:
      clusterUnits &+= units
      clusterScalarsPacked.add(units, partCapacity: Self.ucs2Part)
    case .pairsOnly:
      ucs2.add(units, partCapacity: Self.ucs2Part)
    }
  }

  /// The offset of the first ill-formed byte read, if any.
  var firstInvalidOffset: Int? { reader.firstInvalidOffset }

  /// Adds a scalar of the text, its look-alike where the options replace them.
  @inline(__always)
  mutating func add(_ scalar: UInt32) {
    if options.replacesLookalikes, let text = _GSMAlphabet.lookalike(of: scalar) {
      for replacement in text.unicodeScalars { addScalar(replacement.value) }
      return
    }
    addScalar(scalar)
  }

  @inline(__always)
  private mutating func addScalar(_ scalar: UInt32) {
    // Twilio splits a CR LF cluster into its CR and its LF.
    let startsPiece = segmenter.hasBreak(before: scalar) || (scalar == 0x0A && previous == 0x0D)
    previous = scalar
    if !isUCS2 {
      if standard.fits {
        let septets = _GSMAlphabet.defaultSeptets(of: scalar)
        if septets == 0 {
          standard.fits = false
        } else {
          standard.packing.add(septets, partCapacity: standard.alphabet.partCapacity)
        }
      }
      for index in national.indices where national[index].fits {
        let septets = national[index].alphabet.septets(of: scalar)
        if septets == 0 {
          national[index].fits = false
        } else {
          national[index].packing.add(septets, partCapacity: national[index].alphabet.partCapacity)
        }
      }
      isUCS2 = !standard.fits && !national.contains { $0.fits }
    }
    let units = scalar > 0xFFFF ? 2 : 1
    if startsPiece {
      closeCluster()
      openCluster(units: units)
    } else {
      addToOpenCluster(units: units)
    }
    if collectsCharacters, let value = Unicode.Scalar(scalar) { cluster.append(value) }
  }

  /// Ends the open cluster: packs it whole (or its scalars, where longer than a part), and
  /// notes it if it forces UCS-2.
  private mutating func closeCluster() {
    if options.split == .wholeClusters {
      ucs2 = closedUCS2
      clusterUnits = 0
    }
    if collectsCharacters && !cluster.isEmpty {
      if cluster.count == 1 {
        noteCluster(ofOneScalar: cluster[0].value)
      } else {
        var text = ""
        text.unicodeScalars.append(contentsOf: cluster)
        note(text)
      }
      cluster.removeAll(keepingCapacity: true)
    }
  }

  /// Notes a cluster of one scalar if it forces UCS-2: looked up by its value first, so that
  /// its text is built once.
  @inline(__always)
  private mutating func noteCluster(ofOneScalar value: UInt32) {
    guard !isCharacterOfAllowedAlphabets(value), seenScalars.insert(value).inserted,
      let scalar = Unicode.Scalar(value)
    else { return }
    note(String(scalar))
  }

  /// Notes a character that forces UCS-2, once (characters equal as `String`s are one).
  private mutating func note(_ character: String) {
    if seenCharacters.insert(character).inserted { forcingCharacters.append(character) }
  }

  /// Whether a scalar alone is one character of an alphabet the options allow.
  @inline(__always)
  private func isCharacterOfAllowedAlphabets(_ value: UInt32) -> Bool {
    _GSMAlphabet.defaultSeptets(of: value) > 0
      || national.contains { $0.alphabet.septets(of: value) > 0 }
  }

  /// Ends the text and returns its measure.
  mutating func finish() -> _SMSMeasure {
    var reader = self.reader
    reader.finish { add($0) }
    self.reader = reader
    closeCluster()
    return measure(ucs2: ucs2)
  }

  /// The measure of the text read so far, as if it ended here (the open cluster ended).
  func measureSoFar() -> _SMSMeasure { measure(ucs2: closedUCS2) }

  /// The UCS-2 packing with the open cluster closed (as `closeCluster` packs it).
  private var closedUCS2: _SMSPacking {
    var packed = ucs2
    if options.split == .wholeClusters {
      if clusterUnits > Self.ucs2Part {
        packed = clusterScalarsPacked
      } else if clusterUnits > 0 {
        packed.add(clusterUnits, partCapacity: Self.ucs2Part)
      }
    }
    return packed
  }

  /// The message: in GSM 7-bit the way that makes the fewest segments (declaring fewer tables
  /// where they tie), where one fits; else UCS-2, packed as `ucs2`.
  private func measure(ucs2: _SMSPacking) -> _SMSMeasure {
    var best: GSMWay? = standard.fits ? standard : nil
    for way in national where way.fits {
      let segments = way.packing.segments(singleCapacity: way.alphabet.singleCapacity)
      if let chosen = best,
        chosen.packing.segments(singleCapacity: chosen.alphabet.singleCapacity) <= segments
      {
        continue
      }
      best = way
    }
    if let best {
      let segments = best.packing.segments(singleCapacity: best.alphabet.singleCapacity)
      return _SMSMeasure(
        encoding: .gsm7, units: best.packing.units, segments: segments,
        unitsPerSegment: segments == 1
          ? best.alphabet.singleCapacity : best.alphabet.partCapacity,
        alphabet: best.alphabet)
    }
    let segments = ucs2.segments(singleCapacity: Self.ucs2Single)
    return _SMSMeasure(
      encoding: .ucs2, units: ucs2.units, segments: segments,
      unitsPerSegment: segments == 1 ? Self.ucs2Single : Self.ucs2Part, alphabet: nil)
  }

  /// The length in bytes of the longest prefix of `bytes` (the whole text) that ends on a
  /// grapheme-cluster boundary and is sent in at most `maxSegments` segments. Segments never
  /// fall as text is added, so the first cluster that does not fit ends the search.
  /// - Complexity: O(length of the prefix).
  static func prefixByteCount(
    _ bytes: UnsafeRawBufferPointer, maxSegments: Int, options: SMSOptions
  ) -> Int {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    var scanner = _SMSScanner(options: options)
    var index = 0
    var fitting = 0
    while index < bytes.count {
      let decoded = _decodeUTF8(base + index, available: bytes.count &- index)
      // A valid prefix cut off by the end is one U+FFFD, as `String(decoding:)` reads it.
      let length = decoded.length == 0 ? bytes.count &- index : decoded.length
      let value = decoded.isValid && decoded.length > 0 ? decoded.value : 0xFFFD
      // Before a scalar that starts a cluster, the text so far is a prefix that may be cut.
      var probe = scanner.segmenter
      if probe.hasBreak(before: value) {
        if index > 0 && scanner.measureSoFar().segments > maxSegments { return fitting }
        fitting = index
      }
      scanner.add(value)
      index &+= length
    }
    return scanner.measureSoFar().segments <= maxSegments ? bytes.count : fitting
  }
}

/// What `_SMSScanner` finds: the encoding, the units, the segments and their capacity, and the
/// GSM tables used.
struct _SMSMeasure: Sendable, Hashable {
  var encoding: SMSEncoding
  var units: Int
  var segments: Int
  var unitsPerSegment: Int
  var alphabet: _GSMAlphabet?
}
