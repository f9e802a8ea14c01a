import Dispatch

/// A plain scan of the same memory (every 8-byte word read and folded), on one thread or cut
/// into equal parts on several: the speed the memory system allows, which bounds what counting
/// can reach and how far a second thread can help on this machine.
enum MemoryScan {
  /// Folds every word of `bytes` (the tail bytes too) into one value, so nothing is skipped.
  /// - Complexity: O(`bytes.count`).
  static func fold(_ bytes: UnsafeRawBufferPointer) -> Int {
    let words = bytes.count / 8
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var index = 0
    while index + 4 <= words {
      lanes.0 ^= bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      lanes.1 ^= bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)
      lanes.2 ^= bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)
      lanes.3 ^= bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)
      index += 4
    }
    var folded = lanes.0 ^ lanes.1 ^ lanes.2 ^ lanes.3
    for offset in (index * 8)..<bytes.count { folded ^= UInt64(bytes[offset]) }
    return Int(truncatingIfNeeded: folded)
  }

  /// `fold` on `threads` equal parts at once.
  static func fold(_ bytes: UnsafeRawBufferPointer, threads: Int) -> Int {
    let partSize = (bytes.count + threads - 1) / threads
    nonisolated(unsafe) let bytes = bytes
    nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: threads)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: threads) { part in
      let start = min(part * partSize, bytes.count)
      let end = min(start + partSize, bytes.count)
      results[part] = fold(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }
    return results.reduce(0, ^)
  }
}
