/// The lengths of the last short clusters the cluster meter measured for the fast path (those NFC
/// may change: a Devanagari consonant with a nukta, a letter with a combining accent), so that a
/// cluster the text repeats is normalized once per scanner, not at every occurrence.
///
/// Direct-mapped, 1,024 entries, for clusters of 1 to 8 scalars (emoji sequences of up to eight,
/// which the meter measures for the weighted units, are most of them). A scanner allocates one at its
/// first such cluster, and writes to it only while it holds the only reference (a copy of the
/// scanner takes a fresh one): that is what makes it safe to send.
final class _ClusterLengthCache: @unchecked Sendable {
  private var keys = [SIMD8<UInt32>](repeating: SIMD8(repeating: UInt32.max), count: 1024)
  private var lengths = [Int](repeating: 0, count: 1024)

  /// The key of a cluster of 1 to 8 scalars (no scalar is `UInt32.max`, which marks empty
  /// entries and unused lanes), or nil for a longer one.
  @inline(__always)
  static func key(_ scalars: [UInt32]) -> SIMD8<UInt32>? {
    let count = scalars.count
    guard count >= 1 && count <= 8 else { return nil }
    var key = SIMD8<UInt32>(repeating: .max)
    for index in 0..<count { key[index] = scalars[index] }
    return key
  }

  @inline(__always)
  private static func slot(_ key: SIMD8<UInt32>) -> Int {
    let mixed =
      key
      &* SIMD8(
        0x9E37_79B1, 0x85EB_CA77, 0xC2B2_AE3D, 0x27D4_EB2F, 0x1656_67B1, 0xD3A2_646C, 0xFD70_46C5,
        0xB55A_4F09)
    let folded = mixed.lowHalf ^ mixed.highHalf
    return Int((folded[0] ^ folded[1] ^ folded[2] ^ folded[3]) >> 22)
  }

  /// The length kept for the cluster `key`, if any.
  /// - Complexity: O(1).
  @inline(__always)
  func length(of key: SIMD8<UInt32>) -> Int? {
    let slot = Self.slot(key)
    return keys[slot] == key ? lengths[slot] : nil
  }

  /// Keeps `length` for the cluster `key`, in place of what its slot held.
  func keep(_ length: Int, of key: SIMD8<UInt32>) {
    let slot = Self.slot(key)
    keys[slot] = key
    lengths[slot] = length
  }
}
