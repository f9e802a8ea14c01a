import TestSupport
import Testing
import TextCount

/// `TextCounter` and `StreamingTextCounter` are values that many tasks can use at once.
@Suite struct ConcurrencyTests {
  @Test func eightTasksCountAsOneDoes() async {
    var random = SeededGenerator(seed: 0x5EED_000B)
    let texts = (0..<24).map { _ in RandomText.bytes(maxLength: 8_000, using: &random) }
    let counters = TextUnit.allCases.flatMap { unit in
      allBackends.map { TextCounter(unit: unit, backend: $0, concurrency: 2) }
    }
    let sequential = counters.map { counter in texts.map { counter.count(utf8: $0) } }
    let concurrent = await withTaskGroup(of: (Int, [Int]).self) { group in
      for _ in 0..<8 {
        group.addTask {
          // Each task counts everything, sharing the counters.
          var last: [Int] = []
          for (index, counter) in counters.enumerated() {
            last = texts.map { counter.count(utf8: $0) }
            if last != sequential[index] { return (index, last) }
          }
          return (-1, last)
        }
      }
      var failures: [Int] = []
      for await (index, _) in group where index >= 0 { failures.append(index) }
      return failures
    }
    #expect(concurrent.isEmpty, "counters that disagreed under concurrency: \(concurrent)")
  }
}
