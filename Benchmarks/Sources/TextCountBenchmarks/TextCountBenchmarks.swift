import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Counting throughput, corpus by corpus, in MB/s, with ratios against the standard library
/// measured in the same run. See Package.swift for how to run it.
@main
enum TextCountBenchmarks {
  static func main() {
    var repetitions = 5
    var jsonPath: String? = nil
    var only: Set<String>? = nil
    var directory =
      (String(cString: getenv("HOME") ?? strdup("/root")!)) + "/.cache/textlimit-corpora"
    var smokeSize: Int? = nil
    var sweep = false
    var load = false
    var fileUnits = false
    var everyUnit = false
    var postUnits = false
    var newUnits = false
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      switch argument {
      case "--repetitions": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
      case "--json": jsonPath = arguments.popFirst()
      case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
      case "--corpora": directory = arguments.popFirst() ?? directory
      case "--sweep": sweep = true
      case "--load": load = true
      case "--file-units": fileUnits = true
      case "--units": everyUnit = true
      case "--post": postUnits = true
      case "--new-units": newUnits = true
      case "--smoke":
        // CI: small synthetic and pathological inputs, one run; checks results and linearity.
        directory = "/nonexistent"
        repetitions = 1
        smokeSize = 4 << 20
      default:
        print(
          "usage: TextCountBenchmarks [--repetitions N] [--json FILE] [--only a,b] [--corpora DIR] [--smoke] [--sweep] [--load] [--file-units] [--units] [--post] [--new-units]"
        )
        exit(2)
      }
    }
    var corpora = Corpus.load(from: directory, only: only)
    if sweep {
      SizeSweep.run(corpora: corpora, repetitions: repetitions)
      return
    }
    if everyUnit {
      EveryUnit.run(corpora: corpora, repetitions: repetitions)
      return
    }
    if newUnits {
      if corpora.isEmpty { corpora = Corpus.synthetic(size: smokeSize ?? 16 << 20) }
      NewUnits.run(corpora: corpora, repetitions: repetitions)
      return
    }
    if postUnits {
      if corpora.isEmpty { corpora = Corpus.synthetic(size: smokeSize ?? 16 << 20) }
      PostUnits.run(corpora: corpora, repetitions: repetitions)
      return
    }
    if fileUnits {
      FileUnits.run(directory: directory, corpora: corpora, repetitions: repetitions)
      return
    }
    if load {
      ConcurrentLoad.run(corpora: corpora, rounds: repetitions)
      return
    }
    if corpora.isEmpty {
      let size = smokeSize ?? 64 << 20
      if smokeSize == nil {
        print(
          "no corpora in \(directory) (run Benchmarks/Scripts/make-corpora); using synthetic text")
      }
      corpora = Corpus.synthetic(size: size) + Corpus.pathological(size: size)
    }
    let threads = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let fast = TextCounter.availableBackends[0]
    // Build the backends' tables (once per process) before anything is timed.
    for backend in TextCounter.availableBackends {
      _ = TextCounter(unit: .graphemes, backend: backend).count(
        String(repeating: "é中😀 a\r\n", count: 64))
    }
    var rows: [[Measurement]] = []
    for corpus in corpora {
      var row: [Measurement] = []
      func measure(_ method: String, _ body: () -> Int) -> Measurement {
        let measured = Measurement.run(method, on: corpus, repetitions: repetitions, body)
        row.append(measured)
        return measured
      }
      let bytes = corpus.bytes
      let reference = measure("String(decoding:).count") {
        String(decoding: bytes, as: UTF8.self).count
      }
      let prebuilt = String(decoding: bytes, as: UTF8.self)
      _ = measure("String.count (prebuilt)") { prebuilt.count }
      // One thread and all threads in turn: their ratio is the scaling figure.
      let oneThreadCounter = TextCounter(unit: .graphemes, backend: fast, concurrency: 1)
      let allThreadsCounter = TextCounter(unit: .graphemes, backend: fast, concurrency: nil)
      let swiftBackend = TextCounter(unit: .graphemes, backend: .swift, concurrency: 1)
      let inTurn = Measurement.runInTurn(
        [
          ("TextCount 1 thread", { bytes.withUnsafeBytes { oneThreadCounter.count(utf8: $0) } }),
          (
            "TextCount \(threads) threads",
            { bytes.withUnsafeBytes { allThreadsCounter.count(utf8: $0) } }
          ),
        ], on: corpus, repetitions: repetitions)
      row += inTurn
      let swift = measure("TextCount Swift backend") {
        bytes.withUnsafeBytes { swiftBackend.count(utf8: $0) }
      }
      let fromString = measure("TextCount(String) 1 thread") { oneThreadCounter.count(prebuilt) }
      for result in inTurn + [swift, fromString] where result.result != reference.result {
        print(
          "MISMATCH: \(result.method) counted \(result.result), "
            + "String \(reference.result) on \(corpus.name)")
        exit(1)
      }
      _ = measure("naive utf8proc loop") {
        bytes.withUnsafeBytes { naiveUTF8ProcGraphemeCount($0) }
      }
      for (unit, name) in [
        (TextUnit.utf16, "utf16 1 thread"), (.unicodeScalars, "scalars 1 thread"),
      ] {
        let counter = TextCounter(unit: unit, backend: fast, concurrency: 1)
        let measured = measure(name) { bytes.withUnsafeBytes { counter.count(utf8: $0) } }
        let expected = unit == .utf16 ? prebuilt.utf16.count : prebuilt.unicodeScalars.count
        if measured.result != expected {
          print(
            "MISMATCH: \(name) counted \(measured.result), String \(expected) on \(corpus.name)")
          exit(1)
        }
      }
      row += Measurement.runInTurn(
        [
          ("memory scan 1 thread", { bytes.withUnsafeBytes { MemoryScan.fold($0) } }),
          (
            "memory scan \(threads) threads",
            { bytes.withUnsafeBytes { MemoryScan.fold($0, threads: threads) } }
          ),
        ], on: corpus, repetitions: repetitions)
      // The first quarter, for the linearity check: four times the bytes, four times the time.
      let probe = linearityProbe(corpus, fast: fast, repetitions: repetitions)
      row += [probe.whole, probe.quarter]
      rows.append(row)
      printRow(row, first: rows.count == 1)
    }
    printRatios(rows)
    if let jsonPath { writeJSON(rows.flatMap { $0 }, to: jsonPath) }
    if !pathologicalInputsAreLinear(rows, corpora: corpora, fast: fast) { exit(1) }
  }

  /// The whole corpus and its first quarter, counted in turn on one thread: the ratio of their
  /// best runs is the growth the linearity check reads. The best run, not the median: noise on a
  /// shared machine only ever adds time, and the contract is about the algorithm.
  static func linearityProbe(
    _ corpus: Corpus, fast: TextCounter.Backend, repetitions: Int
  ) -> (whole: Measurement, quarter: Measurement) {
    let quarter = Corpus(
      name: corpus.name, bytes: Array(corpus.bytes.prefix(corpus.bytes.count / 4)))
    let counter = TextCounter(unit: .graphemes, backend: fast, concurrency: 1)
    let bytes = corpus.bytes
    let measured = Measurement.runInTurn(
      [
        ("whole, 1 thread", { bytes.withUnsafeBytes { counter.count(utf8: $0) } }),
        ("¼ of it, 1 thread", { quarter.bytes.withUnsafeBytes { counter.count(utf8: $0) } }),
      ], on: corpus, repetitions: max(repetitions, 5))
    var quarterMeasurement = measured[1]
    quarterMeasurement.bytes = quarter.bytes.count
    return (measured[0], quarterMeasurement)
  }

  /// How many times faster one thread counts `corpus` than `String(decoding:).count`, the two
  /// measured in turn, best of five rounds.
  static func speedupOverString(_ corpus: Corpus, fast: TextCounter.Backend) -> Double {
    let counter = TextCounter(unit: .graphemes, backend: fast, concurrency: 1)
    let bytes = corpus.bytes
    let measured = Measurement.runInTurn(
      [
        ("String(decoding:).count", { String(decoding: bytes, as: UTF8.self).count }),
        ("TextCount 1 thread", { bytes.withUnsafeBytes { counter.count(utf8: $0) } }),
      ], on: corpus, repetitions: 5)
    return measured[0].best / measured[1].best
  }

  /// The last two measurements of a row are the linearity probe's: the whole, then its quarter.
  static func growthOfLinearityProbe(_ row: [Measurement]) -> Double {
    row[row.count - 2].best / row[row.count - 1].best
  }

  /// The reliability contract: every pathological input is counted in time linear in its size
  /// (the whole input takes at most `factor` times its first quarter: 4 is linear, 16 would be
  /// quadratic; the slack is for noise), and no slower than `String(decoding:).count`. A growth
  /// over the limit is measured again (up to three times) before it fails: a quadratic input
  /// exceeds it every time, a noisy moment does not.
  static func pathologicalInputsAreLinear(
    _ rows: [[Measurement]], corpora: [Corpus], fast: TextCounter.Backend, factor: Double = 8
  ) -> Bool {
    var linear = true
    for row in rows where row[0].corpus.hasPrefix("pathological") {
      var growth = growthOfLinearityProbe(row)
      var attempt = 1
      while growth > factor, attempt < 4,
        let corpus = corpora.first(where: { $0.name == row[0].corpus })
      {
        let probe = linearityProbe(corpus, fast: fast, repetitions: 5)
        growth = probe.whole.best / probe.quarter.best
        print(
          "\(row[0].corpus): measured again (\(attempt)): 4× the bytes, \(format(growth, 2))× the time"
        )
        attempt += 1
      }
      if growth > factor {
        print(
          "FAIL: \(row[0].corpus): 4× the bytes take \(format(growth, 1))× the time (limit \(Int(factor))×)"
        )
        linear = false
      }
      // Faster than String(decoding:).count: measured in turn, best of five, again (up to three
      // times) while it is not, so that a noisy moment cannot fail it and a slow path always does.
      var speedup = row[0].best / row[2].best
      attempt = 1
      while speedup < 1, attempt < 4,
        let corpus = corpora.first(where: { $0.name == row[0].corpus })
      {
        speedup = speedupOverString(corpus, fast: fast)
        print(
          "\(row[0].corpus): measured again (\(attempt)): \(format(speedup, 2))× String(decoding:).count"
        )
        attempt += 1
      }
      if speedup < 1 {
        print(
          "FAIL: \(row[0].corpus): \(format(speedup, 2))× the speed of String(decoding:).count"
            + " (the gate: at least 1×)")
        linear = false
      }
    }
    if linear {
      print(
        "pathological inputs: linear time (4× the bytes within \(Int(factor))× the time), faster than String"
      )
    }
    return linear
  }

  static func printRow(_ row: [Measurement], first: Bool) {
    if first {
      print("MB/s, median of runs (grapheme clusters unless the column says otherwise)")
      print(
        "corpus".padding(30)
          + row.map { $0.method.padding(13, truncating: true) }.joined(separator: " "))
      print("".padding(30) + row.map { _ in "------------- " }.joined().dropLast())
    }
    print(
      row[0].corpus.padding(30)
        + row.map { format($0.medianMBps, 0).leftPadding(13) }.joined(separator: " "))
  }

  static func printRatios(_ rows: [[Measurement]]) {
    print("")
    print(
      "ratios in the same run: 1 thread / String(decoding:).count, all threads / 1 thread "
        + "(medians, then best runs), (String) / String.count, "
        + "memory scan all threads / 1 thread (medians, then best runs)")
    let ascii = rows.first { $0[0].corpus == "english" }
    for row in rows {
      let reference = row[0].median
      let oneThread = row[2].median
      var line =
        row[0].corpus.padding(30)
        + "\(format(reference / oneThread, 1))×".leftPadding(8)
        + "\(format(oneThread / row[3].median, 2))×".leftPadding(8)
        + "\(format(row[2].best / row[3].best, 2))×".leftPadding(8)
        + "\(format(row[1].median / row[5].median, 1))×".leftPadding(8)
        + "\(format(row[9].median / row[10].median, 2))×".leftPadding(8)
        + "\(format(row[9].best / row[10].best, 2))×".leftPadding(8)
      if row[0].corpus.hasPrefix("pathological"), let ascii {
        let perByte =
          row[2].median / ascii[2].median * Double(ascii[2].bytes) / Double(row[2].bytes)
        line += "   4× the bytes: \(format(growthOfLinearityProbe(row), 2))× the time;"
        line += " per byte vs ASCII: \(format(perByte, 1))×"
      }
      print(line)
    }
  }

  static func writeJSON(_ measurements: [Measurement], to path: String) {
    var json = "[\n"
    json += measurements.map { m in
      "  {\"corpus\": \"\(m.corpus)\", \"method\": \"\(m.method)\", \"bytes\": \(m.bytes), "
        + "\"median_seconds\": \(m.median), \"best_seconds\": \(m.best), "
        + "\"median_mbps\": \(m.medianMBps), \"result\": \(m.result)}"
    }.joined(separator: ",\n")
    json += "\n]\n"
    guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
    fputs(json, file)
    fclose(file)
  }

  static func format(_ value: Double, _ digits: Int) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
  }
}

extension String {
  func padding(_ length: Int, truncating: Bool = false) -> String {
    if count >= length { return truncating ? String(prefix(length)) : self + " " }
    return self + String(repeating: " ", count: length - count)
  }

  func leftPadding(_ length: Int) -> String {
    count >= length ? self : String(repeating: " ", count: length - count) + self
  }
}
