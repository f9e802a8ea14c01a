extension _Punycode {
  /// The RFC 3492 encoding of `codePoints` (without `xn--`), or nil where it overflows.
  /// - Complexity: O(n²) in the non-ASCII scalars.
  static func encode(_ codePoints: [UInt32]) -> String? {
    var output: [UInt8] = codePoints.filter { $0 < 0x80 }.map { UInt8($0) }
    let basicCount = output.count
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }
    var handled = basicCount
    var n: UInt32 = 0x80
    var delta = 0
    var bias = 72
    func digit(_ value: Int) -> UInt8 {
      value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
    }
    while handled < codePoints.count {
      guard let next = codePoints.filter({ $0 >= n }).min() else { break }
      let (product, overflow) = Int(next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow else { return nil }
      delta += product
      n = next
      for codePoint in codePoints {
        if codePoint < n { delta += 1 }
        guard codePoint == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, pointCount: handled + 1, isFirst: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The code points RFC 3492 decodes from `ascii` (a label after `xn--`, lower case), or nil
  /// where it is no valid encoding.
  /// - Complexity: O(n²).
  static func decode(_ ascii: [UInt8]) -> [UInt32]? {
    var output: [UInt32] = []
    var start = 0
    if let dash = ascii.lastIndex(of: UInt8(ascii: "-")) {
      for byte in ascii[..<dash] {
        guard byte < 0x80 else { return nil }
        output.append(UInt32(byte))
      }
      start = dash + 1
    }
    var n: UInt32 = 0x80
    var i = 0
    var bias = 72
    var index = start
    while index < ascii.count {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard index < ascii.count else { return nil }
        let byte = ascii[index]
        index += 1
        let digit: Int
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
        let (step, overflow) = digit.multipliedReportingOverflow(by: w)
        guard !overflow, i <= Int.max - step else { return nil }
        i += step
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if digit < t { break }
        w *= base - t
        k += base
      }
      bias = adapt(i - oldI, pointCount: output.count + 1, isFirst: oldI == 0)
      let (codePoint, overflow) = UInt32(truncatingIfNeeded: i / (output.count + 1))
        .addingReportingOverflow(n)
      guard !overflow, codePoint <= 0x10FFFF else { return nil }
      n = codePoint
      i %= output.count + 1
      output.insert(n, at: i)
      i += 1
    }
    return output
  }
}
