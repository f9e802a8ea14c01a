#if SystemUTF8Proc
import TestSupport
import Testing
@testable import TextCount

/// The automaton the utf8proc backend runs decides exactly as the state machine it is built from.
@Suite struct GraphemeBreakAutomatonTests {
  let automaton = _GraphemeBreakAutomaton.utf8proc
  let classes = Array(_GraphemeClassTable.utf8proc.classesPresent).sorted()

  @Test func randomClassSequencesBreakWhereTheStateMachineDoes() {
    let seed: UInt64 = 0x5EED_0A07
    var random = SeededGenerator(seed: seed)
    var failures = 0
    for run in 0..<2_000 {
      var machine = _GraphemeBreakState()
      var state = automaton.start
      for step in 0..<Int.random(in: 1...64, using: &random) {
        let next = classes.randomElement(using: &random)!
        let expected = machine.hasBreak(before: _GraphemeClass(rawValue: next))
        let found = automaton.step(&state, next)
        if found != expected || automaton.endsStandalone(state) != machine.endsStandalone {
          failures += 1
          if failures <= 5 { Issue.record("seed \(seed) run \(run) step \(step): class \(next)") }
          break
        }
      }
    }
    #expect(failures == 0)
  }

  @Test func everyPairAndTripleOfClassesBreaksWhereTheStateMachineDoes() {
    for first in classes {
      for second in classes {
        for third in classes {
          var machine = _GraphemeBreakState()
          var state = automaton.start
          for next in [first, second, third] {
            #expect(
              automaton.step(&state, next) == machine.hasBreak(before: _GraphemeClass(rawValue: next)),
              "classes \(first) \(second) \(third)")
          }
        }
      }
    }
  }

  @Test func theStateAfterABoundaryDependsOnlyOnTheScalar() {
    for previous in classes {
      for next in classes {
        var state = automaton.start
        _ = automaton.step(&state, previous)
        if automaton.step(&state, next) {
          #expect(state == automaton.state(after: next), "after \(previous) then \(next)")
        }
      }
    }
    #expect(automaton.stateCount < 512)
  }
}
#endif
