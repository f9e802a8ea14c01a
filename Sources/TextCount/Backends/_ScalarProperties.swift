/// What the cluster-level units (`.displayWidth`, `.weighted`) ask of each scalar: its display
/// width (0, 1 or 2, as `utf8proc_charwidth` defines it) and whether it is Extended_Pictographic.
/// One byte per code point in a `_TwoLevelTable`: bits 0–1 the width, bit 2 pictographic.
struct _ScalarProperties: Sendable {
  private let table: _TwoLevelTable

  init(widthOf width: (UInt32) -> UInt8, isPictographic: (UInt32) -> Bool) {
    table = _TwoLevelTable { width($0) | (isPictographic($0) ? 4 : 0) }
  }

  @inline(__always) func width(of scalar: UInt32) -> Int { Int(table[scalar] & 3) }
  @inline(__always) func isExtendedPictographic(_ scalar: UInt32) -> Bool { table[scalar] & 4 != 0 }

  /// The Swift backend's: the generated tables (`Scripts/generate-scalar-tables.swift`).
  static let swift: _ScalarProperties = {
    var widths = [UInt8](repeating: 1, count: 0x11_0000)
    for range in _ScalarTables.widths {
      for codePoint in range.first...range.last { widths[Int(codePoint)] = range.width }
    }
    var pictographic = [Bool](repeating: false, count: 0x11_0000)
    for range in _ScalarTables.extendedPictographic {
      for codePoint in range.first...range.last { pictographic[Int(codePoint)] = true }
    }
    return _ScalarProperties(
      widthOf: { widths[Int($0)] }, isPictographic: { pictographic[Int($0)] })
  }()

  #if TEXTCOUNT_UTF8PROC
    /// The utf8proc backend's: `utf8proc_charwidth`, and the corrected grapheme class table.
    static let utf8proc: _ScalarProperties = {
      // In a local: a static's guard at each of the 1,114,112 code points cost 8 M instructions.
      let classes = _GraphemeClassTable.generated
      return _ScalarProperties(
        widthOf: { UInt8(_UTF8Proc.charWidth(of: $0)) },
        isPictographic: {
          classes.graphemeClass(of: $0).category == _GraphemeClass.extendedPictographic
        })
    }()
  #endif
}
