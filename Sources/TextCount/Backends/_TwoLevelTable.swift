/// A byte per code point, stored as 256-wide blocks with identical blocks shared: about 30 KiB
/// for the Unicode tables here, where a flat table would take 1.1 MiB. Allocated once and never
/// freed (tables live as long as the process), so a lookup is two loads, no reference counting.
struct _TwoLevelTable: @unchecked Sendable {
  /// For each block (`codePoint >> 8`), the offset of its 256 values in `values`. (Read
  /// directly by the automaton kernel, as is `values`.)
  let blockOffsets: UnsafePointer<UInt32>
  let values: UnsafePointer<UInt8>
  /// How many values the blocks hold (a multiple of 256); every one is some code point's.
  let valueCount: Int

  private static let blockCount = 0x11_0000 >> 8

  /// - Complexity: O(number of code points), once.
  init(valueOf source: (UInt32) -> UInt8) {
    self.init(values: (0..<UInt32(Self.blockCount << 8)).map(source))
  }

  /// The table of `values[c]` for every code point `c` (`values` holds 0x110000 bytes).
  /// - Complexity: O(number of code points), once; blocks of one repeated value (most of them)
  ///   are shared without hashing.
  init(values source: [UInt8]) {
    precondition(source.count == Self.blockCount << 8, "_TwoLevelTable: one value per code point")
    var offsets: [UInt32] = []
    offsets.reserveCapacity(Self.blockCount)
    var values: [UInt8] = []
    var known: [Block: UInt32] = [:]
    var uniform: [UInt8: UInt32] = [:]
    for blockNumber in 0..<Self.blockCount {
      let block = source[blockNumber << 8..<(blockNumber + 1) << 8]
      let first = block.first!
      let isUniform = !block.contains { $0 != first }
      if let offset = isUniform ? uniform[first] : known[Block(values: block)] {
        offsets.append(offset)
        continue
      }
      let offset = UInt32(values.count)
      if isUniform { uniform[first] = offset } else { known[Block(values: block)] = offset }
      values.append(contentsOf: block)
      offsets.append(offset)
    }
    blockOffsets = _immortalCopy(offsets)
    self.values = _immortalCopy(values)
    valueCount = values.count
  }

  /// A block's 256 values as a dictionary key, hashed as one run of bytes (an `ArraySlice` is
  /// hashed value by value: 256 calls into the hasher a block, a third of building a table).
  private struct Block: Hashable {
    let values: ArraySlice<UInt8>

    func hash(into hasher: inout Hasher) {
      values.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// The table of these blocks (`blockOffsets[b]`, the offset in `values` of block `b`'s 256
  /// values) as they are, for a table built block by block.
  init(blockOffsets: [UInt32], values: [UInt8]) {
    precondition(
      blockOffsets.count == Self.blockCount && values.count % 256 == 0
        && blockOffsets.allSatisfy { Int($0) + 256 <= values.count },
      "_TwoLevelTable: a block per 256 code points, each within the values")
    self.blockOffsets = _immortalCopy(blockOffsets)
    self.values = _immortalCopy(values)
    valueCount = values.count
  }

  /// The value of `codePoint`, which must be at most U+10FFFF.
  /// - Complexity: O(1): two loads.
  @inline(__always)
  subscript(codePoint: UInt32) -> UInt8 {
    values[Int(blockOffsets[Int(codePoint &>> 8)]) &+ Int(codePoint & 0xFF)]
  }

  /// The values of U+0000–U+FFFF, each through `transform`, in one flat table (64 KiB, never
  /// freed): the kernels look up the scalars of a block with no four-byte scalar there, one load
  /// instead of two.
  /// - Complexity: O(65,536 + `valueCount`), once per table: block by block, each value through
  /// a table of the images of the values that occur (`transform` is asked of no other).
  func flatBMP(_ transform: (UInt8) -> UInt8 = { $0 }) -> UnsafePointer<UInt8> {
    var occurs = [Bool](repeating: false, count: 256)
    for index in 0..<valueCount { occurs[Int(values[index])] = true }
    let image = (0...255).map { occurs[$0] ? transform(UInt8($0)) : 0 }
    var flat = [UInt8](repeating: 0, count: 0x1_0000)
    flat.withUnsafeMutableBufferPointer { flat in
      for block in 0..<0x100 {
        let from = values + Int(blockOffsets[block])
        for offset in 0..<0x100 { flat[block << 8 | offset] = image[Int(from[offset])] }
      }
    }
    return _immortalCopy(flat)
  }
}
