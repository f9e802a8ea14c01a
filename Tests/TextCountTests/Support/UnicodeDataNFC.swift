import Foundation

/// NFC written here from Unicode's data files (UAX #15: canonical decomposition, canonical
/// ordering, canonical composition with Full_Composition_Exclusion, Hangul by arithmetic), as an
/// oracle neither the library nor the standard library produced. It reads UnicodeData.txt and
/// DerivedNormalizationProps.txt as Debian's `unicode-data` installs them (Unicode 15.0). What
/// Unicode 16.0 added that `RandomText` draws is written in by hand from the 16.0 data: U+0897
/// ARABIC PEPET (combining class 230), and the Kirat Rai vowel signs U+16D63 and U+16D67 with
/// the compositions U+16D68 = 16D67 16D67, U+16D69 = 16D63 16D67, U+16D6A = 16D69 16D67.
/// `isKnown` tells which scalars the data covers.
enum UnicodeDataNFC {
  struct Data {
    var combiningClass = [UInt8](repeating: 0, count: 0x11_0000)
    var assigned = [Bool](repeating: false, count: 0x11_0000)
    var decomposition: [UInt32: [UInt32]] = [:]
    /// Pairs that compose (first << 21 | second) to a primary composite.
    var composition: [UInt64: UInt32] = [:]
  }

  static let data: Data = {
    var data = Data()
    var excluded = Set<UInt32>()
    for line in UnicodeDataWidths.lines(of: "DerivedNormalizationProps.txt") {
      let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .split(separator: ";")
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2, fields[1] == "Full_Composition_Exclusion" else { continue }
      let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
      for code in bounds[0]...(bounds.last ?? bounds[0]) { excluded.insert(code) }
    }
    var rangeStart: Int?
    for line in UnicodeDataWidths.lines(of: "UnicodeData.txt") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 5, let code = Int(fields[0], radix: 16) else { continue }
      if fields[1].hasSuffix("First>") {
        rangeStart = code
        continue
      }
      for value in (fields[1].hasSuffix("Last>") ? rangeStart! : code)...code {
        data.assigned[value] = true
      }
      data.combiningClass[code] = UInt8(fields[3])!
      guard !fields[5].isEmpty, !fields[5].hasPrefix("<") else { continue }
      let mapping = fields[5].split(separator: " ").map { UInt32($0, radix: 16)! }
      data.decomposition[UInt32(code)] = mapping
      if mapping.count == 2 && !excluded.contains(UInt32(code)) {
        data.composition[UInt64(mapping[0]) << 21 | UInt64(mapping[1])] = UInt32(code)
      }
    }
    data.combiningClass[0x0897] = 230
    for code in [0x0897, 0x16D63, 0x16D67, 0x16D68, 0x16D69, 0x16D6A] { data.assigned[code] = true }
    for (composite, pair) in [
      (UInt32(0x16D68), [UInt32(0x16D67), 0x16D67]), (0x16D69, [0x16D63, 0x16D67]),
      (0x16D6A, [0x16D69, 0x16D67]),
    ] {
      data.decomposition[composite] = pair
      data.composition[UInt64(pair[0]) << 21 | UInt64(pair[1])] = composite
    }
    return data
  }()

  /// Whether the data describes `value` (it is assigned there).
  static func isKnown(_ value: UInt32) -> Bool { data.assigned[Int(value)] }

  /// The NFC of `scalars`.
  static func nfc(_ scalars: [UInt32]) -> [UInt32] {
    // Full canonical decomposition.
    var decomposed: [UInt32] = []
    func decompose(_ value: UInt32) {
      if (0xAC00...0xD7A3).contains(value) {
        let index = value - 0xAC00
        decomposed.append(0x1100 + index / 588)
        decomposed.append(0x1161 + index % 588 / 28)
        if index % 28 != 0 { decomposed.append(0x11A7 + index % 28) }
      } else if let mapping = data.decomposition[value] {
        mapping.forEach(decompose)
      } else {
        decomposed.append(value)
      }
    }
    scalars.forEach(decompose)
    // Canonical ordering: a stable sort of each run of non-starters by combining class.
    let ccc = { (value: UInt32) in data.combiningClass[Int(value)] }
    var start = 0
    while start < decomposed.count {
      var end = start
      while end < decomposed.count && ccc(decomposed[end]) != 0 { end += 1 }
      if end - start > 1 {
        let run = decomposed[start..<end].enumerated().sorted {
          (ccc($0.element), $0.offset) < (ccc($1.element), $1.offset)
        }.map(\.element)
        decomposed.replaceSubrange(start..<end, with: run)
      }
      start = end + 1
    }
    // Canonical composition.
    var result: [UInt32] = []
    var starter: Int? = nil
    var lastClass: UInt8 = 0
    for value in decomposed {
      let valueClass = ccc(value)
      if let index = starter,
        lastClass < valueClass || (lastClass == 0 && result.count == index + 1)
      {
        let first = result[index]
        var composed: UInt32? = nil
        if (0x1100...0x1112).contains(first) && (0x1161...0x1175).contains(value) {
          composed = 0xAC00 + ((first - 0x1100) * 21 + (value - 0x1161)) * 28
        } else if (0xAC00...0xD7A3).contains(first) && (first - 0xAC00) % 28 == 0
          && (0x11A8...0x11C2).contains(value)
        {
          composed = first + (value - 0x11A7)
        } else {
          composed = data.composition[UInt64(first) << 21 | UInt64(value)]
        }
        if let composed {
          result[index] = composed
          continue
        }
      }
      if valueClass == 0 {
        starter = result.count
        lastClass = 0
      } else {
        lastClass = valueClass
      }
      result.append(value)
    }
    return result
  }
}
