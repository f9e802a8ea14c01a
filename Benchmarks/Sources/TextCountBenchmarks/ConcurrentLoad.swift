import Dispatch
import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Many requests at once: twice as many threads as cores, each counting a 16 MiB buffer (large
/// enough for the parallel path) in a loop for a fixed time, with the default counter (every
/// core per call) and with `concurrency: 1`, in alternating rounds of the same run. A server's
/// total throughput is what matters here: the default must not lower it.
enum ConcurrentLoad {
  /// Total bytes counted per second by `threads` threads, each counting `buffer` with `counter`
  /// for `seconds`.
  static func throughput(
    _ buffer: [UInt8], counter: TextCounter, threads: Int, seconds: Double, expected: Int
  ) -> Double {
    let counted = UnsafeMutableBufferPointer<Int>.allocate(capacity: threads)
    counted.initialize(repeating: 0)
    defer { counted.deallocate() }
    nonisolated(unsafe) let slots = counted
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + .milliseconds(Int(seconds * 1000))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var calls = 0
      while clock.now < deadline {
        let count = buffer.withUnsafeBytes { counter.count(utf8: $0) }
        precondition(count == expected, "ConcurrentLoad: the count changed under load")
        calls += 1
      }
      slots[thread] = calls
    }
    let elapsed = clock.now - start
    let total =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(counted.reduce(0, +) * buffer.count) / total
  }

  /// Runs the comparison on each corpus and prints GB/s and the ratio.
  static func run(corpora: [Corpus], rounds: Int, seconds: Double = 2) {
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let threads = 2 * cores
    print(
      "many requests at once: \(threads) threads (2 × \(cores) cores), each counting 16 MiB "
        + "buffers in a loop for \(seconds) s; GB/s in total, best of \(rounds) alternating rounds")
    print(
      "corpus".padding(14) + "default".leftPadding(12) + "concurrency 1".leftPadding(16)
        + "default / 1".leftPadding(14))
    for corpus in corpora where !corpus.isPathological {
      var buffer = corpus.bytes
      while buffer.count < 16 << 20 { buffer += corpus.bytes }
      buffer = Array(buffer.prefix(16 << 20))
      let expected = String(decoding: buffer, as: UTF8.self).count
      let byDefault = TextCounter(unit: .graphemes)
      let oneThread = TextCounter(unit: .graphemes, concurrency: 1)
      var best = (byDefault: 0.0, oneThread: 0.0)
      for _ in 0..<rounds {
        best.byDefault = max(
          best.byDefault,
          throughput(
            buffer, counter: byDefault, threads: threads, seconds: seconds, expected: expected))
        best.oneThread = max(
          best.oneThread,
          throughput(
            buffer, counter: oneThread, threads: threads, seconds: seconds, expected: expected))
      }
      let format = TextCountBenchmarks.format
      print(
        corpus.name.padding(14) + format(best.byDefault / 1e9, 2).leftPadding(12)
          + format(best.oneThread / 1e9, 2).leftPadding(16)
          + (format(best.byDefault / best.oneThread, 2) + "×").leftPadding(14))
    }
  }
}
