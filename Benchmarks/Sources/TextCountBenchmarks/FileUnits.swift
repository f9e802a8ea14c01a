import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Several units of one file: `TextCounter.countFile(atPath:with:)` (what `textlimit count
/// --unit all` calls), which reads the file once and counts every unit per part, against one
/// `countFile(atPath:)` per unit, which reads it once per unit; in alternating rounds of the
/// same run, on the corpus files as they are on disk.
enum FileUnits {
  static func run(directory: String, corpora: [Corpus], repetitions: Int) {
    let groups: [(name: String, units: [TextUnit])] = [
      ("4 code units", [.graphemes, .utf16, .unicodeScalars, .utf8]),
      ("all 7 units", TextUnit.allCases),
    ]
    print(
      "several units of one file: one read for all against one read per unit (ms, best of \(repetitions))"
    )
    print(
      "corpus".padding(14) + "units".padding(16) + "one read".leftPadding(12)
        + "a read per unit".leftPadding(18) + "gain".leftPadding(8))
    for corpus in corpora where !corpus.isPathological {
      let path = directory + "/" + corpus.name + ".txt"
      for group in groups {
        let counters = group.units.map { TextCounter(unit: $0) }
        let measured = Measurement.runInTurn(
          [
            (
              "one read",
              {
                (try? TextCounter.countFile(atPath: path, with: counters))?.counts.reduce(0, +)
                  ?? -1
              }
            ),
            (
              "a read per unit",
              { counters.reduce(0) { $0 + ((try? $1.countFile(atPath: path)) ?? -1) } }
            ),
          ], on: corpus, repetitions: repetitions)
        if measured[0].result != measured[1].result || measured[0].result < 0 {
          print(
            "MISMATCH or read error on \(path): \(measured[0].result) against \(measured[1].result)"
          )
          exit(1)
        }
        let format = TextCountBenchmarks.format
        print(
          corpus.name.padding(14) + group.name.padding(16)
            + format(measured[0].best * 1e3, 1).leftPadding(12)
            + format(measured[1].best * 1e3, 1).leftPadding(18)
            + (format(measured[1].best / measured[0].best, 2) + "×").leftPadding(8))
      }
    }
  }
}
