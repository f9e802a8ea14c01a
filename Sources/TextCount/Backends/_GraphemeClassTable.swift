/// A two-level lookup table from code point to `_GraphemeClass`, built once from libutf8proc's
/// property database plus the generated corrections that bring it level with Swift's `String`.
///
/// Code points are split into 256-wide blocks; identical blocks are stored once, so the table
/// takes about 30 KiB and stays in cache where a call per scalar into the C library would not.
/// The storage is allocated once and never freed (the table lives as long as the process), so
/// lookups are two loads with no reference counting.
struct _GraphemeClassTable: @unchecked Sendable {
  /// For each block (`codePoint >> 8`), the offset of its 256 classes in `classes`.
  private let blockOffsets: UnsafePointer<UInt32>
  private let classes: UnsafePointer<UInt8>

  private static let blockCount = 0x11_0000 >> 8

  /// Builds the table from a per-code-point source of raw classes, then applies `corrections`.
  /// - Complexity: O(number of code points), once.
  init(rawClassOf source: (UInt32) -> UInt8) {
    var overrides = [UInt8?](repeating: nil, count: 0x11_0000)
    for entry in Self.corrections {
      for codePoint in entry.first...entry.last { overrides[Int(codePoint)] = entry.rawClass }
    }
    var offsets: [UInt32] = []
    offsets.reserveCapacity(Self.blockCount)
    var classes: [UInt8] = []
    var known: [[UInt8]: UInt32] = [:]
    var block = [UInt8](repeating: 0, count: 256)
    for blockNumber in 0..<Self.blockCount {
      for low in 0..<256 {
        let codePoint = UInt32(blockNumber << 8 | low)
        block[low] = overrides[Int(codePoint)] ?? source(codePoint)
      }
      if let offset = known[block] {
        offsets.append(offset)
      } else {
        let offset = UInt32(classes.count)
        known[block] = offset
        classes.append(contentsOf: block)
        offsets.append(offset)
      }
    }
    let offsetStorage = UnsafeMutablePointer<UInt32>.allocate(capacity: offsets.count)
    offsetStorage.initialize(from: offsets, count: offsets.count)
    let classStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: classes.count)
    classStorage.initialize(from: classes, count: classes.count)
    blockOffsets = UnsafePointer(offsetStorage)
    self.classes = UnsafePointer(classStorage)
  }

  /// The class of `codePoint`, which must be at most U+10FFFF.
  /// - Complexity: O(1): two loads.
  @inline(__always)
  func graphemeClass(of codePoint: UInt32) -> _GraphemeClass {
    let offset = blockOffsets[Int(codePoint &>> 8)]
    return _GraphemeClass(rawValue: classes[Int(offset) &+ Int(codePoint & 0xFF)])
  }

  #if SystemUTF8Proc
  /// The table of the utf8proc backend, built on first use (a few milliseconds) and kept.
  static let utf8proc = _GraphemeClassTable(rawClassOf: _UTF8Proc.graphemeClass(of:))
  #endif
}
