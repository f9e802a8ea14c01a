/// What a `_UTF8Scanner` keeps for the fast path of the cluster-level units: the tables, the
/// open cluster's tally, and what it needs to measure a cluster NFC may change.
///
/// Held in a `_ClusterLengthBox`, so that a scanner counting anything else carries one nil
/// reference, not this state, to create and destroy.
struct _ClusterLengthScan<Segmenter: _GraphemeSegmenter>: Sendable {
  let table: _ClusterLengthTable
  /// The unit, for the meter.
  let unit: TextUnit
  /// The open cluster's tally.
  var tally = _ClusterLengthTally()
  /// The open cluster's scalars that earlier chunks (or a stitched scalar) held, where the
  /// meter may need them (`_ClusterLengthTable.keepsClusterScalars`).
  private(set) var openScalars: [UInt32] = []
  /// The short clusters the meter measured, allocated at the first.
  private var cache: _ClusterLengthCache?

  init(table: _ClusterLengthTable, unit: TextUnit) {
    self.table = table
    self.unit = unit
  }

  /// Adds a scalar decoded outside the counting loop (one stitched across chunks), which a
  /// boundary may precede; returns the length of the cluster that boundary ends (or 0).
  @inline(never)  // rare (a scalar stitched across chunks): kept out of its callers
  mutating func add(_ scalar: UInt32, startingCluster: Bool) -> Int {
    let ended = startingCluster ? closedClusterLength(chunk: nil, from: 0, to: 0, limit: 0) : 0
    tally.add(table.info[scalar], in: table)
    if table.keepsClusterScalars { openScalars.append(scalar) }
    return ended
  }

  /// Keeps the open cluster's scalars in `chunk[start..<end]` (the chunk readable up to
  /// `limit`) for the next chunk, where the table's weights normalize (the meter may need them).
  mutating func carry(_ chunk: UnsafePointer<UInt8>, from start: Int, to end: Int, limit: Int) {
    guard table.keepsClusterScalars && !tally.isEmpty else { return }
    _forEachScalar(in: chunk, from: start, to: end, readableTo: limit) { openScalars.append($0) }
  }

  /// The length of the open cluster (`openScalars`, then `chunk[start..<end]`, the chunk
  /// readable up to `limit`), which a boundary ends, from its tally, or through the cluster meter
  /// where NFC may change it (a cluster of up to four scalars measured once per scanner); then an
  /// empty one.
  @inline(never)  // rare (a cluster NFC may change, the last one): kept out of its callers
  mutating func closedClusterLength(
    chunk: UnsafePointer<UInt8>?, from start: Int, to end: Int, limit: Int
  ) -> Int {
    defer {
      tally = _ClusterLengthTally()
      openScalars.removeAll(keepingCapacity: true)
    }
    if let length = tally.length(in: table) { return length }
    if let chunk {
      _forEachScalar(in: chunk, from: start, to: end, readableTo: limit) {
        openScalars.append($0)
      }
    }
    let key = _ClusterLengthCache.key(openScalars)
    if let key, let length = cache?.length(of: key) { return length }
    let length: Int
    if let emoji = table.emojiLength(of: openScalars) {
      length = emoji
    } else {
      var meter = _ClusterMeter<Segmenter>(unit: unit, normalization: .none)
      for scalar in openScalars { meter.add(scalar) }
      length = meter.finish()
    }
    if let key {
      // A copy of the scanner shares the cache until either writes: then it takes a fresh one.
      if !isKnownUniquelyReferenced(&cache) { cache = _ClusterLengthCache() }
      cache!.keep(length, of: key)
    }
    return length
  }
}

/// A `_ClusterLengthScan` on the heap, written only by the scanner that holds the one reference
/// to it (a copy of the scanner that writes takes a box of its own first): that is what makes
/// it safe to send.
final class _ClusterLengthBox<Segmenter: _GraphemeSegmenter>: @unchecked Sendable {
  var state: _ClusterLengthScan<Segmenter>

  init(_ state: _ClusterLengthScan<Segmenter>) { self.state = state }
}
