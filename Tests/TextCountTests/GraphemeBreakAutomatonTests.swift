import TestSupport
import Testing

@testable import TextCount

/// The automaton the utf8proc backend runs decides exactly as the state machine it is built from.
@Suite struct GraphemeBreakAutomatonTests {
  let automaton = _GraphemeBreakAutomaton.shared
  let classes = Array(_GraphemeClassTable.generated.classesPresent).sorted()

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
              automaton.step(&state, next)
                == machine.hasBreak(before: _GraphemeClass(rawValue: next)),
              "classes \(first) \(second) \(third)")
          }
        }
      }
    }
  }

  /// The automaton kernel steps only through the first and the last byte of an ASCII run; that
  /// rests on the two facts checked here, in every state the automaton can reach.
  @Test func asciiAfterASCIIBreaksButInCRLFAndTheStateAfterASCIIIsThatOfTheByte() {
    let table = _GraphemeClassTable.generated
    let ascii = (UInt32(0)..<0x80).map { table.graphemeClass(of: $0).rawValue }
    var states = [automaton.start]
    var seen: Set = [automaton.start]
    var next = 0
    while next < states.count {
      for graphemeClass in classes {
        var state = states[next]
        _ = automaton.step(&state, graphemeClass)
        if seen.insert(state).inserted { states.append(state) }
      }
      next += 1
    }
    #expect(states.count == automaton.stateCount)
    for state in states {
      for byte in 0..<0x80 {
        var after = state
        _ = automaton.step(&after, ascii[byte])
        #expect(after == automaton.state(after: ascii[byte]), "byte \(byte)")
      }
    }
    for first in 0..<0x80 {
      for second in 0..<0x80 {
        var state = automaton.state(after: ascii[first])
        let isBreak = automaton.step(&state, ascii[second])
        #expect(isBreak == !(first == 0x0D && second == 0x0A), "bytes \(first) \(second)")
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

  /// The kernel's two-scalar steps, from every state they reach, over every pair of classes (and
  /// every class with no second scalar): the same boundaries and the same state as two steps of
  /// the state machine the automaton is built from. A state is known by the machine state first
  /// seen with its number: the automaton numbers equal machine states alike.
  @Test func pairStepsBreakAndLeadWhereTheStateMachineDoes() throws {
    let pairs = try #require(_GraphemeBreakPairSteps.shared)
    #expect(pairs.stateCount == automaton.stateCount)
    func step(_ state: Int, _ first: Int, _ second: Int) -> (number: Int, breaks: Int) {
      let value = Int(pairs.steps[first * pairs.classCount + second + state])
      return (value / pairs.rowWidth, value % pairs.rowWidth)
    }
    var machines: [Int: _GraphemeBreakState] = [0: _GraphemeBreakState()]
    var queue = [0]
    var failures = 0
    while let number = queue.popLast() {
      let machine = machines[number]!
      for breaksBefore in 0..<3 {
        #expect(
          pairs.steps[3 * pairs.numberColumn + number * pairs.rowWidth + breaksBefore] == number)
      }
      for first in classes {
        for second in classes.map(Optional.some) + [nil] {
          var expected = machine
          var breaks = expected.hasBreak(before: _GraphemeClass(rawValue: first)) ? 1 : 0
          if let second, expected.hasBreak(before: _GraphemeClass(rawValue: second)) { breaks += 1 }
          let secondColumn = second.map { Int(pairs.columnOffsets[Int($0)]) } ?? pairs.noScalar
          // Any boundary count in the state stepped from (0-2) reads the same entry.
          let found = step(
            number * pairs.rowWidth + Int(first) % 3, Int(pairs.columnOffsets[Int(first)]),
            secondColumn)
          if let known = machines[found.number] {
            if known != expected || found.breaks != breaks {
              failures += 1
              if failures <= 5 {
                Issue.record("state \(number): classes \(first) \(second as Any)")
              }
            }
          } else {
            machines[found.number] = expected
            queue.append(found.number)
            #expect(found.breaks == breaks, "state \(number): classes \(first) \(second as Any)")
          }
        }
      }
    }
    #expect(failures == 0)
    #expect(machines.count == automaton.stateCount)
  }
}
