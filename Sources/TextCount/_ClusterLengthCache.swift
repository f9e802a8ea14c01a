/// The lengths of the last short clusters the cluster meter measured for the fast path (those NFC
/// may change: a Devanagari consonant with a nukta, a letter with a combining accent), so that a
/// cluster the text repeats is normalized once per scanner, not at every occurrence.
///
/// Direct-mapped, 1,024 entries, for clusters of 1 to 4 scalars. A scanner allocates one at its
/// first such cluster, and writes to it only while it holds the only reference (a copy of the
/// scanner takes a fresh one): that is what makes it safe to send.
final class _ClusterLengthCache: @unchecked Sendable {
  private var keys = [SIMD4<UInt32>](repeating: SIMD4(repeating: UInt32.max), count: 1024)
  private var lengths = [Int](repeating: 0, count: 1024)

  /// The key of a cluster of 1 to 4 scalars (no scalar is `UInt32.max`, which marks empty
  /// entries and unused lanes), or nil for a longer one.
  @inline(__always)
  static func key(_ scalars: [UInt32]) -> SIMD4<UInt32>? {
    let count = scalars.count
    guard count >= 1 && count <= 4 else { return nil }
    return scalars.withUnsafeBufferPointer { scalars in
      SIMD4(
        scalars[0], count > 1 ? scalars[1] : .max, count > 2 ? scalars[2] : .max,
        count > 3 ? scalars[3] : .max)
    }
  }

  @inline(__always)
  private static func slot(_ key: SIMD4<UInt32>) -> Int {
    let mixed =
      (key[0] &* 0x9E37_79B1) ^ (key[1] &* 0x85EB_CA77) ^ (key[2] &* 0xC2B2_AE3D)
      ^ (key[3] &* 0x27D4_EB2F)
    return Int(mixed >> 22)
  }

  /// The length kept for the cluster `key`, if any.
  /// - Complexity: O(1).
  @inline(__always)
  func length(of key: SIMD4<UInt32>) -> Int? {
    let slot = Self.slot(key)
    return keys[slot] == key ? lengths[slot] : nil
  }

  /// Keeps `length` for the cluster `key`, in place of what its slot held.
  func keep(_ length: Int, of key: SIMD4<UInt32>) {
    let slot = Self.slot(key)
    keys[slot] = key
    lengths[slot] = length
  }
}
