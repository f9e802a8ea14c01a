/// `_GraphemeBreakState` compiled into a transition table: the same decisions, one load per
/// scalar instead of a chain of comparisons.
///
/// States are the distinct `_GraphemeBreakState` values reachable from the start of text; the
/// table is built once by running the state machine on every (state, class) pair, so the rules
/// stay written in one place.
struct _GraphemeBreakAutomaton: @unchecked Sendable {
  /// A state: an index into the table.
  typealias State = UInt8

  /// `transitions[state << 7 | classByte]` is the next state, with `breakFlag` set when a
  /// boundary precedes the scalar.
  private let transitions: UnsafePointer<UInt8>
  /// Per state: whether the previous scalar is standalone and not a CR.
  private let standaloneEnds: UnsafePointer<Bool>
  /// The state at the start of text.
  let start: State = 0

  static let breakFlag: UInt8 = 0x80
  private static let classCount = 128

  /// - Complexity: O(states × 128), once; `classes` are the class bytes that occur.
  init(classes: Set<UInt8>) {
    var states: [_GraphemeBreakState] = [_GraphemeBreakState()]
    var numbers: [_GraphemeBreakState: Int] = [states[0]: 0]
    var rows: [[UInt8]] = []
    var next = 0
    while next < states.count {
      var row = [UInt8](repeating: 0, count: Self.classCount)
      for raw in 0..<UInt8(Self.classCount) {
        // Class bytes that never occur still get a row entry (a break into the start state),
        // so a lookup can never leave the table.
        guard classes.contains(raw) else {
          row[Int(raw)] = Self.breakFlag
          continue
        }
        var state = states[next]
        let isBreak = state.hasBreak(before: _GraphemeClass(rawValue: raw))
        let number: Int
        if let known = numbers[state] {
          number = known
        } else {
          number = states.count
          numbers[state] = number
          states.append(state)
        }
        precondition(number < Int(Self.breakFlag), "the automaton needs at most 127 states")
        row[Int(raw)] = UInt8(number) | (isBreak ? Self.breakFlag : 0)
      }
      rows.append(row)
      next += 1
    }
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: rows.count * Self.classCount)
    table.initialize(from: Array(rows.joined()), count: rows.count * Self.classCount)
    transitions = UnsafePointer(table)
    let ends = UnsafeMutablePointer<Bool>.allocate(capacity: states.count)
    ends.initialize(from: states.map(\.endsStandalone), count: states.count)
    standaloneEnds = UnsafePointer(ends)

    stateCount = states.count
  }

  /// How many states the rules need (for tests and curiosity).
  let stateCount: Int

  /// Feeds the class of the next scalar; returns whether a boundary precedes it.
  /// - Complexity: O(1): one load.
  @inline(__always)
  func step(_ state: inout State, _ graphemeClass: UInt8) -> Bool {
    let entry = transitions[Int(state) &<< 7 | Int(graphemeClass)]
    state = entry & 0x7F
    return entry >= Self.breakFlag
  }

  /// The state just after a scalar of class `graphemeClass` that a boundary preceded.
  /// - Complexity: O(1): one load.
  @inline(__always)
  func state(after graphemeClass: UInt8) -> State {
    // The start of text is a boundary before anything (GB1), so a step from it is that state.
    transitions[Int(start) &<< 7 | Int(graphemeClass)] & 0x7F
  }

  /// Whether the previous scalar is standalone and not a CR.
  @inline(__always)
  func endsStandalone(_ state: State) -> Bool { standaloneEnds[Int(state)] }

  #if SystemUTF8Proc
  /// The automaton of the utf8proc backend, over the classes its table holds.
  static let utf8proc = _GraphemeBreakAutomaton(classes: _GraphemeClassTable.utf8proc.classesPresent)
  #endif
}
