/// The emoji-safe ASCII codec of Apple's `NSNonLossyASCIIStringEncoding`, for back ends that store
/// text in columns that reject 4-byte UTF-8 (MySQL `utf8`/`utf8mb3`), on every platform.
///
/// ASCII passes through, except `\`, which becomes `\\`; U+0080–U+00FF become a backslash and
/// three octal digits (`é` → `\351`); everything else becomes `\u` and four lowercase hex digits
/// per UTF-16 code unit (`🐶` → `\ud83d\udc36`). On Linux, Foundation does not implement the
/// encoding (`data(using: .nonLossyASCII)` returns nil); this does, byte for byte as Apple's.
///
/// ```swift
/// NonLossyASCII.encode("café 🐶")              // "caf\\351 \\ud83d\\udc36"
/// try NonLossyASCII.decode("caf\\351 \\ud83d\\udc36")   // "café 🐶"
/// ```
public enum NonLossyASCII {
  /// The text in Apple's non-lossy ASCII form: pure ASCII, reversible with `decode(_:)`.
  /// - Complexity: O(n).
  public static func encode(_ text: some StringProtocol) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch value {
      case 0x5C:
        output += [0x5C, 0x5C]
      case 0..<0x80:
        output.append(UInt8(value))
      case 0x80...0xFF:
        output.append(0x5C)
        for shift in [6, 3, 0] { output.append(0x30 + UInt8((value >> UInt32(shift)) & 7)) }
      default:
        for unit in String(scalar).utf16 {
          output += [0x5C, 0x75]
          for shift in [12, 8, 4, 0] {
            output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
          }
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The text that `encode(_:)` (or Apple's encoding) turned into `ascii`.
  ///
  /// Characters that are not escapes pass through, non-ASCII ones included.
  /// - Throws: `NonLossyASCIIDecodingError` for a backslash that starts no valid escape, or a
  ///   `\u` surrogate without its pair, with the UTF-8 offset of the backslash.
  /// - Complexity: O(n).
  public static func decode(_ ascii: some StringProtocol) throws(NonLossyASCIIDecodingError)
    -> String
  {
    let bytes = Array(ascii.utf8)
    var scalars = String.UnicodeScalarView()
    var index = 0
    /// The UTF-16 unit of a `\uXXXX` escape at `start`, if there is one.
    func unicodeEscape(at start: Int) -> UInt16? {
      guard start + 6 <= bytes.count, bytes[start] == 0x5C,
        bytes[start + 1] == 0x75 || bytes[start + 1] == 0x55
      else { return nil }
      var unit: UInt16 = 0
      for byte in bytes[(start + 2)..<(start + 6)] {
        guard let digit = hexValue(byte) else { return nil }
        unit = unit << 4 | UInt16(digit)
      }
      return unit
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x5C else {
        // Copy a run of non-escape bytes (well-formed UTF-8: it came from a String).
        var end = index + 1
        while end < bytes.count && bytes[end] != 0x5C { end += 1 }
        scalars.append(
          contentsOf: String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars)
        index = end
        continue
      }
      guard index + 1 < bytes.count else {
        throw NonLossyASCIIDecodingError(offset: index, reason: .malformedEscape)
      }
      let next = bytes[index + 1]
      if next == 0x5C {
        scalars.append("\\")
        index += 2
      } else if next == 0x75 || next == 0x55 {
        guard let unit = unicodeEscape(at: index) else {
          throw NonLossyASCIIDecodingError(offset: index, reason: .malformedEscape)
        }
        if UTF16.isLeadSurrogate(unit) {
          guard let trail = unicodeEscape(at: index + 6), UTF16.isTrailSurrogate(trail) else {
            throw NonLossyASCIIDecodingError(offset: index, reason: .unpairedSurrogate)
          }
          let value = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(trail - 0xDC00))
          scalars.append(Unicode.Scalar(value)!)
          index += 12
        } else if UTF16.isTrailSurrogate(unit) {
          throw NonLossyASCIIDecodingError(offset: index, reason: .unpairedSurrogate)
        } else {
          scalars.append(Unicode.Scalar(unit)!)
          index += 6
        }
      } else if index + 4 <= bytes.count, let octal = octalValue(bytes[(index + 1)..<(index + 4)]) {
        scalars.append(Unicode.Scalar(UInt8(octal)))
        index += 4
      } else {
        throw NonLossyASCIIDecodingError(offset: index, reason: .malformedEscape)
      }
    }
    return String(scalars)
  }

  /// Whether `text` holds a scalar above U+FFFF (emoji, rare CJK, historic scripts): what a
  /// 3-byte-UTF-8 column (MySQL `utf8mb3`) rejects, and what `encode(_:)` writes as a pair.
  /// - Complexity: O(n), a scan of the UTF-8 bytes for a 4-byte lead.
  public static func needsSupplementaryPlaneEscaping(_ text: some StringProtocol) -> Bool {
    text.utf8.contains { $0 >= 0xF0 }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x61...0x66: byte - 0x61 + 10
    case 0x41...0x46: byte - 0x41 + 10
    default: nil
    }
  }

  /// Three octal digits naming U+0000–U+00FF.
  private static func octalValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
    var value: UInt32 = 0
    for digit in digits {
      guard (0x30...0x37).contains(digit) else { return nil }
      value = value << 3 | UInt32(digit - 0x30)
    }
    return value <= 0xFF ? value : nil
  }
}

/// Text given to `NonLossyASCII.decode(_:)` is not in the non-lossy ASCII form.
public struct NonLossyASCIIDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the escape.
  public enum Reason: Sendable, Hashable {
    /// A backslash followed by neither `\`, three octal digits (≤ 377) nor `u` and four hex digits.
    case malformedEscape
    /// A `\u` surrogate without its other half.
    case unpairedSurrogate
  }

  /// UTF-8 offset of the backslash that starts the bad escape.
  public let offset: Int
  /// What is wrong with the escape there.
  public let reason: Reason

  /// An error at UTF-8 `offset`, for `reason`.
  public init(offset: Int, reason: Reason) {
    self.offset = offset
    self.reason = reason
  }

  /// The error in words, with its offset, e.g. "malformed escape at offset 4".
  public var description: String {
    switch reason {
    case .malformedEscape: "malformed escape at offset \(offset)"
    case .unpairedSurrogate: "unpaired surrogate escape at offset \(offset)"
    }
  }
}
