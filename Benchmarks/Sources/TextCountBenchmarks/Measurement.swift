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
    var seconds: [Double] = []
    var result = 0
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      let start = clock.now
      result = body()
      let elapsed = clock.now - start
      seconds.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return Measurement(
      method: method, corpus: corpus.name, bytes: corpus.bytes.count, seconds: seconds,
      result: result)
  }
}
