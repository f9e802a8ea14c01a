import TestSupport
import Testing
import TextCount

/// Apple's `NSNonLossyASCIIStringEncoding`, on Linux.
@Suite struct NonLossyASCIITests {
  static let examples: [(text: String, encoded: String)] = [
    ("hello", "hello"),
    ("a\\b", "a\\\\b"),
    ("é", "\\351"),
    ("café", "caf\\351"),
    ("\u{80}\u{FF}", "\\200\\377"),
    ("Ā", "\\u0100"),
    ("你好", "\\u4f60\\u597d"),
    ("🐶", "\\ud83d\\udc36"),
    ("👍🏽", "\\ud83d\\udc4d\\ud83c\\udffd"),
    ("€ 100", "\\u20ac 100"),
    ("tab\tnew\nline", "tab\tnew\nline"),
    ("\u{FFFF}", "\\uffff"),
    ("\u{10FFFF}", "\\udbff\\udfff"),
    ("", ""),
  ]

  @Test(arguments: examples.indices)
  func encodesAsApple(_ index: Int) throws {
    let example = Self.examples[index]
    #expect(NonLossyASCII.encode(example.text) == example.encoded)
    #expect(try NonLossyASCII.decode(example.encoded) == example.text)
  }

  @Test func decodesUppercaseHexAndBMPEscapesOfLatin1() throws {
    #expect(try NonLossyASCII.decode("\\u00E9\\U00e9") == "éé")
    #expect(try NonLossyASCII.decode("\\uD83D\\uDC36") == "🐶")
  }

  @Test(arguments: [
    ("abc\\", 3, NonLossyASCIIDecodingError.Reason.malformedEscape),
    ("\\x41", 0, .malformedEscape),
    ("ok \\u12", 3, .malformedEscape),
    ("\\u12g4", 0, .malformedEscape),
    ("\\400", 0, .malformedEscape),
    ("\\38", 0, .malformedEscape),
    ("x\\ud83d", 1, .unpairedSurrogate),
    ("\\ud83d\\u0041", 0, .unpairedSurrogate),
    ("ab\\udc36", 2, .unpairedSurrogate),
  ])
  func rejectsMalformedInputAtItsOffset(
    _ input: String, _ offset: Int, _ reason: NonLossyASCIIDecodingError.Reason
  ) {
    #expect(throws: NonLossyASCIIDecodingError(offset: offset, reason: reason)) {
      try NonLossyASCII.decode(input)
    }
  }

  @Test func roundTripsRandomStringsOfEveryPlane() throws {
    let seed: UInt64 = 0x5EED_000C
    var random = SeededGenerator(seed: seed)
    for iteration in 0..<20_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: scalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
        case 1: scalars.append(Unicode.Scalar(UInt8.random(in: 0x80...0xFF, using: &random)))
        case 2: scalars.append("\\")
        default:
          scalars.append(Unicode.Scalar(RandomText.scalar(using: &random))!)
        }
      }
      let text = String(scalars)
      let encoded = NonLossyASCII.encode(text)
      #expect(encoded.utf8.allSatisfy { $0 < 0x80 }, "seed \(seed) #\(iteration)")
      #expect(
        Array(try NonLossyASCII.decode(encoded).unicodeScalars) == Array(text.unicodeScalars),
        "seed \(seed) #\(iteration)")
      #expect(
        NonLossyASCII.needsSupplementaryPlaneEscaping(text)
          == text.unicodeScalars.contains { $0.value > 0xFFFF })
    }
  }
}
