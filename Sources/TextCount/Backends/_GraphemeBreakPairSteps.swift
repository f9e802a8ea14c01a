/// `_GraphemeBreakAutomaton` taking two scalars a step, in the layout the automaton kernel reads:
/// half as many dependent loads on joiner-dense text (Hindi, Arabic, emoji), whose speed the
/// chain of loads from one state to the next bounds.
///
/// A state here is `number × rowWidth + breaks`: the automaton state's number, times the width
/// of a row, plus how many boundaries (0–2) the step into it found. Each class has a column
/// offset, three times its index; a step from state `s` over two scalars of column offsets `f`
/// and `g` is one load, `steps[f × classCount + g + s]`: each column's value is written three
/// times in a row, once for each `breaks`, so that `s` indexes it whatever the last step found,
/// and the load needs no arithmetic on the chain. The last index, `classCount - 1`, stands for
/// no scalar (an odd one out at the end of a block), and column `classCount × (classCount - 1)`
/// holds each row's state number.
struct _GraphemeBreakPairSteps: @unchecked Sendable {
  /// The rows, one per automaton state, `rowWidth` entries each.
  let steps: UnsafePointer<UInt16>
  /// A class byte's column offset (128 entries; classes that never occur have offset 0).
  let columnOffsets: UnsafePointer<UInt8>
  /// The class table's values (`_TwoLevelTable.values`, read through its `blockOffsets`) as
  /// column offsets: the kernel looks a scalar's column up in one step.
  let columnValues: UnsafePointer<UInt8>
  /// The column offsets of U+0000–U+FFFF, one per code point (64 KiB): the kernel looks up the
  /// scalars of a block with no four-byte scalar (most text but emoji) in one load, not two.
  let bmpColumnValues: UnsafePointer<UInt8>
  /// The classes that occur, and the one for no scalar.
  let classCount: Int
  /// Entries per row: three per column, rounded up to a multiple of 4 so that `s & 3` is the
  /// boundaries.
  let rowWidth: Int
  /// How many rows (the automaton's states).
  let stateCount: Int

  /// The column offset of the class that stands for no scalar.
  var noScalar: Int { 3 * (classCount - 1) }
  /// The column holding each row's state number.
  var numberColumn: Int { classCount * (classCount - 1) }

  /// Nil when the states do not fit 16-bit entries (`stateCount × rowWidth` over 2^16): then
  /// the automaton kernel cannot run (`_VectorKernels.isAvailable` is false).
  /// - Complexity: O(states × classes²), once.
  init?(_ automaton: _GraphemeBreakAutomaton, classTable: _TwoLevelTable) {
    let present = automaton.classes
    classCount = present.count + 1
    rowWidth = (3 * (classCount * (classCount - 1) + 1) + 3) & ~3
    stateCount = automaton.stateCount
    guard stateCount * rowWidth <= 1 << 16 else { return nil }
    var steps = [UInt16](repeating: 0, count: stateCount * rowWidth)
    let (rowWidth, classCount) = (self.rowWidth, self.classCount)
    func put(_ value: Int, row: Int, column: Int) {
      for copy in 0..<3 { steps[row * rowWidth + 3 * column + copy] = UInt16(value) }
    }
    for number in 0..<stateCount {
      for (firstIndex, first) in present.enumerated() {
        var afterFirst = _GraphemeBreakAutomaton.State(number * 128)
        let firstBreaks = automaton.step(&afterFirst, first) ? 1 : 0
        put(
          Int(afterFirst >> 7) * rowWidth + firstBreaks, row: number,
          column: firstIndex * classCount + classCount - 1)
        for (secondIndex, second) in present.enumerated() {
          var afterSecond = afterFirst
          let breaks = firstBreaks + (automaton.step(&afterSecond, second) ? 1 : 0)
          put(
            Int(afterSecond >> 7) * rowWidth + breaks, row: number,
            column: firstIndex * classCount + secondIndex)
        }
      }
      put(number, row: number, column: classCount * (classCount - 1))
    }
    var offsets = [UInt8](repeating: 0, count: 128)
    for (index, graphemeClass) in present.enumerated() {
      offsets[Int(graphemeClass)] = UInt8(3 * index)
    }
    self.steps = _immortalCopy(steps)
    columnOffsets = _immortalCopy(offsets)
    columnValues = _immortalCopy(
      (0..<classTable.valueCount).map { offsets[Int(classTable.values[$0])] })
    bmpColumnValues = classTable.flatBMP { offsets[Int($0)] }
  }

  /// The automaton backend's.
  static let shared = _GraphemeBreakPairSteps(
    _GraphemeBreakAutomaton.shared, classTable: _GraphemeClassTable.generated.table)
}
