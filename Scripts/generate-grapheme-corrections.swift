// Generates the grapheme class data of TextCount's automaton backend:
//   Sources/TextCount/Backends/_GraphemeClassRanges.swift       every code point's class, as ranges
//   Sources/TextCount/Backends/_GraphemeClassCorrections.swift  what libutf8proc reports otherwise
//
//   swift Scripts/generate-grapheme-corrections.swift          # rewrite both
//   swift Scripts/generate-grapheme-corrections.swift --check  # exit 1 if either is out of date
//
// Swift's `String` on this toolchain segments by Unicode 17.0, with two quirks: its GB9c knows
// only the six linkers of Unicode 15.1, and the Kirat Rai vowel signs (GCB=V since 16.0) act as
// Other. This script computes, for every code point, the class Swift uses (from the 17.0 files
// kept in Scripts/Unicode/17.0.0) and writes it as ranges: the table the automaton and the SIMD
// kernels read, whatever libutf8proc is linked (EveryScalarTests checks it against `String`).
//
// It also asks the installed libutf8proc (through dlopen, mapped as
// Sources/TextCount/Backends/_UTF8Proc.swift maps it; 2.8.0 on Debian 12: Unicode 15.0, no
// Indic_Conjunct_Break) and writes the code points where it differs as corrections: with them,
// the classes derived from libutf8proc 2.8.0 equal the generated ones, which TextCount checks at
// run time against the libutf8proc it finds (`TextCounter.graphemeClassesDescription`).
//
// Swift's GB9c treats every Extend or ZWJ scalar as Indic_Conjunct_Break=Extend except the six
// linkers and U+200C ZERO WIDTH NON-JOINER, which gets a flag of its own.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let dataDir = root.appendingPathComponent("Scripts/Unicode")
let output = root.appendingPathComponent(
  "Sources/TextCount/Backends/_GraphemeClassCorrections.swift")
let rangesOutput = root.appendingPathComponent(
  "Sources/TextCount/Backends/_GraphemeClassRanges.swift")

// Class byte layout: see Sources/TextCount/Backends/_GraphemeClass.swift.
let categories: [String: UInt8] = [
  "Control": 1, "CR": 2, "LF": 3, "Extend": 4, "ZWJ": 5, "Prepend": 6, "SpacingMark": 7,
  "L": 8, "V": 9, "T": 10, "LV": 11, "LVT": 12, "Regional_Indicator": 13,
]
let extendedPictographic: UInt8 = 14
let linkingConsonantFlag: UInt8 = 0x10
let notIndicExtendFlag: UInt8 = 0x20
let viramaFlag: UInt8 = 0x40
let swiftViramas: [UInt32] = [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D]
let kiratRaiVowels: [ClosedRange<UInt32>] = [0x16D63...0x16D63, 0x16D67...0x16D6A]
let codePointCount = 0x11_0000

/// Parses `XXXX..YYYY ; field1 ; field2 # comment` lines into ranges and their fields.
func records(_ version: String, _ file: String) throws -> [(ClosedRange<UInt32>, [String])] {
  let text = try String(
    contentsOf: dataDir.appendingPathComponent("\(version)/\(file)"), encoding: .utf8)
  var result: [(ClosedRange<UInt32>, [String])] = []
  for line in text.split(separator: "\n") {
    let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    guard fields.count >= 2, !fields[0].isEmpty else { continue }
    let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
    guard let low = bounds.first, let high = bounds.last else { continue }
    result.append((low...high, Array(fields.dropFirst())))
  }
  return result
}

/// The class bytes of every code point for one Unicode version, before any quirk.
func classes(_ version: String) throws -> [UInt8] {
  var table = [UInt8](repeating: 0, count: codePointCount)
  for (range, fields) in try records(version, "GraphemeBreakProperty.txt") {
    guard let category = categories[fields[0]] else { fatalError("unknown GCB \(fields[0])") }
    for cp in range { table[Int(cp)] = category }
  }
  for (range, fields) in try records(version, "emoji-data.txt")
  where fields[0] == "Extended_Pictographic" {
    for cp in range {
      precondition(table[Int(cp)] == 0, "U+\(String(cp, radix: 16)) is ExtPict and GCB≠Other")
      table[Int(cp)] = extendedPictographic
    }
  }
  return table
}

var swiftClasses = try classes("17.0.0")
for range in kiratRaiVowels { for cp in range { swiftClasses[Int(cp)] = 0 } }
for (range, fields) in try records("17.0.0", "DerivedCoreProperties.txt")
where fields == ["InCB", "Consonant"] {
  for cp in range { swiftClasses[Int(cp)] |= linkingConsonantFlag }
}
for cp in swiftViramas { swiftClasses[Int(cp)] |= viramaFlag }
swiftClasses[0x200C] |= notIndicExtendFlag

/// What libutf8proc reports, mapped from its `boundclass` like `_UTF8Proc.graphemeClass(of:)`.
func readUTF8ProcClasses() -> (version: String, classes: [UInt8]) {
  guard let library = dlopen("libutf8proc.so.2", RTLD_NOW) ?? dlopen("libutf8proc.so", RTLD_NOW),
    let getProperty = dlsym(library, "utf8proc_get_property"),
    let getVersion = dlsym(library, "utf8proc_version")
  else {
    print("libutf8proc is not installed (apt-get install libutf8proc-dev)")
    exit(2)
  }
  typealias GetProperty = @convention(c) (Int32) -> UnsafeRawPointer
  typealias GetVersion = @convention(c) () -> UnsafePointer<CChar>
  let property = unsafeBitCast(getProperty, to: GetProperty.self)
  let version = String(cString: unsafeBitCast(getVersion, to: GetVersion.self)())
  // utf8proc_property_t: ten 16-bit fields, then a bit-field word whose bits 8–15 are boundclass.
  let boundclassToCategory: [UInt8] = [
    0, 0, 2, 3, 1, 4, 8, 9, 10, 11, 12, 13, 7, 6, 5,  // START … ZWJ
    extendedPictographic, 4, extendedPictographic, extendedPictographic,  // E_BASE … E_BASE_GAZ
    extendedPictographic, extendedPictographic,  // EXTENDED_PICTOGRAPHIC, E_ZWG
  ]
  var table = [UInt8](repeating: 0, count: codePointCount)
  for cp in 0..<codePointCount {
    let bits = property(Int32(cp)).load(fromByteOffset: 20, as: UInt32.self)
    let boundclass = Int((bits >> 8) & 0xFF)
    table[cp] = boundclass < boundclassToCategory.count ? boundclassToCategory[boundclass] : 0
  }
  return (version, table)
}
let (utf8procVersion, utf8procClasses) = readUTF8ProcClasses()

/// Consecutive code points with the same class, where `include` holds, as ranges.
func ranges(of classes: [UInt8], where include: (Int) -> Bool) -> [(UInt32, UInt32, UInt8)] {
  var entries: [(UInt32, UInt32, UInt8)] = []
  for cp in 0..<codePointCount where include(cp) {
    let value = UInt32(cp)
    if let last = entries.last, last.1 == value - 1, last.2 == classes[cp] {
      entries[entries.count - 1].1 = value
    } else {
      entries.append((value, value, classes[cp]))
    }
  }
  return entries
}
let entries = ranges(of: swiftClasses) { swiftClasses[$0] != utf8procClasses[$0] }
let allRanges = ranges(of: swiftClasses) { swiftClasses[$0] != 0 }

func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }

/// A generated file: `header` (up to the array's opening bracket), a row per range, the closing.
func tableFile(_ header: String, _ ranges: [(UInt32, UInt32, UInt8)]) -> String {
  var text = header
  for (first, last, raw) in ranges {
    text += "    (\(hex(first)), \(hex(last)), \(hex(UInt32(raw)))),\n"
  }
  return text + "  ]\n}\n"
}

let source = tableFile(
  """
  // swift-format-ignore-file
  // Generated by Scripts/generate-grapheme-corrections.swift — do not edit.
  // Inputs: libutf8proc \(utf8procVersion) and Scripts/Unicode/17.0.0 (what Swift's String
  // implements), with Swift's GB9c and Kirat Rai quirks.

  extension _GraphemeClassTable {
    /// The libutf8proc version these corrections were computed against.
    static let correctedUTF8ProcVersion = "\(utf8procVersion)"

    /// Code point ranges whose class differs from what libutf8proc reports, with the class
    /// Swift's `String` gives them (absolute values, see `_GraphemeClass`). \(entries.count) ranges.
    static let corrections: [(first: UInt32, last: UInt32, rawClass: UInt8)] = [

  """, entries)

let rangesSource = tableFile(
  """
  // swift-format-ignore-file
  // Generated by Scripts/generate-grapheme-corrections.swift — do not edit.
  // Input: Scripts/Unicode/17.0.0 (what Swift's String implements), with Swift's GB9c and
  // Kirat Rai quirks.

  extension _GraphemeClassTable {
    /// The Unicode version of the generated classes.
    static let generatedUnicodeVersion = "17.0.0"

    /// Every code point whose class is not Other (0), as ranges with the class Swift's `String`
    /// gives them (see `_GraphemeClass`). \(allRanges.count) ranges.
    static let generatedRanges: [(first: UInt32, last: UInt32, rawClass: UInt8)] = [

  """, allRanges)

let outputs = [(output, source, entries.count), (rangesOutput, rangesSource, allRanges.count)]
if CommandLine.arguments.contains("--check") {
  for (file, text, count) in outputs {
    let current = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    if current != text {
      print("\(file.path) is out of date: run swift Scripts/generate-grapheme-corrections.swift")
      exit(1)
    }
    print("\(file.lastPathComponent) is up to date (\(count) ranges)")
  }
} else {
  for (file, text, count) in outputs {
    try text.write(to: file, atomically: true, encoding: .utf8)
    print("wrote \(count) ranges to \(file.path)")
  }
}
