import Foundation
import Testing

@testable import TextLimit

/// The range beyond a soft limit that the adapters paint (`_TextLimitDelegateCore`'s
/// `overflowPainter`), through the simulated field of every platform: what a view shows
/// painted is replayed from the clear and paint calls.
@Suite struct OverflowPaintingTests {
  typealias Kind = SimulatedTextField.Kind

  /// A view's painting, as the UTF-16 offsets painted now; deleted characters take their
  /// paint with them (what lies beyond the text's end is gone).
  final class RecordingPainter: _OverflowPainting {
    weak var field: SimulatedTextField?
    private(set) var painted: Set<Int> = []
    private(set) var calls = 0
    private(set) var stopped = false

    func paint(clearing clear: NSRange?, painting paint: NSRange?) {
      calls += 1
      let length = field?.text.utf16.count ?? 0
      painted = painted.filter { $0 < length }
      if let clear { painted.subtract(Range(clear)!) }
      if let paint { painted.formUnion(Range(paint)!) }
    }

    func stop() { stopped = true }
  }

  static func field(_ enforcement: TextLimit.Enforcement, _ kind: Kind) -> (
    SimulatedTextField, RecordingPainter
  ) {
    var limit = TextLimit(maxLength: 5)
    limit.enforcement = enforcement
    let field = SimulatedTextField(limit: limit, text: "", kind: kind)
    let painter = RecordingPainter()
    painter.field = field
    field.core.overflowPainter = painter
    return (field, painter)
  }

  @Test(arguments: Kind.allCases)
  func theTextBeyondASoftLimitIsPaintedAsItChanges(_ kind: Kind) {
    let (field, painter) = Self.field(.soft, kind)
    field.insert("abcdefg")
    #expect(painter.painted == [5, 6])
    let calls = painter.calls
    field.select(NSRange(location: 6, length: 1))
    field.insert("Z")
    #expect(painter.painted == [5, 6])
    #expect(painter.calls > calls, "repainted: the characters in the range changed")
    field.deleteBackward()
    #expect(painter.painted == [5])
    field.deleteBackward()
    #expect(painter.painted.isEmpty)
    field.core.stopPaintingOverflow()
    #expect(painter.stopped)
  }

  /// Text the program set beyond the limit is painted when editing begins (or, in the SwiftUI
  /// views, when the binding brings it), not only after the user's next keystroke.
  @Test(arguments: Kind.allCases)
  func textTheProgramSetIsPaintedWhenEditingBegins(_ kind: Kind) {
    let (field, painter) = Self.field(.soft, kind)
    field.programSetsText("abcdefgh")
    field.beginEditing()
    #expect(painter.painted == [5, 6, 7])
    field.programSetsText("abc")
    field.core.programSetText(field)
    #expect(painter.painted.isEmpty)
  }

  /// A hard limit paints nothing, even over text the program set beyond it.
  @Test(arguments: Kind.allCases)
  func aHardLimitPaintsNothing(_ kind: Kind) {
    let (field, painter) = Self.field(.hard, kind)
    field.programSetsText("abcdefgh")
    field.beginEditing()
    field.deleteBackward()
    #expect(painter.painted.isEmpty)
    #expect(painter.calls == 0)
  }
}
