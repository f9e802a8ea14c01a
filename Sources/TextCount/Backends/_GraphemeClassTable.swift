/// Code point → `_GraphemeClass` for the automaton backend, in a `_TwoLevelTable` (a call per
/// scalar into a C library would cost more than the rest of the loop).
///
/// The classes are generated from the Unicode files of the version Swift's `String` implements
/// (`generatedRanges`, by `Scripts/generate-grapheme-corrections.swift`), so the counts never
/// depend on the libutf8proc linked. Where libutf8proc is linked, its own data, with the
/// corrections generated against 2.8.0, is checked against them on request
/// (`TextCounter.graphemeClassesDescription`): a newer libutf8proc that differs is reported, and
/// its classes are never used.
struct _GraphemeClassTable: Sendable {
  /// The classes (the automaton kernel reads them directly).
  let table: _TwoLevelTable

  /// Builds the table from ranges of classes; code points in none are Other (0).
  /// - Complexity: O(number of code points), once.
  init(ranges: [(first: UInt32, last: UInt32, rawClass: UInt8)]) {
    var classes = [UInt8](repeating: 0, count: 0x11_0000)
    for range in ranges {
      for codePoint in range.first...range.last { classes[Int(codePoint)] = range.rawClass }
    }
    table = _TwoLevelTable(values: classes)
  }

  /// The class of `codePoint`, which must be at most U+10FFFF.
  /// - Complexity: O(1): two loads.
  @inline(__always)
  func graphemeClass(of codePoint: UInt32) -> _GraphemeClass {
    _GraphemeClass(rawValue: table[codePoint])
  }

  /// Every class byte some code point has.
  /// - Complexity: O(size of the table's blocks): some 30,000 values.
  var classesPresent: Set<UInt8> {
    var seen = [Bool](repeating: false, count: 256)  // a Set insert per value costs 40x more
    for index in 0..<table.valueCount { seen[Int(table.values[index])] = true }
    return Set((0...255).filter { seen[$0] }.map(UInt8.init))
  }

  /// The table of the automaton backend, built from the generated ranges on first use and kept.
  static let generated = _GraphemeClassTable(ranges: generatedRanges)

  /// The code points where classes derived from another source of Unicode data (raw classes as
  /// libutf8proc reports them, then `corrections`) differ from the generated ones.
  /// - Parameter rawClassOf: The class the source gives a code point, before corrections.
  /// - Returns: How many code points differ (0: the source agrees), and the first few.
  /// - Complexity: O(number of code points).
  static func differences(rawClassOf source: (UInt32) -> UInt8) -> (
    count: Int, first: [UInt32]
  ) {
    var corrected = [UInt8?](repeating: nil, count: 0x11_0000)
    for entry in corrections {
      for codePoint in entry.first...entry.last { corrected[Int(codePoint)] = entry.rawClass }
    }
    let table = generated.table
    var count = 0
    var first: [UInt32] = []
    for codePoint in UInt32(0)...0x10_FFFF
    where (corrected[Int(codePoint)] ?? source(codePoint)) != table[codePoint] {
      count += 1
      if first.count < 8 { first.append(codePoint) }
    }
    return (count, first)
  }

  #if TEXTCOUNT_UTF8PROC
    /// How the linked libutf8proc's classes (with the corrections) compare with the generated
    /// ones: computed on first request, a few milliseconds.
    static let utf8procDifferences = differences(rawClassOf: _UTF8Proc.graphemeClass(of:))
  #endif
}
