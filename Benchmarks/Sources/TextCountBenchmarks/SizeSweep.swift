import ShortTextMethods
import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// The size sweep: what one call costs, from 8 bytes to 1 MiB, on English, Chinese, Hindi and
/// emoji text, beside what a server would otherwise write (`String.count` on a `String` it already
/// holds, `String(decoding:).count` on bytes), measured in the same run, in turn.
///
/// Each size is 64 different pieces cut from the corpus at scalar boundaries, counted in a loop;
/// a row reports nanoseconds per call (best of the rounds) and the ratios the goals are set in.
enum SizeSweep {
  static let sizes = [
    8, 16, 32, 64, 128, 256, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20,
  ]
  static let scripts = ["english", "chinese", "hindi", "emoji"]

  /// Runs the sweep over the corpora with these names and prints a table per script.
  static func run(corpora: [Corpus], repetitions: Int) {
    print(
      "size sweep: ns per call (best of \(repetitions) rounds over 64 pieces), grapheme clusters")
    print(
      "ratios: count(String) / String.count, count(utf8:) / String(decoding:).count, "
        + "count(utf8:) / count(String), isWithinLimit / count(String), "
        + "truncated / count(String), prefixByteCount / count(utf8:), "
        + "truncated / String(prefix(n))")
    for script in scripts {
      guard let corpus = corpora.first(where: { $0.name == script }) else {
        print("\(script): no corpus (run Benchmarks/Scripts/make-corpora)")
        continue
      }
      print("")
      print(
        script.padding(10) + ShortTextMethods.names.map { $0.leftPadding(25) }.joined()
          + "   ratios".padding(12))
      for size in sizes where size <= corpus.bytes.count {
        let bodies = ShortTextMethods.closures(
          for: ShortTextMethods.pieces(of: corpus.bytes, size: size))
        // Enough calls per round for about 2 ms at String.count's speed, at least one pass.
        let passes = max(1, (2_000_000 / max(size, 8)) / 64)
        func timed(_ body: (Int) -> Int) -> (nanoseconds: Double, check: Int) {
          var check = 0
          let clock = ContinuousClock()
          let start = clock.now
          for _ in 0..<passes {
            for index in 0..<64 { check &+= body(index) }
          }
          let elapsed = clock.now - start
          let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
          return (seconds * 1e9 / Double(passes * 64), check)
        }
        var best = [Double](repeating: .infinity, count: bodies.count)
        var checks = [Int](repeating: 0, count: bodies.count)
        for _ in 0..<repetitions {
          for (column, body) in bodies.enumerated() {
            let result = timed(body)
            best[column] = min(best[column], result.nanoseconds)
            checks[column] = result.check
          }
        }
        // The counts agree with String.count, and the cuts (their lengths in bytes) with the
        // standard library's prefix.
        if checks[1...3].contains(where: { $0 != checks[0] })
          || checks[5...6].contains(where: { $0 != checks[7] })
        {
          print("MISMATCH at \(size) bytes of \(script): \(checks)")
          exit(1)
        }
        let ratios = [
          best[2] / best[0], best[3] / best[1], best[3] / best[2], best[4] / best[2],
          best[5] / best[2], best[6] / best[3], best[5] / best[7],
        ]
        let timings = best.map { TextCountBenchmarks.format($0, $0 < 100 ? 1 : 0).leftPadding(25) }
        let ratioColumns = ratios.map { (TextCountBenchmarks.format($0, 2) + "×").leftPadding(7) }
        print("\(size) B".padding(10) + timings.joined() + "   " + ratioColumns.joined())
      }
    }
  }
}
