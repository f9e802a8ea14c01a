/// Times a closure several times and keeps the median and the best run.
struct Measurement {
  var method: String
  var corpus: String
  var bytes: Int
  var seconds: [Double]
  var result: Int

  var median: Double { seconds.sorted()[seconds.count / 2] }
  var best: Double { seconds.min()! }
  var medianMBps: Double { Double(bytes) / median / 1e6 }
  var bestMBps: Double { Double(bytes) / best / 1e6 }

  static func run(
    _ method: String, on corpus: Corpus, repetitions: Int, _ body: () -> Int
  ) -> Measurement {
    withoutActuallyEscaping(body) {
      runInTurn([(method, $0)], on: corpus, repetitions: repetitions)[0]
    }
  }

  /// Several methods timed in turn, once each per round, so that a noisy moment on a shared
  /// machine falls on all of them alike (their ratio is what the harness reports).
  static func runInTurn(
    _ methods: [(name: String, body: () -> Int)], on corpus: Corpus, repetitions: Int
  ) -> [Measurement] {
    var seconds = [[Double]](repeating: [], count: methods.count)
    var results = [Int](repeating: 0, count: methods.count)
    for _ in 0..<repetitions {
      for (index, method) in methods.enumerated() {
        let timed = time(method.body)
        seconds[index].append(timed.seconds)
        results[index] = timed.result
      }
    }
    return methods.indices.map {
      Measurement(
        method: methods[$0].name, corpus: corpus.name, bytes: corpus.bytes.count,
        seconds: seconds[$0], result: results[$0])
    }
  }

  private static func time(_ body: () -> Int) -> (seconds: Double, result: Int) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = body()
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, result)
  }
}
