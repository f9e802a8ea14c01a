/// Code point → `_GraphemeClass` for the utf8proc backend: libutf8proc's property data plus the
/// generated corrections that bring it level with Swift's `String`, in a `_TwoLevelTable` (a
/// call per scalar into the C library would cost more than the rest of the loop).
struct _GraphemeClassTable: Sendable {
  /// The classes (the automaton kernel reads them directly).
  let table: _TwoLevelTable

  /// Builds the table from a per-code-point source of raw classes, then applies `corrections`.
  /// - Complexity: O(number of code points), once.
  init(rawClassOf source: (UInt32) -> UInt8) {
    var overrides = [UInt8?](repeating: nil, count: 0x11_0000)
    for entry in Self.corrections {
      for codePoint in entry.first...entry.last { overrides[Int(codePoint)] = entry.rawClass }
    }
    table = _TwoLevelTable { overrides[Int($0)] ?? source($0) }
  }

  /// The class of `codePoint`, which must be at most U+10FFFF.
  /// - Complexity: O(1): two loads.
  @inline(__always)
  func graphemeClass(of codePoint: UInt32) -> _GraphemeClass {
    _GraphemeClass(rawValue: table[codePoint])
  }

  /// Every class byte some code point has.
  /// - Complexity: O(number of code points).
  var classesPresent: Set<UInt8> {
    var present = Set<UInt8>()
    for codePoint in UInt32(0)...0x10_FFFF { present.insert(table[codePoint]) }
    return present
  }

  #if TEXTCOUNT_UTF8PROC
    /// The table of the utf8proc backend, built on first use (a few milliseconds) and kept.
    static let utf8proc = _GraphemeClassTable(rawClassOf: _UTF8Proc.graphemeClass(of:))
  #endif
}
