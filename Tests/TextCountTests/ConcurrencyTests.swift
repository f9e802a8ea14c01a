import TestSupport
import Testing

@testable import TextCount

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

  /// Several requests at once, each on a buffer large enough for the parallel path (threads
  /// inside threads), against the standard library's counts of the same bytes. The probe
  /// assumes 12 cores, so each of the three tasks takes two threads for every count, as it
  /// would on a server, instead of one of this machine's two cores.
  @Test func tasksCountingLargeBuffersAtOnceMatchTheStandardLibrary() async {
    let probe = _ParallelCountProbe(assumedCoreCount: 12)
    await _ParallelCountProbe.bound.withValue(probe) {
      await Self.countLargeBuffersInThreeTasks()
    }
    let threads = probe.threadCounts
    #expect(
      threads.count == 3 * allBackends.count * 3 && threads.allSatisfy { $0 == 2 },
      "threads per count: \(threads)")
  }

  static func countLargeBuffersInThreeTasks() async {
    var random = SeededGenerator(seed: 0x5EED_0017)
    var block: [UInt8] = []
    while block.count < 1 << 16 { block += RandomText.bytes(maxLength: 64, using: &random) }
    // Two buffers of 2 MiB and a bit (two parts at least), built from one random block.
    let buffers = (0..<2).map { offset in
      var bytes = Array(block[(offset * 97)...])
      while bytes.count < (2 << 20) + 4096 { bytes += block }
      return bytes
    }
    let expected = buffers.map { bytes -> [Int] in
      let text = String(decoding: bytes, as: UTF8.self)
      return [text.count, text.utf16.count, text.unicodeScalars.count]
    }
    let units: [TextUnit] = [.graphemes, .utf16, .unicodeScalars]
    let mismatches = await withTaskGroup(of: [String].self) { group in
      for task in 0..<3 {
        group.addTask {
          var mismatches: [String] = []
          for backend in allBackends {
            for (unitIndex, unit) in units.enumerated() {
              let index = (task + unitIndex) % buffers.count
              let counter = TextCounter(unit: unit, backend: backend, concurrency: 2)
              let count = buffers[index].withUnsafeBytes { counter.count(utf8: $0) }
              if count != expected[index][unitIndex] {
                mismatches.append("task \(task) \(backend) \(unit): \(count)")
              }
            }
          }
          return mismatches
        }
      }
      var all: [String] = []
      for await found in group { all += found }
      return all
    }
    #expect(mismatches.isEmpty)
  }
}
