import Foundation
import TestSupport

@testable import TextCount

/// What the standard library says, the reference every backend is compared with.
enum Reference {
  static func count(_ string: String, in unit: TextUnit) -> Int {
    switch unit {
    case .graphemes: string.count
    case .utf16: string.utf16.count
    case .unicodeScalars: string.unicodeScalars.count
    case .utf8: string.utf8.count
    case .displayWidth: string.reduce(0) { $0 + width(of: $1) }
    case .weighted(let table):
      string.reduce(0) { total, character in
        let normalized = table.normalizesToNFC ? nfc(character) : String(character)
        return total + normalized.reduce(0) { $0 + weight(of: $1, table: table) }
      }
    }
  }

  /// A cluster in NFC, as the standard library normalizes it.
  static func nfc(_ character: Character) -> String {
    String(decoding: String(character)._nfcCodeUnits, as: UTF8.self)
  }

  /// The documented width of a cluster (its widest scalar; at least 2 with U+FE0F or a flag; at
  /// least 1 unless it starts with a control or format character), from scalar widths derived
  /// from Unicode's data files (`UnicodeDataWidths`), not from the library's tables.
  static func width(of character: Character) -> Int {
    let scalars = Array(character.unicodeScalars)
    var width = scalars.map { scalarWidth($0.value) }.max() ?? 0
    if scalars.contains("\u{FE0F}")
      || scalars.filter({ (0x1F1E6...0x1F1FF).contains($0.value) }).count >= 2
    {
      width = max(width, 2)
    }
    return UnicodeDataWidths.isControlOrFormat(scalars[0].value) ? width : max(width, 1)
  }

  static func scalarWidth(_ value: UInt32) -> Int {
    UnicodeDataWidths.width(value)
  }

  /// The documented weight of a cluster.
  static func weight(of character: Character, table: WeightTable) -> Int {
    let scalars = character.unicodeScalars.map(\.value)
    let pictographic = scalars.contains { _ScalarProperties.swift.isExtendedPictographic($0) }
    let flags = scalars.filter { (0x1F1E6...0x1F1FF).contains($0) }.count >= 2
    let total =
      (pictographic || flags || scalars.contains(0x20E3)) && table.emojiClusterWeight != nil
      ? table.emojiClusterWeight! : scalars.reduce(0) { $0 + table.weight(of: $1) }
    return (total + table.scale - 1) / table.scale
  }

  static func count(utf8 bytes: [UInt8], in unit: TextUnit) -> Int {
    count(String(decoding: bytes, as: UTF8.self), in: unit)
  }

  /// The UTF-8 length of each `Character` of `string`.
  static func clusterLengths(_ string: String) -> [Int] {
    string.map { $0.utf8.count }
  }
}

/// How many random inputs a differential test draws for `unit`: the four views get the full
/// count; the per-cluster units (slower in debug builds) a fifth of it; a tenth of that under
/// `TEXTCOUNT_QUICK=1` (CI's sanitizer runs, where every access is checked).
func iterations(_ full: Int, for unit: TextUnit) -> Int {
  testIterations(unit.isClusterLevel ? full / 5 : full)
}

/// Every backend of this build, for `@Test(arguments:)`.
let allBackends: [TextCounter.Backend] = TextCounter.availableBackends

/// The UTF-8 length of each cluster a backend's segmenter finds in valid UTF-8 `bytes`.
func clusterLengths(_ bytes: [UInt8], backend: TextCounter.Backend) -> [Int] {
  if backend == .automaton { return clusterLengths(bytes, using: _TableSegmenter()) }
  return clusterLengths(bytes, using: _StdlibSegmenter())
}

private func clusterLengths<S: _GraphemeSegmenter>(_ bytes: [UInt8], using segmenter: S) -> [Int] {
  var segmenter = segmenter
  var lengths: [Int] = []
  lengths.reserveCapacity(bytes.count / 2)
  bytes.withUnsafeBufferPointer { buffer in
    var index = 0
    var current = 0
    while index < buffer.count {
      let scalar = _decodeUTF8(buffer.baseAddress! + index, available: buffer.count - index)
      precondition(scalar.isValid, "clusterLengths needs valid UTF-8")
      if segmenter.hasBreak(before: scalar.value) && index > 0 {
        lengths.append(current)
        current = 0
      }
      current += scalar.length
      index += scalar.length
    }
    if current > 0 { lengths.append(current) }
  }
  return lengths
}

extension String {
  /// A string of the given scalar values.
  init(scalars: [UInt32]) {
    var view = String.UnicodeScalarView()
    for value in scalars { view.append(Unicode.Scalar(value)!) }
    self.init(view)
  }
}

/// Path of a file in Tests/Fixtures.
func fixturePath(_ name: String) -> String {
  var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
  components.removeLast(3)  // Support/Reference.swift, TextCountTests
  return components.joined(separator: "/") + "/Fixtures/" + name
}

/// The contents of a file in Tests/Fixtures, as UTF-8 text.
func readFixture(_ name: String) -> String {
  (try? String(contentsOfFile: fixturePath(name), encoding: .utf8)) ?? ""
}
