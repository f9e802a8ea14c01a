import TestSupport
import Testing

@testable import TextCount

/// Long inputs, where the fast path counts in 32- and 64-byte blocks (the vector kernels): every
/// block edge, every ill-formed pattern at every offset in a block, CR LF across blocks, and long
/// random buffers, against the standard library, in every unit.
@Suite struct LongRunTests {
  static let units: [TextUnit] = [.graphemes, .utf16, .unicodeScalars, .utf8]

  /// Ill-formed sequences, and well-formed ones cut short.
  static let badPatterns: [[UInt8]] = [
    [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
    [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
    [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFF], [0xC3], [0xE4, 0xB8],
    [0xF0, 0x9F, 0x98], [0xE4], [0xF0], [0xC3, 0xC3],
  ]

  /// 96 bytes of ASCII, then Chinese, Cyrillic and an emoji: well-formed, every width.
  static let base: [UInt8] = Array(
    (String(repeating: "plain ascii text. ", count: 6).prefix(96)
      + "中文字符测试俄语Привет мир😀👍🏽 end").utf8)

  @Test(arguments: allBackends, units)
  func everyBadPatternAtEveryOffsetCountsAsStringDecodingDoes(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let counter = TextCounter(unit: unit, backend: backend, concurrency: 1)
    // The base again after it: long enough for a block after the bad bytes too.
    let mismatches = Self.insertAtEveryOffset(
      Self.badPatterns, into: Self.base, followedBy: Self.base, counter)
    #expect(mismatches.count == 0)
  }

  @Test(arguments: allBackends, units)
  func lineEndingsAndPrependAtEveryOffsetOfAnASCIIRun(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let counter = TextCounter(unit: unit, backend: backend, concurrency: 1)
    let ascii = [UInt8](repeating: 0x61, count: 150)
    // CR LF, a lone CR, CR at the run's end, and a Prepend (U+0600) or a CR just before the run.
    let inserts: [(before: [UInt8], inside: [UInt8])] = [
      ([], [0x0D, 0x0A]), ([], [0x0D]), ([], [0x0A, 0x0D]), ([0xD8, 0x80], [0x0D, 0x0A]),
      ([0x0D], [0x0A]), ([0xD8, 0x80], []), ([0x0D], []), ([0xCC, 0x81], [0x0D, 0x0D, 0x0A]),
    ]
    var mismatches = Mismatches()
    for (before, inside) in inserts {
      for offset in 0...ascii.count {
        var run = ascii
        run.insert(contentsOf: inside, at: offset)
        for tail: [UInt8] in [[], [0xCC, 0x81], Array("中".utf8)] {
          let bytes = Array("x中".utf8) + before + run + tail
          mismatches.check(counter, bytes, "\(before) + \(inside) at \(offset) + \(tail)")
        }
      }
    }
    #expect(mismatches.count == 0)
  }

  /// Text the automaton kernel takes (emoji sequences, Indic conjuncts, harakat, flags, ASCII
  /// runs of every length and line endings) with bytes that break it at every offset: a bad
  /// sequence, a CR, an LF, a Prepend before ASCII.
  /// Text the automaton kernel takes, and bytes that break it.
  static let automatonText = Array(
    "👩🏽\u{200D}💻 ok\r\nक्षि ab بَيْ 🇯🇵👍🏽 x lorem ipsum\n❤\u{FE0F}\u{200D}🔥 done. नमस्ते 1".utf8)
  static let automatonInserts: [[UInt8]] = [
    [0x0D], [0x0A], [0x0D, 0x0A], [0xD8, 0x80], [0xD8, 0x80, 0x31], [0xCC, 0x81],
    [0xE2, 0x80, 0x8D], [0xF0, 0x9F, 0x98], [0xE0, 0xA4], [0x80], [0xFF],
  ]

  @Test(arguments: allBackends, units)
  func automatonTextWithAnInsertAtEveryOffset(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let counter = TextCounter(unit: unit, backend: backend, concurrency: 1)
    // Blocks before and after the insert.
    let mismatches = Self.insertAtEveryOffset(
      Self.automatonInserts, into: Self.automatonText, after: Self.automatonText,
      followedBy: Self.automatonText, counter)
    #expect(mismatches.count == 0)
  }

  /// A kana run with a mark (or a neighbour of one, or an E3 sequence cut short) inserted at
  /// every scalar offset, after three leads: the inputs and what they are.
  static var kanaRunsWithAnInsert: [(bytes: [UInt8], label: String)] {
    // Kana of all three second bytes (E3 81, E3 82, E3 83) and CJK punctuation (E3 80), 120 bytes.
    let run = Array("ありがとうございます。るれろわをん、カタカナのテスト".unicodeScalars)
    // The marks under lead E3 (a voicing mark joins the kana before it; so do the tone marks),
    // their neighbours, which are standalone, and an E3 sequence cut short; the narrow and
    // unassigned scalars the length kernel's kana rule leaves out (U+303F, U+3040, U+3097,
    // U+3098), their neighbours, and scalars past its range (U+3100, U+3400).
    let inserts: [[UInt8]] = [
      Array("\u{3099}".utf8), Array("\u{309A}".utf8), Array("\u{302A}".utf8),
      Array("\u{302F}".utf8), Array("\u{3098}".utf8), Array("\u{309B}".utf8),
      Array("\u{3029}".utf8), Array("\u{3030}".utf8), [0xE3, 0x82], [0xE3],
      Array("\u{303F}".utf8), Array("\u{3040}".utf8), Array("\u{3097}".utf8),
      Array("\u{303E}".utf8), Array("\u{3041}".utf8), Array("\u{3096}".utf8),
      Array("\u{30FF}".utf8), Array("\u{3100}".utf8), Array("\u{3400}".utf8),
    ]
    var inputs: [(bytes: [UInt8], label: String)] = []
    for insert in inserts {
      for offset in 0...run.count {
        let before = Array(String(String.UnicodeScalarView(run[..<offset])).utf8)
        let after = Array(String(String.UnicodeScalarView(run[offset...])).utf8)
        for lead: [UInt8] in [[], Array("ab".utf8), Array("ん".utf8)] {
          let bytes =
            lead + before + insert + after + Array(String(String.UnicodeScalarView(run)).utf8)
          inputs.append((bytes, "\(insert) at \(offset) after \(lead)"))
        }
      }
    }
    return inputs
  }

  @Test(arguments: allBackends, units)
  func kanaMarksAtEveryOffsetOfAKanaRun(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let counter = TextCounter(unit: unit, backend: backend, concurrency: 1)
    var mismatches = Mismatches()
    for (bytes, label) in Self.kanaRunsWithAnInsert {
      mismatches.check(counter, bytes, label)
    }
    #expect(mismatches.count == 0)
  }

  @Test(arguments: allBackends, units)
  func longRandomBuffersCountAsStringDecodingDoes(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let seed: UInt64 = 0x5EED_0C0D
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend, concurrency: 1)
    var mismatches = Mismatches()
    for iteration in 0..<iterations(2_000, for: unit) {
      let bytes = Self.longBuffer(using: &random)
      let expected = Reference.count(utf8: bytes, in: unit)
      mismatches.check(counter.count(utf8: bytes), expected, "seed \(seed) #\(iteration)")
      var streaming = StreamingTextCounter(unit: unit, backend: backend)
      let cut = Int.random(in: 0...bytes.count, using: &random)
      bytes.withUnsafeBytes {
        streaming.append(utf8: UnsafeRawBufferPointer(rebasing: $0[..<cut]))
        streaming.append(utf8: UnsafeRawBufferPointer(rebasing: $0[cut...]))
      }
      mismatches.check(
        streaming.finish(), expected, "seed \(seed) #\(iteration), streamed, cut \(cut)")
    }
    #expect(mismatches.count == 0)
  }

  /// Counts `head + text + tail`, with each insert at every byte offset of `text`, against
  /// `String(decoding:)`.
  static func insertAtEveryOffset(
    _ inserts: [[UInt8]], into text: [UInt8], after head: [UInt8] = [],
    followedBy tail: [UInt8], _ counter: TextCounter
  ) -> Mismatches {
    var mismatches = Mismatches()
    for insert in inserts {
      for offset in 0...text.count {
        var bytes = text
        bytes.insert(contentsOf: insert, at: offset)
        mismatches.check(counter, head + bytes + tail, "\(insert) at \(offset)")
      }
    }
    return mismatches
  }

  /// Up to about 1 KiB: long ASCII runs with line endings, runs of one script, random scalars of
  /// every class, and now and then an ill-formed sequence.
  static func longBuffer(using random: inout SeededGenerator) -> [UInt8] {
    var bytes: [UInt8] = []
    let target = Int.random(in: 0...1_100, using: &random)
    while bytes.count < target {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3:
        for _ in 0..<Int.random(in: 1...120, using: &random) {
          let roll = Int.random(in: 0..<40, using: &random)
          switch roll {
          case 0: bytes += [0x0D, 0x0A]
          case 1: bytes += [0x0D]
          case 2: bytes += [0x0A]
          default: bytes.append(0x61 + UInt8(roll % 26))
          }
        }
      case 3..<6:
        let script = [
          "中", "ж", "か", "😀", "ب", "न", "بَ", "कि", "क़ा", "👍🏽", "e\u{301}", "☺\u{FE0F}",
          "\n\u{301}", "\u{1F1EF}\u{1F1F5}", "👩\u{200D}💻", "क्ष", "👩🏽\u{200D}💻",
          "क\u{93C}\u{94D}ष", "るカ、", "は\u{3099}", "か\u{302A}",
        ].randomElement(using: &random)!
        let repeats = Int.random(in: 1...40, using: &random)
        bytes += Array(String(repeating: script, count: repeats).utf8)
      case 6..<9:
        bytes += Array(String(Unicode.Scalar(RandomText.scalar(using: &random))!).utf8)
      default:
        bytes += RandomText.bytes(maxLength: 4, using: &random)
      }
    }
    return bytes
  }
}
