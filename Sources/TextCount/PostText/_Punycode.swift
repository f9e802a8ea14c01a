/// Punycode (RFC 3492), as much as twitter-text's URL check needs: how long a label is once
/// encoded for DNS (`xn--` and the encoding, for a label with a non-ASCII character), since a
/// label longer than 63 bytes makes a host name invalid.
enum _Punycode {
  static let base = 36
  static let tMin = 1
  static let tMax = 26
  static let skew = 38
  static let damp = 700

  /// The length of `label` as punycode.js's `toASCII` writes it: split at the dots it knows
  /// (`.`, `。`, `．`, `｡`), each part with a non-ASCII scalar as `xn--` and its encoding, the
  /// others as they are, joined with dots.
  /// - Complexity: O(n²) in the label's non-ASCII scalars, as the encoder is.
  static func asciiLength(ofLabel label: some Collection<Unicode.Scalar>) -> Int {
    var length = 0
    var part: [UInt32] = []
    var isFirst = true
    func finishPart() {
      if !isFirst { length += 1 }
      isFirst = false
      // An encoding that overflows (none does within the 4,096 scalars a URL may hold) is
      // longer than any label may be.
      length +=
        part.contains { $0 >= 0x80 } ? 4 + (encode(part)?.utf8.count ?? 1 << 32) : part.count
      part.removeAll(keepingCapacity: true)
    }
    for scalar in label {
      switch scalar.value {
      case 0x2E, 0x3002, 0xFF0E, 0xFF61: finishPart()
      default: part.append(scalar.value)
      }
    }
    finishPart()
    return length
  }

  static func adapt(_ delta: Int, pointCount: Int, isFirst: Bool) -> Int {
    var delta = isFirst ? delta / damp : delta / 2
    delta += delta / pointCount
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }
}
