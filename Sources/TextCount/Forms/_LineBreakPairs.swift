/// Counts the CR LF pairs of UTF-8 that arrives in pieces (a CR at a piece's end waits for the
/// next piece's first byte): what `TextUnit.htmlMaxLength` takes off the UTF-16 length.
struct _LineBreakPairs: Sendable {
  private(set) var pairs = 0
  private var endsWithCR = false

  /// - Complexity: O(`bytes.count`), eight bytes at a time where they hold no LF.
  mutating func scan(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty
    else { return }
    if endsWithCR && base[0] == 0x0A { pairs &+= 1 }
    let end = bytes.count
    var index = 1
    let lfs: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    while index < end {
      if end &- index >= 8 {
        // No LF among the next eight bytes: none of them ends a pair.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ lfs
        if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0 {
          index &+= 8
          continue
        }
      }
      if base[index] == 0x0A && base[index &- 1] == 0x0D { pairs &+= 1 }
      index &+= 1
    }
    endsWithCR = base[end &- 1] == 0x0D
  }
}
