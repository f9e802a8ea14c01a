/// `_GraphemeBreakState` compiled into a transition table: the same decisions, one load per
/// scalar instead of a chain of comparisons.
///
/// States are the distinct `_GraphemeBreakState` values reachable from the start of text; the
/// table is built once by running the state machine on every (state, class) pair, so the rules
/// stay written in one place. The automaton kernel (`_VectorKernels`) reads the tables directly.
struct _GraphemeBreakAutomaton: @unchecked Sendable {
  /// A state: the offset of its row in the tables (its number times 128), so that a step is one
  /// OR and one load.
  typealias State = UInt16

  /// `nextStates[state | classByte]`: the state after a scalar of that class.
  let nextStates: UnsafePointer<UInt16>
  /// `breaks[state | classByte]`: 1 when a boundary precedes a scalar of that class, else 0.
  let breaks: UnsafePointer<UInt8>
  /// Per state number (`state >> 7`): whether the previous scalar is standalone and not a CR.
  let standaloneEnds: UnsafePointer<Bool>
  /// The rules' state of each state number.
  let states: UnsafeBufferPointer<_GraphemeBreakState>
  /// How many states the rules need.
  var stateCount: Int { states.count }
  /// The class bytes that occur, in order (immortal, as the tables are: the struct stays
  /// trivial, so that a segmenter holding a copy costs no reference counting).
  let classes: UnsafeBufferPointer<UInt8>
  /// The state at the start of text.
  let start: State = 0

  private static let classCount = 128

  /// - Complexity: O(states × 128), once; `classes` are the class bytes that occur.
  init(classes: Set<UInt8>) {
    var states: [_GraphemeBreakState] = [_GraphemeBreakState()]
    var numbers: [_GraphemeBreakState: Int] = [states[0]: 0]
    var nextStates: [UInt16] = []
    var breaks: [UInt8] = []
    var row = 0
    while row < states.count {
      for raw in 0..<UInt8(Self.classCount) {
        // Class bytes that never occur still get an entry (a break into the start state), so a
        // step can never leave the table.
        guard classes.contains(raw) else {
          nextStates.append(0)
          breaks.append(1)
          continue
        }
        var state = states[row]
        let isBreak = state.hasBreak(before: _GraphemeClass(rawValue: raw))
        let number: Int
        if let known = numbers[state] {
          number = known
        } else {
          number = states.count
          numbers[state] = number
          states.append(state)
        }
        precondition(number < 512, "the automaton's states must fit 16-bit row offsets")
        nextStates.append(UInt16(number * Self.classCount))
        breaks.append(isBreak ? 1 : 0)
      }
      row += 1
    }
    self.nextStates = _immortalCopy(nextStates)
    self.breaks = _immortalCopy(breaks)
    standaloneEnds = _immortalCopy(states.map { $0.endsStandalone })
    self.states = UnsafeBufferPointer(start: _immortalCopy(states), count: states.count)
    self.classes = UnsafeBufferPointer(start: _immortalCopy(classes.sorted()), count: classes.count)
  }

  /// Feeds the class of the next scalar; returns whether a boundary precedes it.
  /// - Complexity: O(1): two independent loads; only one is on the path to the next step.
  @inline(__always)
  func step(_ state: inout State, _ graphemeClass: UInt8) -> Bool {
    let index = Int(state) | Int(graphemeClass)
    state = nextStates[index]
    return breaks[index] != 0
  }

  /// The state just after a scalar of class `graphemeClass` that a boundary preceded.
  /// - Complexity: O(1): one load.
  @inline(__always)
  func state(after graphemeClass: UInt8) -> State {
    // The start of text is a boundary before anything (GB1), so a step from it is that state.
    nextStates[Int(start) | Int(graphemeClass)]
  }

  /// Whether the previous scalar is standalone and not a CR.
  @inline(__always)
  func endsStandalone(_ state: State) -> Bool {
    standaloneEnds[Int(state &>> 7)]  // rows are 128 wide
  }

  /// The automaton of the automaton backend, over the classes its generated table holds.
  static let shared = _GraphemeBreakAutomaton(
    classes: _GraphemeClassTable.generated.classesPresent)
}
