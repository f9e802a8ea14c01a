import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Every unit on one thread, corpus by corpus, in MB/s, beside graphemes measured in turn in the
/// same rounds: the goal is display width, the weighted units, SMS segments and words at no less
/// than a quarter of the grapheme throughput. Counts are checked against the standard library where it has the
/// unit (graphemes, UTF-16, scalars, UTF-8).
enum EveryUnit {
  static func run(corpora: [Corpus], repetitions: Int) {
    let units = TextUnit.allCases + [.smsSegments, .words]
    print(
      "every unit, 1 thread: MB/s (best of \(repetitions) rounds, units in turn), and / graphemes")
    print("corpus".padding(14) + units.map { "\($0)".leftPadding(16) }.joined())
    for corpus in corpora where !corpus.isPathological {
      let bytes = corpus.bytes
      let counters = units.map { TextCounter(unit: $0, concurrency: 1) }
      let measured = Measurement.runInTurn(
        zip(units, counters).map { unit, counter in
          ("\(unit)", { bytes.withUnsafeBytes { counter.count(utf8: $0) } })
        }, on: corpus, repetitions: repetitions)
      let text = String(decoding: bytes, as: UTF8.self)
      let expected = [text.count, text.utf16.count, text.unicodeScalars.count, text.utf8.count]
      for (index, value) in expected.enumerated() where measured[index].result != value {
        print("MISMATCH: \(units[index]) counted \(measured[index].result), String \(value)")
        exit(1)
      }
      let format = TextCountBenchmarks.format
      let graphemes = measured[0].best
      print(
        corpus.name.padding(14)
          + measured.map {
            (format($0.bestMBps, 0) + " " + format(graphemes / $0.best, 2) + "×").leftPadding(16)
          }.joined())
    }
  }
}
