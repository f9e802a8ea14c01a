// Generates Sources/TextCount/Backends/_ScalarTables.swift: the display widths and the
// Extended_Pictographic property the Swift backend needs for `.displayWidth` and `.weighted`.
//
//   swift Scripts/generate-scalar-tables.swift          # rewrite the tables
//   swift Scripts/generate-scalar-tables.swift --check  # exit 1 if they are out of date
//
// Widths come from the same source as the utf8proc backend's: `utf8proc_charwidth` of the
// installed libutf8proc (asked through dlopen), so both backends measure alike (a test compares
// them for every scalar). Extended_Pictographic comes from Scripts/Unicode/17.0.0/emoji-data.txt,
// the version Swift's String uses (the utf8proc backend takes it from its corrected class table).
// The scalars NFC may change, for the weighted units' quick check, are NFC_Quick_Check No or
// Maybe in Scripts/Unicode/15.0.0/DerivedNormalizationProps-NFC_QC.txt, plus what later versions
// can add, as the toolchain's `Unicode.Scalar.Properties` knows them: every Full_Composition_
// Exclusion, and every mark newer than 15.0 (a new composition's second scalar is new). The
// scalars they change a cluster after come from Scripts/Unicode/15.0.0/UnicodeData-canonical.txt.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let output = root.appendingPathComponent("Sources/TextCount/Backends/_ScalarTables.swift")

guard let library = dlopen("libutf8proc.so.2", RTLD_NOW) ?? dlopen("libutf8proc.so", RTLD_NOW),
  let charwidthSymbol = dlsym(library, "utf8proc_charwidth"),
  let versionSymbol = dlsym(library, "utf8proc_version")
else {
  print("libutf8proc is not installed (apt-get install libutf8proc-dev)")
  exit(2)
}
typealias Charwidth = @convention(c) (Int32) -> Int32
typealias Version = @convention(c) () -> UnsafePointer<CChar>
let charwidth = unsafeBitCast(charwidthSymbol, to: Charwidth.self)
let version = String(cString: unsafeBitCast(versionSymbol, to: Version.self)())

/// Ranges of equal value, skipping `skip` (the default).
func ranges(_ value: (UInt32) -> Int, skip: Int) -> [(UInt32, UInt32, Int)] {
  var result: [(UInt32, UInt32, Int)] = []
  for cp in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(cp) {
    let v = value(cp)
    if v == skip { continue }
    if let last = result.last, last.1 == cp - 1, last.2 == v {
      result[result.count - 1].1 = cp
    } else {
      result.append((cp, cp, v))
    }
  }
  return result
}

let widths = ranges({ Int(charwidth(Int32($0))) }, skip: 1)

var pictographic = [Bool](repeating: false, count: 0x110000)
let emojiData = try String(
  contentsOf: root.appendingPathComponent("Scripts/Unicode/17.0.0/emoji-data.txt"), encoding: .utf8)
for line in emojiData.split(separator: "\n") {
  let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
  let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
  guard fields.count == 2, fields[1] == "Extended_Pictographic" else { continue }
  let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
  for cp in bounds.first!...bounds.last! { pictographic[Int(cp)] = true }
}
let pictographicRanges = ranges({ pictographic[Int($0)] ? 1 : 0 }, skip: 0)

var nfcMayChange = [Bool](repeating: false, count: 0x110000)
let quickCheck = try String(
  contentsOf: root.appendingPathComponent(
    "Scripts/Unicode/15.0.0/DerivedNormalizationProps-NFC_QC.txt"),
  encoding: .utf8)
for line in quickCheck.split(separator: "\n") {
  let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
  let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
  guard fields.count == 3, fields[1] == "NFC_QC", fields[2] == "N" || fields[2] == "M" else {
    continue
  }
  let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
  for cp in bounds.first!...bounds.last! { nfcMayChange[Int(cp)] = true }
}
for cp in UInt32(0)...0x10FFFF {
  guard let properties = Unicode.Scalar(cp)?.properties else { continue }
  if properties.isFullCompositionExclusion { nfcMayChange[Int(cp)] = true }
  switch properties.generalCategory {
  case .nonspacingMark, .spacingMark, .enclosingMark:
    if let age = properties.age, age.major > 15 || (age.major == 15 && age.minor > 0) {
      nfcMayChange[Int(cp)] = true
    }
  default: break
  }
}
let nfcRanges = ranges({ nfcMayChange[Int($0)] ? 1 : 0 }, skip: 0)

// The first scalars of the pairs NFC composes (canonical decompositions of two scalars, less
// the composition exclusions), every scalar with a canonical decomposition, the Hangul scalars
// that compose algorithmically, everything NFC changes alone (NFC_Quick_Check No), and every
// scalar newer than 15.0: a mark NFC may change changes a cluster only after one of them.
var composesFirst = [Bool](repeating: false, count: 0x110000)
let canonical = try String(
  contentsOf: root.appendingPathComponent("Scripts/Unicode/15.0.0/UnicodeData-canonical.txt"),
  encoding: .utf8)
for line in canonical.split(separator: "\n") where !line.hasPrefix("#") {
  let fields = line.split(separator: ";", omittingEmptySubsequences: false)
  let parts = fields[5].split(separator: " ").compactMap { UInt32($0, radix: 16) }
  guard let composite = UInt32(fields[0], radix: 16) else { continue }
  // A composite decomposes before NFC composes again, so its parts may compose anew with a mark
  // after it (U+1F80 and U+0301 become U+1F84): it counts as a first scalar too.
  composesFirst[Int(composite)] = true
  guard parts.count == 2, let properties = Unicode.Scalar(composite)?.properties,
    !properties.isFullCompositionExclusion
  else { continue }
  composesFirst[Int(parts[0])] = true
}
for cp in 0x1100...0x1112 { composesFirst[cp] = true }  // L, before V
for cp in 0xAC00...0xD7A3 { composesFirst[cp] = true }  // LV (and LVT, to keep it simple), before T
for line in quickCheck.split(separator: "\n") {
  let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
  let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
  guard fields.count == 3, fields[1] == "NFC_QC", fields[2] == "N" else { continue }
  let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
  for cp in bounds.first!...bounds.last! { composesFirst[Int(cp)] = true }
}
for cp in UInt32(0)...0x10FFFF {
  guard let properties = Unicode.Scalar(cp)?.properties else { continue }
  if properties.isFullCompositionExclusion { composesFirst[Int(cp)] = true }
  if let age = properties.age, age.major > 15 || (age.major == 15 && age.minor > 0) {
    composesFirst[Int(cp)] = true
  }
}
let composesFirstRanges = ranges({ composesFirst[Int($0)] ? 1 : 0 }, skip: 0)

func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }
var source = """
  // swift-format-ignore-file
  // Generated by Scripts/generate-scalar-tables.swift — do not edit.
  // Inputs: utf8proc_charwidth of libutf8proc \(version); Scripts/Unicode/17.0.0/emoji-data.txt;
  // Scripts/Unicode/15.0.0/DerivedNormalizationProps-NFC_QC.txt and UnicodeData-canonical.txt;
  // the toolchain's scalar properties.

  enum _ScalarTables {
    /// The libutf8proc version the widths come from.
    static let widthSourceVersion = "\(version)"

    /// Display widths other than 1, as `utf8proc_charwidth` gives them: (first, last, width).
    static let widths: [(first: UInt32, last: UInt32, width: UInt8)] = [

  """
for (first, last, width) in widths { source += "    (\(hex(first)), \(hex(last)), \(width)),\n" }
source += """
    ]

    /// Extended_Pictographic code points (Unicode 17.0): (first, last).
    static let extendedPictographic: [(first: UInt32, last: UInt32)] = [

  """
for (first, last, _) in pictographicRanges { source += "    (\(hex(first)), \(hex(last))),\n" }
source += """
    ]

    /// Code points NFC may change, alone or with the scalars around them: NFC_Quick_Check No or
    /// Maybe (Unicode 15.0), Full_Composition_Exclusion, and marks newer than 15.0. A cluster
    /// with none of them is in NFC already, but for the order of its marks: (first, last).
    static let nfcMayChange: [(first: UInt32, last: UInt32)] = [

  """
for (first, last, _) in nfcRanges { source += "    (\(hex(first)), \(hex(last))),\n" }
source += """
    ]

    /// Code points that may come first in a pair NFC composes (UnicodeData 15.0's canonical
    /// pairs less exclusions, Hangul L and syllables), that decompose, that NFC changes alone,
    /// or that are newer than 15.0: a scalar of `nfcMayChange` changes a cluster only after one
    /// of them.
    static let nfcComposesFirst: [(first: UInt32, last: UInt32)] = [

  """
for (first, last, _) in composesFirstRanges {
  source += "    (\(hex(first)), \(hex(last))),\n"
}
source += "  ]\n}\n"

if CommandLine.arguments.contains("--check") {
  let current = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  if current != source {
    print("\(output.path) is out of date: run swift Scripts/generate-scalar-tables.swift")
    exit(1)
  }
  print(
    "scalar tables are up to date (\(widths.count) width ranges, \(pictographicRanges.count) pictographic ranges)"
  )
} else {
  try source.write(to: output, atomically: true, encoding: .utf8)
  print("wrote \(widths.count) width ranges and \(pictographicRanges.count) pictographic ranges")
}
