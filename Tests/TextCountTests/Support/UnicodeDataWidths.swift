import Foundation

/// Display widths derived from Unicode's own data files, the way libutf8proc's data generator
/// derives `utf8proc_charwidth` (width 1 by default and for unassigned code points; 0 for the
/// categories Mn, Mc, Me, Zl, Zp, Cc, Cf, Cs; East_Asian_Width W or F is 2, Na or H is 1; Mn is
/// always 0; U+00AD is 1; U+2028 and U+2029 are 0), read from UnicodeData.txt and
/// EastAsianWidth.txt as Debian's `unicode-data` package installs them (Unicode 15.0, the version
/// of libutf8proc 2.8 that `.displayWidth` follows). An oracle the code under test did not
/// produce: it reads none of the library's tables.
enum UnicodeDataWidths {
  static let directory = "/usr/share/unicode/"

  /// Two ASCII letters per code point ("Lu" as 0x4C75); 0 for unassigned.
  static let categories: [UInt16] = {
    var categories = [UInt16](repeating: 0, count: 0x11_0000)
    var rangeStart: Int?
    for line in lines(of: "UnicodeData.txt") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 2, let code = Int(fields[0], radix: 16) else { continue }
      let letters = Array(fields[2].utf8)
      let category = UInt16(letters[0]) << 8 | UInt16(letters[1])
      if fields[1].hasSuffix("First>") {
        rangeStart = code
        continue
      }
      for value in (fields[1].hasSuffix("Last>") ? rangeStart! : code)...code {
        categories[value] = category
      }
    }
    return categories
  }()

  /// East_Asian_Width per code point: "W", "F", "Na", "H", "A", "N" (or "" where unlisted).
  static let eastAsianWidths: [String] = {
    var widths = [String](repeating: "", count: 0x11_0000)
    for line in lines(of: "EastAsianWidth.txt") {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2 else { continue }
      let bounds = fields[0].split(separator: ".").compactMap { Int($0, radix: 16) }
      guard let first = bounds.first else { continue }
      for code in first...(bounds.last ?? first) { widths[code] = fields[1] }
    }
    return widths
  }()

  static func lines(of name: String) -> [Substring] {
    guard let text = try? String(contentsOfFile: directory + name, encoding: .utf8) else {
      preconditionFailure("\(directory + name) is missing: run Scripts/install-dependencies")
    }
    return text.split(separator: "\n")
  }

  static func category(_ code: UInt32) -> String {
    let packed = categories[Int(code)]
    return packed == 0
      ? "Cn" : String(decoding: [UInt8(packed >> 8), UInt8(packed & 0xFF)], as: UTF8.self)
  }

  /// The width of one scalar (from `widths`, derived once).
  static func width(_ code: UInt32) -> Int { Int(widths[Int(code)]) }

  /// Every code point's width, by `derivedWidth`.
  static let widths: [UInt8] = (0..<UInt32(0x11_0000)).map { UInt8(derivedWidth($0)) }

  /// Every code point's "control or format" property, by `category`.
  static let controlOrFormat: [Bool] = (0..<UInt32(0x11_0000)).map {
    ["Cc", "Cf", "Zl", "Zp"].contains(category($0))
  }

  /// The width of one scalar, derived from its category and East Asian width.
  static func derivedWidth(_ code: UInt32) -> Int {
    let category = category(code)
    if category == "Cn" { return 1 }
    var width = ["Mn", "Mc", "Me", "Zl", "Zp", "Cc", "Cf", "Cs"].contains(category) ? 0 : 1
    switch eastAsianWidths[Int(code)] {
    case "W", "F": width = 2
    case "Na", "H": width = 1
    default: break
    }
    if category == "Mn" { width = 0 }
    if code == 0xAD { width = 1 }
    if code == 0x2028 || code == 0x2029 { width = 0 }
    return width
  }

  /// Whether a cluster starting with this scalar may be 0 wide (a control or format character).
  static func isControlOrFormat(_ code: UInt32) -> Bool { controlOrFormat[Int(code)] }
}

/// Extended_Pictographic from Unicode's emoji-data.txt (17.0, the version Swift's `String`
/// follows, as `Scripts/Unicode/17.0.0` carries it), read by the test.
enum UnicodeDataEmoji {
  static let extendedPictographic: [Bool] = {
    var values = [Bool](repeating: false, count: 0x11_0000)
    let path = repositoryPath("Scripts/Unicode/17.0.0/emoji-data.txt")
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      preconditionFailure("\(path) is missing")
    }
    for line in text.split(separator: "\n") {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2, fields[1] == "Extended_Pictographic" else { continue }
      let bounds = fields[0].split(separator: ".").compactMap { Int($0, radix: 16) }
      guard let first = bounds.first else { continue }
      for code in first...(bounds.last ?? first) { values[code] = true }
    }
    return values
  }()

  static func isExtendedPictographic(_ value: UInt32) -> Bool { extendedPictographic[Int(value)] }

  /// Unicode's RGI emoji (emoji-sequences.txt and emoji-zwj-sequences.txt of Unicode 17.0, read
  /// here, not through the generated table) and the keycaps without their U+FE0F: the
  /// sequences X's weighted length counts as emoji.
  static let sequences: [[UInt32]] = {
    var sequences: [[UInt32]] = []
    for name in ["emoji-sequences.txt", "emoji-zwj-sequences.txt"] {
      let path = repositoryPath("Scripts/Unicode/17.0.0/\(name)")
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        preconditionFailure("\(path) is missing")
      }
      for line in text.split(separator: "\n") {
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let field = data.split(separator: ";").first?.trimmingCharacters(in: .whitespaces),
          !field.isEmpty
        else { continue }
        if field.contains("..") {
          let ends = field.components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
          sequences += (ends[0]...ends[1]).map { [$0] }
        } else {
          sequences.append(field.split(separator: " ").compactMap { UInt32($0, radix: 16) })
        }
      }
    }
    for keycap in sequences where keycap.count == 3 && keycap.last == 0x20E3 {
      sequences.append([keycap[0], 0x20E3])
    }
    return sequences
  }()

  private static let sequenceSet = Set(sequences)

  /// The length of the longest of `sequences` that `scalars` start with; 0 if none.
  static func longestSequence(startingWith scalars: [UInt32]) -> Int {
    (1...max(1, scalars.count)).reversed().first { sequenceSet.contains(Array(scalars.prefix($0))) }
      ?? 0
  }
}
