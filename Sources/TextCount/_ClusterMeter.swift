/// Measures one grapheme cluster at a time, in any unit, for the units measured per cluster
/// (`.displayWidth`, `.weighted`) and for counting normalized text.
///
/// Without normalization it keeps O(1) state per cluster; with it, it holds the cluster's scalars
/// until the cluster ends (normalization is applied cluster by cluster).
struct _ClusterMeter<Segmenter: _GraphemeSegmenter>: Sendable {
  let unit: TextUnit
  /// The normalization applied: the counter's, or NFC for a weight table that asks for it.
  let normalization: Normalization
  private var tally = _ClusterTally()
  private var scalars: [UInt32] = []
  private(set) var isEmpty = true
  /// Whether the cluster's scalars are kept: to normalize it, or to find the emoji sequence it
  /// starts with (weights that weigh emoji).
  private let keepsScalars: Bool

  init(unit: TextUnit, normalization: Normalization) {
    self.unit = unit
    if case .weighted(let table) = unit, table.normalizesToNFC, normalization == .none {
      self.normalization = .nfc
    } else {
      self.normalization = normalization
    }
    keepsScalars = self.normalization != .none || unit.weighsEmojiSequences
  }

  /// Adds the next scalar of the current cluster.
  @inline(__always)
  mutating func add(_ scalar: UInt32) {
    isEmpty = false
    tally.add(scalar, properties: Segmenter.scalarProperties, unit: unit)
    if keepsScalars {
      scalars.append(scalar)
      if scalar >= stableBelow { isStable = false }
    }
  }

  /// Scalars below this are unchanged by the normalization, alone and together: nothing below
  /// U+0300 composes or decomposes in NFC (the second scalar of every canonical pair is at or
  /// above it), nothing below U+00A0 has a compatibility mapping (NFKC).
  private var stableBelow: UInt32 { normalization == .nfkc ? 0xA0 : 0x300 }
  /// Whether every scalar of the cluster so far is below `stableBelow`: then its tally is its
  /// length, with no normalizing (most text: ASCII, Latin-1, and their clusters).
  private var isStable = true

  /// The length of the cluster read since the last call (0 if none), and a fresh start.
  mutating func finish() -> Int {
    guard !isEmpty else { return 0 }
    isEmpty = true
    defer { tally = _ClusterTally() }
    guard keepsScalars else { return tally.length(in: unit) }
    defer {
      scalars.removeAll(keepingCapacity: true)
      isStable = true
    }
    // Stable: no scalar NFC changes, and none that an emoji sequence starts with or needs.
    if isStable { return tally.length(in: unit) }
    if normalization == .none { return tally.length(in: unit, scalars: scalars[...]) }
    let compatibility = normalization == .nfkc
    let normalized = _Hangul.normalize(scalars) {
      Segmenter.normalize($0, compatibility: compatibility)
    }
    // Normalizing can split a cluster (NFKC: "ﬁ" → "fi"): measure each cluster it becomes.
    var segmenter = Segmenter()
    var total = 0
    var part = _ClusterTally()
    var partStart = 0
    for (index, scalar) in normalized.enumerated() {
      if segmenter.hasBreak(before: scalar) && index > 0 {
        total += part.length(in: unit, scalars: normalized[partStart..<index])
        part = _ClusterTally()
        partStart = index
      }
      part.add(scalar, properties: Segmenter.scalarProperties, unit: unit)
    }
    return normalized.isEmpty
      ? 0 : total + part.length(in: unit, scalars: normalized[partStart...])
  }
}

/// What one cluster's scalars add up to, in every unit.
struct _ClusterTally: Sendable {
  var scalarCount = 0
  var utf16 = 0
  var utf8 = 0
  var maxWidth = 0
  var startsWithControl = false
  var hasEmojiPresentationSelector = false
  var regionalIndicators = 0
  var weight = 0

  @inline(__always)
  mutating func add(_ scalar: UInt32, properties: _ScalarProperties, unit: TextUnit) {
    let isFirst = scalarCount == 0
    scalarCount += 1
    utf16 += scalar > 0xFFFF ? 2 : 1
    utf8 += _utf8Length(of: scalar)
    switch unit {
    case .displayWidth:
      // ASCII without a lookup: controls (Cc) are 0 wide and start a cluster that may be 0
      // wide; every other ASCII scalar is 1 wide (what utf8proc_charwidth says of each).
      if scalar < 0x80 {
        let isControl = scalar < 0x20 || scalar == 0x7F
        if isFirst && isControl { startsWithControl = true }
        maxWidth = max(maxWidth, isControl ? 0 : 1)
      } else {
        if isFirst, let value = Unicode.Scalar(scalar) {
          switch value.properties.generalCategory {
          case .control, .format, .lineSeparator, .paragraphSeparator: startsWithControl = true
          default: break
          }
        }
        maxWidth = max(maxWidth, properties.width(of: scalar))
      }
      if scalar == 0xFE0F { hasEmojiPresentationSelector = true }
      if (0x1F1E6...0x1F1FF).contains(scalar) { regionalIndicators += 1 }
    case .weighted(let table):
      weight += table.weight(of: scalar)
    default:
      break
    }
  }

  func length(in unit: TextUnit) -> Int {
    switch unit {
    case .graphemes: return 1
    case .utf16: return utf16
    case .unicodeScalars: return scalarCount
    case .utf8: return utf8
    case .displayWidth:
      var width = maxWidth
      if hasEmojiPresentationSelector || regionalIndicators >= 2 { width = max(width, 2) }
      return startsWithControl ? width : max(width, 1)
    case .weighted(let table):
      return (weight + table.scale - 1) / table.scale
    case .post(let length):
      return self.length(in: length.unit)
    case .sms:
      preconditionFailure("SMS segments are measured by _SMSScanner, not per cluster")
    case .htmlMaxLength:
      preconditionFailure("maxlength is measured as UTF-16 less CR LF pairs, not per cluster")
    case .words:
      preconditionFailure("words are measured by _WordScanner, not per cluster")
    case .stringz:
      preconditionFailure("stringz is measured by _StringzScanner, not per cluster")
    }
  }

  /// The cluster's length in `unit`, from its scalars where the unit weighs emoji sequences: a
  /// cluster that starts with one (`_EmojiSequences`: Unicode's RGI emoji and the keycaps
  /// without U+FE0F) weighs the table's emoji weight for it, and its other scalars by code
  /// point; any other cluster, its scalars' weights.
  /// - Complexity: O(scalars × log of the emoji trie).
  func length(in unit: TextUnit, scalars: ArraySlice<UInt32>) -> Int {
    guard case .weighted(let table) = unit, let emojiWeight = table.emojiClusterWeight else {
      return length(in: unit)
    }
    let sequence = _EmojiSequences.longestPrefix(of: scalars)
    guard sequence > 0 else { return length(in: unit) }
    var total = emojiWeight
    for scalar in scalars.dropFirst(sequence) { total += table.weight(of: scalar) }
    return (total + table.scale - 1) / table.scale
  }
}
