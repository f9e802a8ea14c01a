/// The parts of an `http:` or `https:` URL as the WHATWG URL Standard's parser serializes them
/// (what `new URL(text)` gives in a browser or Node), for Bluesky's app, which shortens links by
/// them: the host (lower case, international names in punycode, IPv4 and IPv6 addresses
/// normalized) with its port unless the scheme's default, the path (dot segments resolved), the
/// query and the fragment, each percent-encoded as the standard says.
///
/// Only what an absolute `http(s)` URL needs; any other input is nil, as `new URL` throws or
/// yields another scheme. Host names go through UTS #46's processing (ToASCII, as the standard
/// asks) approximated: each character lower-cased and put in NFKC, characters UTS #46 maps to
/// nothing (soft hyphen, zero-width space and the like) removed, the ideographic full stops
/// read as dots, and characters it disallows (controls, unassigned, private use, spaces) a
/// failure; the joiner and bidirectional checks are not made.
struct _WebURL: Sendable {
  /// `host`, as `URL.host` gives it: the host, and `:port` unless the scheme's default.
  var host: String
  /// `URL.pathname`: `/` and the segments.
  var pathname: String
  /// `URL.search`: `?` and the query, or empty where it is empty or absent.
  var search: String
  /// `URL.hash`: `#` and the fragment, or empty where it is empty or absent.
  var hash: String

  /// The URL `text` holds, if it is an absolute `http:` or `https:` URL the standard's parser
  /// takes; nil where it throws or gives another scheme.
  init?(_ text: String) {
    var scalars = Array(text.unicodeScalars)
    // Leading and trailing C0 controls and spaces go; tabs and line breaks anywhere.
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    // The scheme: http or https, either case, then a colon.
    guard let colon = scalars.firstIndex(of: ":") else { return nil }
    let scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    var index = colon + 1
    // Special authority slashes: any number of `/` and `\`.
    while index < scalars.count && (scalars[index] == "/" || scalars[index] == "\\") { index += 1 }
    // The authority, to the first `/`, `\`, `?` or `#`.
    var authorityEnd = index
    while authorityEnd < scalars.count && !"/\\?#".unicodeScalars.contains(scalars[authorityEnd]) {
      authorityEnd += 1
    }
    var hostStart = index
    if let at = scalars[index..<authorityEnd].lastIndex(of: "@") { hostStart = at + 1 }
    // The port: after the last `:` outside brackets.
    var hostEnd = authorityEnd
    var inBrackets = false
    for position in hostStart..<authorityEnd {
      if scalars[position] == "[" { inBrackets = true }
      if scalars[position] == "]" { inBrackets = false }
      if scalars[position] == ":" && !inBrackets {
        hostEnd = position
        break
      }
    }
    guard hostEnd > hostStart,
      let parsedHost = Self.host(Array(scalars[hostStart..<hostEnd]))
    else { return nil }
    var port = ""
    if hostEnd < authorityEnd {
      let digits = scalars[(hostEnd + 1)..<authorityEnd]
      if !digits.isEmpty {
        guard digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        var value = 0
        for digit in digits {
          value = value * 10 + Int(digit.value - 0x30)
          guard value <= 65535 else { return nil }
        }
        if value != (scheme == "http" ? 80 : 443) { port = ":\(value)" }
      }
    }
    host = parsedHost + port
    // The path, to the first `?` or `#`; then the query, to the first `#`; then the fragment.
    index = authorityEnd
    var pathEnd = index
    while pathEnd < scalars.count && scalars[pathEnd] != "?" && scalars[pathEnd] != "#" {
      pathEnd += 1
    }
    pathname = Self.path(Array(scalars[index..<pathEnd]))
    index = pathEnd
    search = ""
    hash = ""
    if index < scalars.count && scalars[index] == "?" {
      var queryEnd = index + 1
      while queryEnd < scalars.count && scalars[queryEnd] != "#" { queryEnd += 1 }
      let query = Self.percentEncoded(scalars[(index + 1)..<queryEnd]) {
        $0 < 0x21 || $0 == 0x22 || $0 == 0x23 || $0 == 0x3C || $0 == 0x3E || $0 == 0x27
      }
      if !query.isEmpty { search = "?" + query }
      index = queryEnd
    }
    if index < scalars.count && scalars[index] == "#" {
      let fragment = Self.percentEncoded(scalars[(index + 1)...]) {
        $0 < 0x21 || $0 == 0x22 || $0 == 0x3C || $0 == 0x3E || $0 == 0x60
      }
      if !fragment.isEmpty { hash = "#" + fragment }
    }
  }

  /// `scalars` with each one the set holds, and each above U+007E, as `%XX` of its UTF-8 bytes.
  private static func percentEncoded(
    _ scalars: ArraySlice<Unicode.Scalar>, _ isInSet: (UInt8) -> Bool
  ) -> String {
    var output: [UInt8] = []
    let hex = Array("0123456789ABCDEF".utf8)
    for scalar in scalars {
      var buffer = String()
      buffer.unicodeScalars.append(scalar)
      for byte in buffer.utf8 {
        if byte > 0x7E || isInSet(byte) {
          output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        } else {
          output.append(byte)
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A special URL's path (what follows the authority, to the query): segments at `/` and `\`,
  /// each percent-encoded, `.` and `..` segments (and their percent-encoded forms) resolved.
  private static func path(_ scalars: [Unicode.Scalar]) -> String {
    var segments: [String] = []
    // The path starts with its `/` (or `\`): what follows it is segments.
    var rest = scalars[...]
    if let first = rest.first, first == "/" || first == "\\" { rest = rest.dropFirst() }
    var buffer: [Unicode.Scalar] = []
    var index = rest.startIndex
    while true {
      let atEnd = index == rest.endIndex
      if atEnd || rest[index] == "/" || rest[index] == "\\" {
        let segment = percentEncoded(buffer[...]) {
          $0 < 0x21 || $0 == 0x22 || $0 == 0x23 || $0 == 0x3C || $0 == 0x3E || $0 == 0x3F
            || $0 == 0x60 || $0 == 0x7B || $0 == 0x7D
        }
        let lower = segment.lowercased()
        let isDoubleDot = lower == ".." || lower == ".%2e" || lower == "%2e." || lower == "%2e%2e"
        let isSingleDot = lower == "." || lower == "%2e"
        if isDoubleDot {
          if !segments.isEmpty { segments.removeLast() }
          if atEnd { segments.append("") }
        } else if isSingleDot {
          if atEnd { segments.append("") }
        } else {
          segments.append(segment)
        }
        buffer.removeAll()
        if atEnd { break }
      } else {
        buffer.append(rest[index])
      }
      index = rest.index(after: index)
    }
    return "/" + segments.joined(separator: "/")
  }

  // MARK: Hosts

  /// The host as the standard's host parser serializes it, or nil where it fails.
  private static func host(_ scalars: [Unicode.Scalar]) -> String? {
    plainHost(scalars.lazy.map { $0.value }) ?? parsedHost(scalars)
  }

  /// The host the standard's host parser gives for `units` (code points or UTF-8 bytes) where
  /// it is plain: ASCII letters, digits and `-` in labels that dots part and none is empty, no
  /// label an IDNA one (`xn--`), the last starting with a letter (so no IPv4 address): the same
  /// in lower case. Nil for any other host, which `parsedHost` reads.
  /// - Complexity: O(n).
  static func plainHost<Units: Collection>(_ units: Units) -> String?
  where Units.Element: BinaryInteger {
    var host: [UInt8] = []
    host.reserveCapacity(units.count)
    var labelStart = 0
    for unit in units {
      guard unit < 0x80 else { return nil }
      let byte = UInt8(truncatingIfNeeded: unit)
      let lower = byte | 0x20
      if byte == 0x2E {
        guard host.count > labelStart else { return nil }
        labelStart = host.count + 1
      } else if lower >= 0x61 && lower <= 0x7A {
        host.append(lower)
        continue
      } else {
        guard (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { return nil }
        // `xn--`: the fourth character of a label, a `-` after `xn-`.
        if byte == 0x2D && host.count == labelStart + 3 && host.suffix(3) == [0x78, 0x6E, 0x2D] {
          return nil
        }
      }
      host.append(byte)
    }
    guard host.count > labelStart, host[labelStart] >= 0x61 else { return nil }
    return String(decoding: host, as: UTF8.self)
  }

  /// `host`, for a host `plainHost` does not read: percent-decoded, through UTS #46's ToASCII,
  /// checked for forbidden code points, and read as an IPv4 address where it ends in a number.
  static func parsedHost(_ scalars: [Unicode.Scalar]) -> String? {
    if scalars.first == "[" {
      guard scalars.last == "]", scalars.count > 2,
        let pieces = ipv6(Array(scalars[1..<(scalars.count - 1)]))
      else { return nil }
      return "[" + serialized(ipv6: pieces) + "]"
    }
    // Percent-decoded, read as UTF-8 (what is not is U+FFFD, which fails below).
    var bytes: [UInt8] = []
    var text = String()
    text.unicodeScalars.append(contentsOf: scalars)
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    let domain = String(decoding: bytes, as: UTF8.self)
    guard let ascii = toASCII(domain), !ascii.isEmpty else { return nil }
    let forbidden = "\u{0}\t\n\r #%/:<>?@[\\]^|".unicodeScalars
    guard
      !ascii.unicodeScalars.contains(where: {
        forbidden.contains($0) || $0.value < 0x20 || $0.value == 0x7F
      })
    else { return nil }
    if endsInANumber(ascii) { return ipv4(ascii).map(serialized(ipv4:)) }
    return ascii
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// UTS #46's ToASCII, approximated (see the type's summary): nil where it fails.
  private static func toASCII(_ domain: String) -> String? {
    let isPunycode = domain.lowercased().split(separator: ".").contains { $0.hasPrefix("xn--") }
    if domain.unicodeScalars.allSatisfy({ $0.isASCII }) && !isPunycode {
      return domain.lowercased()
    }
    // The mapping: lower case, NFKC, lower case again (NFKC may give capitals: ℌ is H).
    var mapped = String()
    for scalar in domain.lowercased().unicodeScalars {
      switch scalar.value {
      // Mapped to nothing: soft hyphen, combining grapheme joiner, Mongolian free variation
      // selectors, zero-width space, word joiner, variation selectors, byte order mark.
      case 0xAD, 0x34F, 0x180B...0x180F, 0x200B, 0x2060, 0xFE00...0xFE0F, 0xFEFF,
        0xE0100...0xE01EF:
        continue
      // The ideographic full stops are dots.
      case 0x3002, 0xFF0E, 0xFF61: mapped.unicodeScalars.append(".")
      default: mapped.unicodeScalars.append(scalar)
      }
    }
    let bytes = Array(mapped.utf8)
    #if hasFeature(Embedded)
      // The WebAssembly build has no compatibility mapping (Embedded Swift's standard library
      // holds none): NFC there, so that a host holding compatibility characters (fullwidth
      // letters, ligatures, circled letters) is mapped otherwise than in native builds. Every
      // other host maps alike (NFKC and NFC agree on it).
      let form = Normalization.nfc
    #else
      let form = Normalization.nfkc
    #endif
    mapped =
      bytes.withUnsafeBytes { raw in
        _NormalizedCopy(raw, form: form).map { String(decoding: $0.bytes, as: UTF8.self) }
      } ?? mapped
    mapped = mapped.lowercased()
    var labels: [String] = []
    for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
      let scalars = Array(label.unicodeScalars)
      for scalar in scalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator,
          .lineSeparator, .paragraphSeparator:
          return nil
        default:
          // U+FFFD (from bytes that are no UTF-8) is disallowed.
          if scalar.value == 0xFFFD { return nil }
        }
      }
      if label.hasPrefix("xn--") {
        // An encoded label must decode to one that is not all ASCII.
        guard let decoded = _Punycode.decode(Array(label.utf8.dropFirst(4))),
          decoded.contains(where: { $0 >= 0x80 })
        else { return nil }
        labels.append(String(label))
      } else if scalars.allSatisfy({ $0.isASCII }) {
        labels.append(String(label))
      } else {
        guard let encoded = _Punycode.encode(scalars.map { $0.value }) else { return nil }
        labels.append("xn--" + encoded)
      }
    }
    return labels.joined(separator: ".")
  }

  // MARK: IPv4

  /// Whether the host's last label (a final empty one aside) is a number: the IPv4 parser's.
  private static func endsInANumber(_ host: String) -> Bool {
    var labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if labels.last == "" {
      guard labels.count > 1 else { return false }
      labels.removeLast()
    }
    guard let last = labels.last, !last.isEmpty else { return false }
    if last.allSatisfy({ ("0"..."9").contains($0) }) { return true }
    let lower = last.lowercased()
    return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy { $0.isHexDigit }
  }

  /// The IPv4 address of a host that ends in a number: up to four parts, decimal, `0x`
  /// hexadecimal or `0` octal, the last filling the bytes left; nil where it is none.
  private static func ipv4(_ host: String) -> UInt32? {
    var parts = host.split(separator: ".", omittingEmptySubsequences: false)
    if parts.last == "" { parts.removeLast() }
    guard parts.count <= 4, !parts.isEmpty else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard !part.isEmpty else { return nil }
      var digits = Substring(part)
      var radix = 10
      if digits.count >= 2 && digits.lowercased().hasPrefix("0x") {
        digits = digits.dropFirst(2)
        radix = 16
      } else if digits.count >= 2 && digits.hasPrefix("0") {
        digits = digits.dropFirst()
        radix = 8
      }
      if digits.isEmpty {
        numbers.append(0)
        continue
      }
      // Digits of the radix; any value past 2^32 is too large for an address, so it stops there
      // (and no 128-bit multiplication is needed, which WebAssembly's runtime lacks).
      var value: UInt64 = 0
      for character in digits {
        guard let digit = character.hexDigitValue, digit < radix else { return nil }
        value = min(value &* UInt64(radix) &+ UInt64(digit), UInt64(1) << 33)
      }
      numbers.append(value)
    }
    for number in numbers.dropLast() where number > 255 { return nil }
    let last = numbers.last!
    guard last < UInt64(1) << (8 * (5 - numbers.count)) else { return nil }
    var address = last
    for (index, number) in numbers.dropLast().enumerated() {
      address += number << (8 * (3 - index))
    }
    return UInt32(address)
  }

  private static func serialized(ipv4 address: UInt32) -> String {
    (0..<4).map { String(address >> (8 * (3 - $0)) & 0xFF) }.joined(separator: ".")
  }

  // MARK: IPv6

  /// The eight pieces of an IPv6 address (inside its brackets), or nil where it is none.
  private static func ipv6(_ scalars: [Unicode.Scalar]) -> [UInt16]? {
    var address = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = 0
    func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    if at(0) == ":" {
      guard at(1) == ":" else { return nil }
      pointer = 2
      pieceIndex = 1
      compress = 1
    }
    while let c = at(pointer) {
      guard pieceIndex < 8 else { return nil }
      if c == ":" {
        guard compress == nil else { return nil }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      var value: UInt16 = 0
      var length = 0
      while length < 4, let digit = at(pointer),
        let hex = hexValue(UInt8(truncatingIfNeeded: digit.value)),
        digit.isASCII
      {
        value = value << 4 | UInt16(hex)
        pointer += 1
        length += 1
      }
      if at(pointer) == "." {
        // An IPv4 address in the last two pieces.
        guard length > 0, pieceIndex <= 6 else { return nil }
        pointer -= length
        var numbersSeen = 0
        while let c = at(pointer) {
          var piece: Int?
          if numbersSeen > 0 {
            guard c == ".", numbersSeen < 4 else { return nil }
            pointer += 1
          }
          guard let first = at(pointer), ("0"..."9").contains(first) else { return nil }
          while let digit = at(pointer), ("0"..."9").contains(digit) {
            let number = Int(digit.value - 0x30)
            if piece == 0 { return nil }
            piece = (piece ?? 0) * 10 + number
            guard piece! <= 255 else { return nil }
            pointer += 1
          }
          address[pieceIndex] = address[pieceIndex] * 0x100 + UInt16(piece!)
          numbersSeen += 1
          if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
          _ = c
        }
        guard numbersSeen == 4 else { return nil }
        break
      } else if at(pointer) == ":" {
        pointer += 1
        guard at(pointer) != nil else { return nil }
      } else if at(pointer) != nil {
        return nil
      }
      address[pieceIndex] = value
      pieceIndex += 1
    }
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0 && swaps > 0 {
        address.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      return nil
    }
    return address
  }

  /// An IPv6 address as the standard writes it: lower-case hexadecimal pieces, the first
  /// longest run of two or more zero pieces as `::`.
  private static func serialized(ipv6 pieces: [UInt16]) -> String {
    var bestStart = -1
    var bestLength = 1
    var index = 0
    while index < 8 {
      guard pieces[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < 8 && pieces[end] == 0 { end += 1 }
      if end - index > bestLength {
        bestStart = index
        bestLength = end - index
      }
      index = end
    }
    var output = ""
    var ignoring = false
    for index in 0..<8 {
      if ignoring && pieces[index] == 0 { continue }
      ignoring = false
      if index == bestStart {
        output += index == 0 ? "::" : ":"
        ignoring = true
        continue
      }
      output += String(pieces[index], radix: 16)
      if index != 7 { output += ":" }
    }
    return output
  }
}
