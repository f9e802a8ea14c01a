/// Counts a large buffer on several threads: cut at safe points (`_SafeSplit`), each part
/// counted by its own scanner, the counts summed. Same answer as one thread, for any cuts.
enum _ParallelCount {
  /// Parts smaller than this are not worth a thread.
  static let minimumPartSize = 1 << 20

  /// Parts per thread: threads take the next part as they finish one, so a thread that starts
  /// late (an idle core waking up) or runs slow (a vCPU its host shares) costs at most a part's
  /// time, 1/16 of its share, not half the work.
  static let partsPerThread = 16

  /// How many threads `byteCount` bytes are worth for `concurrency` (1: count on this thread).
  static func partCount(byteCount: Int, concurrency: Int) -> Int {
    max(1, min(concurrency, byteCount / minimumPartSize))
  }

  /// Large counts in flight in this process, all callers together.
  private static let inFlight = _Locked(0)

  /// Runs `body` with the threads a count of `byteCount` bytes may take: what `partCount`
  /// allows, shared with the other large counts in flight (the cores divided by their number,
  /// at least 1), so that many requests at once do not pile threads on the cores they all use.
  /// Measured with `TextCountBenchmarks --load`: without the sharing, 2 × cores threads each
  /// counting 16 MiB buffers got 0.95–1.0× the total throughput of `concurrency: 1`.
  static func withThreads<Result, Failure: Error>(
    byteCount: Int, concurrency: Int, _ body: (Int) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let wanted = partCount(byteCount: byteCount, concurrency: concurrency)
    let probe = _ParallelCountProbe.current
    guard wanted > 1 else {
      probe?.record(threads: 1)
      return try body(1)
    }
    let others = inFlight.fetchAdd(1)
    defer { _ = inFlight.fetchAdd(-1) }
    let cores = probe?.assumedCoreCount ?? TextCounter.coreCount
    let threads = max(1, min(wanted, cores / (others + 1)))
    probe?.record(threads: threads)
    return try body(threads)
  }

  /// Safe cut positions splitting `bytes` into about `parts` parts, from 0 to `bytes.count`.
  static func cuts(_ bytes: UnsafeRawBufferPointer, parts: Int) -> [Int] {
    var cuts = [0]
    for part in 1..<max(parts, 1) {
      let nominal = bytes.count / parts * part
      if let cut = _SafeSplit.find(in: bytes, from: nominal, before: nominal + (1 << 16)),
        cut > cuts.last!
      {
        cuts.append(cut)
      }
    }
    cuts.append(bytes.count)
    return cuts
  }

  /// The count of `bytes` and the offset of the first ill-formed byte, on `threads` threads.
  static func count(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, backend: TextCounter.Backend,
    normalization: Normalization = .none, threads: Int
  ) -> (count: Int, firstInvalidOffset: Int?) {
    let parts = max(threads, min(threads * partsPerThread, bytes.count / minimumPartSize))
    return count(
      bytes, unit: unit, backend: backend, normalization: normalization,
      cuts: cuts(bytes, parts: parts), threads: threads)
  }

  /// The same, with the cuts given (tests pass arbitrary safe cuts); one thread per part unless
  /// `threads` says fewer.
  static func count(
    _ bytes: UnsafeRawBufferPointer, unit: TextUnit, backend: TextCounter.Backend,
    normalization: Normalization = .none, cuts: [Int], threads: Int? = nil
  ) -> (count: Int, firstInvalidOffset: Int?) {
    let partCount = cuts.count - 1
    let nextPart = _Locked(0)
    // Each part is taken by one thread, which writes its own slot: only `nextPart` is shared.
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
    let invalid = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
    defer {
      counts.deallocate()
      invalid.deallocate()
    }
    let shared = _UncheckedSendable((bytes: bytes, counts: counts, invalid: invalid))
    _Platform.concurrentPerform(iterations: min(threads ?? partCount, partCount)) { _ in
      let (bytes, counts, invalid) = shared.value
      while true {
        let part = nextPart.fetchAdd(1)
        guard part < partCount else { break }
        let (count, firstInvalid) = _AnyUTF8Scanner.count(
          UnsafeRawBufferPointer(rebasing: bytes[cuts[part]..<cuts[part + 1]]), unit: unit,
          backend: backend, normalization: normalization)
        counts[part] = count
        invalid[part] = firstInvalid.map { $0 + cuts[part] } ?? Int.max
      }
    }
    let first = invalid.min() ?? Int.max
    return (counts.reduce(0, +), first == Int.max ? nil : first)
  }
}
