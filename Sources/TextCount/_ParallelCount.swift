import Dispatch

/// Counts a large buffer on several threads: cut at safe points (`_SafeSplit`), each part
/// counted by its own scanner, the counts summed. Same answer as one thread, for any cuts.
enum _ParallelCount {
  /// Parts smaller than this are not worth a thread.
  static let minimumPartSize = 1 << 20

  /// How many parts `byteCount` bytes make for `concurrency` threads (1: count on this thread).
  static func partCount(byteCount: Int, concurrency: Int) -> Int {
    max(1, min(concurrency, byteCount / minimumPartSize))
  }

  /// Safe cut positions splitting `bytes` into about `parts` parts, from 0 to `bytes.count`.
  static func cuts(_ bytes: UnsafeRawBufferPointer, parts: Int) -> [Int] {
    var cuts = [0]
    for part in 1..<max(parts, 1) {
      let nominal = bytes.count / parts * part
      if let cut = _SafeSplit.find(in: bytes, from: nominal, before: nominal + (1 << 16)), cut > cuts.last! {
        cuts.append(cut)
      }
    }
    cuts.append(bytes.count)
    return cuts
  }

  /// The count of `bytes` and the offset of the first ill-formed byte, over `parts` threads.
  static func count(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, backend: TextCounter.Backend,
    normalization: Normalization = .none, parts: Int
  ) -> (count: Int, firstInvalidOffset: Int?) {
    count(bytes, unit: unit, backend: backend, normalization: normalization, cuts: cuts(bytes, parts: parts))
  }

  /// The same, with the cuts given (tests pass arbitrary safe cuts).
  static func count(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, backend: TextCounter.Backend,
    normalization: Normalization = .none, cuts: [Int]
  ) -> (count: Int, firstInvalidOffset: Int?) {
    let partCount = cuts.count - 1
    // Each thread reads its own part of `bytes` and writes its own slot: nothing is shared.
    nonisolated(unsafe) let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
    nonisolated(unsafe) let invalid = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
    nonisolated(unsafe) let bytes = bytes
    defer {
      counts.deallocate()
      invalid.deallocate()
    }
    DispatchQueue.concurrentPerform(iterations: partCount) { part in
      var scanner = _AnyUTF8Scanner(unit: unit, backend: backend, normalization: normalization)
      scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[cuts[part]..<cuts[part + 1]]))
      counts[part] = scanner.finish()
      invalid[part] = scanner.firstInvalidOffset.map { $0 + cuts[part] } ?? Int.max
    }
    let first = invalid.min() ?? Int.max
    return (counts.reduce(0, +), first == Int.max ? nil : first)
  }
}
