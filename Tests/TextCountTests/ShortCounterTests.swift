import TestSupport
import Testing
import TextCount

/// The short path of the named units (`_ShortCounters`, what the C API asks first) gives the
/// general path's counts, and answers itself where it should. Oracles: the standard library's
/// `String` views for graphemes, UTF-16, scalars and UTF-8 (the bytes repaired by
/// `String(decoding:)`); the general path (`TextCounter.count(utf8:)`, tested against Unicode's
/// data, twitter-text's cases and utf8proc elsewhere) for width, the weights and the post
/// lengths. Texts of 0 to 70 bytes (across the 64-byte bound): ASCII with and without controls
/// and CR LF, every grapheme class, ill-formed bytes, URLs and mentions.
@Suite struct ShortCounterTests {
  /// The named units' numbers and the units, as `_ShortCounters.named` orders them.
  static let units = Array(_ShortCounters.named.enumerated())

  /// What `String` counts in the four units whose views it has; nil for the others.
  static func viewCount(_ bytes: [UInt8], _ unit: TextUnit) -> Int? {
    let text = String(decoding: bytes, as: UTF8.self)
    switch unit {
    case .graphemes: return text.count
    case .utf16: return text.utf16.count
    case .unicodeScalars: return text.unicodeScalars.count
    case .utf8: return text.utf8.count
    default: return nil
    }
  }

  /// Checks one text in every named unit; returns the units the short path answered.
  static func check(_ bytes: [UInt8], _ mismatches: inout [String]) -> Set<Int> {
    var answered: Set<Int> = []
    for (index, unit) in units {
      let short = bytes.withUnsafeBytes { _ShortCounters.count($0, named: index) }
      let general = bytes.withUnsafeBytes { TextCounter(unit: unit).count(utf8: $0) }
      let expected = viewCount(bytes, unit) ?? general
      if let short {
        answered.insert(index)
        if short != expected { mismatches.append("\(unit) \(bytes): \(short), not \(expected)") }
      }
      if bytes.count >= _ShortCounter.maximumLength && short != nil {
        mismatches.append("\(unit) \(bytes.count) bytes: answered past the short path's bound")
      }
    }
    return answered
  }

  @Test("every named unit, on random text and random bytes, as the general path counts")
  func randomTexts() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    var mismatches: [String] = []
    for _ in 0..<testIterations(4_000) {
      let text = RandomText.string(maxScalars: 18, using: &random)
      _ = Self.check(Array(text.utf8), &mismatches)
      _ = Self.check(RandomText.bytes(maxLength: 70, using: &random), &mismatches)
      // ASCII alone (the short path's word-at-a-time branch): controls, CR LF, URL bytes.
      let ascii: [UInt8] = Array("a Z.\r\n\t\u{7F}\u{0}@:/".utf8)
      let length = Int.random(in: 0...70, using: &random)
      _ = Self.check((0..<length).map { _ in ascii.randomElement(using: &random)! }, &mismatches)
    }
    #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(8))")
  }

  /// Texts the short path must answer in every unit but those named (none holds a cluster NFC
  /// may change, and only the ones named a byte where a URL or mention may start), and texts it
  /// must leave to the general path (64 bytes or more). The unit numbers: 7 x, 8 mastodon, 13
  /// mastodon-composer, 14 bluesky-composer, 15 Bluesky's published bytes (which leaves a line
  /// break, a control or white space at the end to the general path, which trims).
  @Test(
    "the short path answers short texts in every unit, and only where it should",
    arguments: [
      (Array("Hello, world! 123456".utf8), []), ([], []),
      (Array("tab\tand\r\nCR LF\u{7F}".utf8), [15]), (Array("我能吞下玻璃而不伤身".utf8), []),
      // Emoji of one scalar: a sequence (a skin tone, a flag) is the general path's in the
      // weighted units, which find the RGI emoji it starts with.
      (Array("ok 👍😀 yes".utf8), []), (Array("नमस्ते दोस्त".utf8), []),
      ([0x61, 0xFF, 0x80, 0x62, 0xE2, 0x82], []), (Array("  \n ".utf8), [15]),
      (Array("ends. Then more".utf8), []), (Array("ends\u{3000}".utf8), [15]),
      (Array("see https://example.com".utf8), [7, 8, 13, 14, 15]),
      (Array("@bob@example.social".utf8), [7, 8, 13]),
      (Array(repeating: 0x61, count: 64), Array(0..<16)),
    ] as [([UInt8], [Int])])
  func answersWhereItShould(bytes: [UInt8], unanswered: [Int]) {
    var mismatches: [String] = []
    let answered = Self.check(bytes, &mismatches)
    #expect(mismatches.isEmpty, "\(mismatches)")
    #expect(
      answered == Set(Self.units.map(\.offset)).subtracting(unanswered),
      "answered \(answered.sorted())")
  }

  @Test("UTF-32 code points, surrogates and values past U+10FFFF among them, as their UTF-8")
  func utf32() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    var mismatches: [String] = []
    var answered = 0
    for _ in 0..<testIterations(3_000) {
      let text = RandomText.string(maxScalars: 20, using: &random)
      var values = text.unicodeScalars.map(\.value)
      // Lone surrogates and out-of-range values, as a Python str or a wchar_t may hold them.
      for _ in 0..<Int.random(in: 0...2, using: &random) where !values.isEmpty {
        let bad: [UInt32] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0xFFFF_FFFF]
        values[Int.random(in: 0..<values.count, using: &random)] = bad.randomElement(
          using: &random)!
      }
      // What Swift reads: each value that is no scalar as U+FFFD.
      let repaired = String(
        decoding: values.map { Unicode.Scalar($0) ?? "\u{FFFD}" }.map(\.value), as: UTF32.self)
      let bytes = Array(repaired.utf8)
      for (index, unit) in Self.units {
        let short = values.withUnsafeBufferPointer { _ShortCounters.count(utf32: $0, named: index) }
        let expected =
          Self.viewCount(bytes, unit)
          ?? bytes.withUnsafeBytes {
            TextCounter(unit: unit).count(utf8: $0)
          }
        if let short {
          answered += 1
          if short != expected { mismatches.append("\(unit) \(values): \(short), not \(expected)") }
        }
      }
    }
    #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(8))")
    #expect(answered > testIterations(3_000) * 6, "the short path answered \(answered) times")
  }

  @Test(
    "post lengths: UTF-32 code points leave for the general path exactly where their UTF-8 does",
    arguments: [
      "Hello there. how are you", "see example.com now", "a.b", "x.日本", "ratio 3.5 ok",
      "time: 10:30", "http://a.b", "gemini://x", "@alice hi", "mail@x", "end.", "a:/b", "a://",
      ".", ":", "é. a", "café.com", "so.A", "x.[y]",
    ])
  func utf32PostCandidates(_ text: String) {
    let bytes = Array(text.utf8)
    let values = text.unicodeScalars.map(\.value)
    for (index, unit) in Self.units {
      guard case .post = unit else { continue }
      let fromUTF8 = bytes.withUnsafeBytes { _ShortCounters.count($0, named: index) }
      let fromUTF32 = values.withUnsafeBufferPointer {
        _ShortCounters.count(utf32: $0, named: index)
      }
      #expect(
        (fromUTF8 == nil) == (fromUTF32 == nil),
        "\(unit) \(text): \(fromUTF8 as Any), \(fromUTF32 as Any)")
      if let fromUTF32 {
        #expect(fromUTF32 == TextCounter(unit: unit).count(text), "\(unit) \(text)")
      }
    }
  }

  @Test("a cluster NFC may change goes to the general path, in the weights that normalize")
  func normalizingClusters() {
    let bytes = Array("ne\u{301}e".utf8)  // e + U+0301 composes to é in NFC
    var mismatches: [String] = []
    let answered = Self.check(bytes, &mismatches)
    #expect(mismatches.isEmpty, "\(mismatches)")
    // twitter and wide2 normalize to NFC, and so does x's weight; width does not.
    #expect(!answered.contains(5) && !answered.contains(6) && !answered.contains(7))
    #expect(answered.contains(4))
  }
}
