import Foundation
import TestSupport
import Testing
import TextCount
import TextLimit

/// `TextLimit` is a value many tasks can use at once: eight tasks deciding the same edits get
/// the sequential answers.
@Suite struct TextLimitConcurrencyTests {
  @Test func eightTasksDecideAsOneDoes() async {
    var random = SeededGenerator(seed: 0x7E57_0004)
    let limits = (0..<8).map { _ in RandomEdits.limit(using: &random) }
    let edits = (0..<300).map { _ -> (String, NSRange, String) in
      let text = RandomEdits.string(maxPieces: 10, using: &random)
      return (
        text, RandomEdits.range(in: text, using: &random),
        RandomEdits.string(maxPieces: 5, using: &random)
      )
    }
    let sequential = limits.map { limit in
      edits.map { limit.shouldChangeText($0.0, in: $0.1, replacementText: $0.2) }
    }
    let disagreements = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var count = 0
          for (index, limit) in limits.enumerated() {
            let decisions = edits.map {
              limit.shouldChangeText($0.0, in: $0.1, replacementText: $0.2)
            }
            if decisions != sequential[index] { count += 1 }
          }
          return count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(disagreements == 0)
  }
}
