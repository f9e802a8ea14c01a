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
        // NFC changes no cluster of scalars below U+0300, where the combining marks begin.
        let stable =
          !table.normalizesToNFC || character.unicodeScalars.allSatisfy { $0.value < 0x300 }
        if stable { return total + weight(of: character, table: table) }
        return total + nfc(character).reduce(0) { $0 + weight(of: $1, table: table) }
      }
    case .htmlMaxLength:
      // Line breaks as typed (each CR LF or CR one LF), then UTF-16 (the HTML Standard's rule).
      string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        .utf16.count
    case .stringz:
      // stringz has its oracle in MastodonComposerTests (Mastodon's composer run on Node).
      preconditionFailure("no reference for stringz here")
    case .words:
      // Words have their oracles in WordsTests (WordBreakTest.txt, Intl.Segmenter's cases).
      preconditionFailure("no reference for words here")
    case .sms:
      // SMS segments have their oracle in SMSTests (Twilio's calculator's cases).
      preconditionFailure("no reference for SMS segments here")
    case .post:
      // Post lengths have their oracles in PostTextConformanceTests (twitter-text's cases) and
      // PostLengthTests (the platforms' rules, written out with the standard library's counts).
      preconditionFailure("Reference: no standard-library count for \(unit)")
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
    var width = 0
    var regionalIndicators = 0
    var variationSelector16 = false
    for scalar in character.unicodeScalars {
      width = max(width, scalarWidth(scalar.value))
      if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
      if scalar == "\u{FE0F}" { variationSelector16 = true }
    }
    if variationSelector16 || regionalIndicators >= 2 { width = max(width, 2) }
    let first = character.unicodeScalars.first!.value
    return UnicodeDataWidths.isControlOrFormat(first) ? width : max(width, 1)
  }

  static func scalarWidth(_ value: UInt32) -> Int {
    UnicodeDataWidths.width(value)
  }

  /// The documented weight of a cluster: the emoji weight for the longest of Unicode's RGI
  /// emoji (or keycaps without U+FE0F) it starts with (`UnicodeDataEmoji.sequences`, read from
  /// Unicode's files), if any and the table weighs emoji, plus the weights of its other
  /// scalars; divided by the scale, rounded up.
  static func weight(of character: Character, table: WeightTable) -> Int {
    let scalars = character.unicodeScalars.map(\.value)
    let emoji =
      table.emojiClusterWeight == nil ? 0 : UnicodeDataEmoji.longestSequence(startingWith: scalars)
    let total =
      (emoji > 0 ? table.emojiClusterWeight! : 0)
      + scalars.dropFirst(emoji).reduce(0) { $0 + scalarWeight($1, table: table) }
    return (total + table.scale - 1) / table.scale
  }

  /// The weight of one scalar, from the table's published definition where it has one, not
  /// from the library's ranges: twitter-text's `v3.json` (copied into Tests/Fixtures), and
  /// "East Asian wide or fullwidth weighs 2" from the Unicode files (`UnicodeDataWidths`). A
  /// table a test made up is looked up in its own ranges, by a linear scan written here.
  static func scalarWeight(_ value: UInt32, table: WeightTable) -> Int {
    if table == .twitterV3 {
      let config = TwitterTextConfiguration.v3
      return config.ranges.first { $0.range.contains(value) }?.weight ?? config.defaultWeight
    }
    if table == .wideAsTwo { return UnicodeDataWidths.width(value) == 2 ? 2 : 1 }
    return table.ranges.first { $0.first <= value && value <= $0.last }?.weight
      ?? table.defaultWeight
  }

  static func count(utf8 bytes: [UInt8], in unit: TextUnit) -> Int {
    count(String(decoding: bytes, as: UTF8.self), in: unit)
  }

  /// The offset of the first ill-formed sequence, by the standard library's UTF-8 parser.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
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

/// Path of a file in the repository (e.g. "Scripts/Unicode/17.0.0/emoji-data.txt").
func repositoryPath(_ relative: String) -> String {
  var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
  components.removeLast(4)  // Support/Reference.swift, TextCountTests, Tests
  return components.joined(separator: "/") + "/" + relative
}

/// The contents of a file in Tests/Fixtures, as UTF-8 text.
func readFixture(_ name: String) -> String {
  (try? String(contentsOfFile: fixturePath(name), encoding: .utf8)) ?? ""
}
