import Foundation
import TestSupport
import Testing

@testable import TextCount

/// SMS measures against Twilio's message-segment-calculator, run on all of its published tests
/// (Tests/Fixtures/SMS/twilio-cases.tsv: the 595 messages its tests build, with what it said of
/// each), 24 boundary cases run on it and worked out for the split between scalars
/// (extra-cases.tsv), and 3GPP TS 23.038's alphabet (gsm0338-default-alphabet.tsv, Twilio's
/// table cross-checked with PyPI `gsm0338` and `gsmcodecs`).
@Suite struct SMSTests {
  static let twilio = CaseTable("SMS/twilio-cases.tsv")
  static let extra = CaseTable("SMS/extra-cases.tsv")

  /// Twilio's calculator splits text into clusters with grapheme-splitter 1.0.4 (Unicode 10),
  /// TextLimit with Unicode 17's rules; none of its published messages is clustered differently
  /// by the two (checked here: the list of cases left out is empty).
  static let leftOut: [String: String] = [:]

  @Test func everyCaseIsRead() {
    #expect(Self.twilio.rows.count == 595)
    #expect(Self.extra.rows.count == 24)
    #expect(Self.twilio.rows.allSatisfy { $0["test_passed"] == "true" })
  }

  static func units(_ row: CaseTable.Row) -> Int? {
    guard let bits = row.int("message_bits") else { return nil }
    return row["encoding"] == "GSM-7" ? bits / 7 : bits / 16
  }

  /// The list in order, each once.
  static func distinct(_ list: [String]) -> [String] {
    var seen: Set<String> = []
    return list.filter { seen.insert($0).inserted }
  }

  @Test(arguments: twilio.rows.filter { leftOut[$0.testDescription] == nil })
  func twilioCase(_ row: CaseTable.Row) throws {
    let text = row.text("input")
    let options = SMSOptions(replacesLookalikes: row["smart_encoding"] == "true")
    let sms = SMSMessage(text, options: options)
    #expect(sms.encoding.name == row["encoding"])
    #expect(sms.segmentCount == row.int("segments"))
    #expect(sms.unitCount == Self.units(row))
    #expect(sms.charactersForcingUCS2 == Self.distinct(row.strings("non_gsm_chars")))
    // The unit counts the segments, in strings, bytes and streams alike.
    let counter = TextCounter(unit: .sms(options))
    #expect(counter.count(text) == sms.segmentCount)
    var stream = StreamingTextCounter(unit: .sms(options))
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == sms.segmentCount)
    // The whole measure of a stream, the one the command-line tool prints.
    var measure = StreamingSMSMessage(options: options)
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { measure.append(utf8: $0) } }
    #expect(measure.finish() == sms)
  }

  /// The boundary cases: Twilio's run for the default split between clusters, and the split
  /// between scalars (escape and surrogate pairs kept whole) worked out apart.
  @Test(arguments: extra.rows)
  func boundaryCase(_ row: CaseTable.Row) {
    let text = row.text("input")
    let replaces = row["smart_encoding"] == "true"
    for (split, prefix) in [
      (SMSOptions.Split.wholeClusters, "twilio"), (.pairsOnly, "scalar_policy"),
    ] {
      let sms = SMSMessage(text, options: SMSOptions(split: split, replacesLookalikes: replaces))
      let payloads = row["\(prefix)_payload_per_segment"].split(separator: ",").compactMap {
        Int($0)
      }
      #expect(sms.encoding.name == row["\(prefix)_encoding"], "\(split)")
      #expect(sms.segmentCount == max(1, payloads.count), "\(split)")
      #expect(sms.unitCount == payloads.reduce(0, +), "\(split)")
    }
    #expect(
      SMSMessage(text, options: SMSOptions(replacesLookalikes: replaces)).charactersForcingUCS2
        == Self.distinct(row.strings("non_gsm_chars")))
  }

  /// Every character of TS 23.038's default alphabet is one septet, of its extension table two;
  /// every other scalar below U+2100 makes a message UCS-2 (U+001B too: septet 0x1B is the
  /// escape to the extension table, not a character, as Twilio's table has it).
  @Test func theDefaultAlphabet() {
    let table = CaseTable("SMS/gsm0338-default-alphabet.tsv")
    #expect(table.rows.count == 138)
    var inAlphabet: Set<UInt32> = []
    for row in table.rows where row["in_twilio_UnicodeToGSM"] == "yes" {
      let value = UInt32(row["code_point"].dropFirst(2), radix: 16)!
      inAlphabet.insert(value)
      let sms = SMSMessage(String(Character(Unicode.Scalar(value)!)))
      #expect(sms.encoding == .gsm7, "\(row["code_point"])")
      #expect(sms.unitCount == row.int("septets"), "\(row["code_point"])")
    }
    for value in UInt32(0)..<0x2100 where !inAlphabet.contains(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(SMSMessage(String(scalar)).encoding == .ucs2, "U+\(String(value, radix: 16))")
    }
  }

  /// Messages at the capacities, worked out by hand from TS 23.038 and TS 23.040 (140 octets a
  /// message, a six-octet concatenation header in each part: 160 and 153 septets, 70 and 67
  /// UTF-16 code units) and Twilio's split of a CR LF into its CR and its LF.
  @Test(arguments: [
    (String(repeating: "a", count: 306), SMSOptions.Split.wholeClusters, 306, 2),
    (String(repeating: "a", count: 307), .wholeClusters, 307, 3),
    (
      String(repeating: "a", count: 152) + "€" + String(repeating: "a", count: 153), .wholeClusters,
      307, 3
    ),  // the escape pair does not fit the first part's last septet: 152, 155 > 153
    (String(repeating: "日", count: 134), .wholeClusters, 134, 2),
    (String(repeating: "日", count: 135), .wholeClusters, 135, 3),
    (
      String(repeating: "日", count: 66) + "\r\n" + String(repeating: "日", count: 66),
      .wholeClusters,
      134, 2
    ),  // the CR ends the first part, the LF starts the second
    (
      String(repeating: "日", count: 66) + "😀" + String(repeating: "日", count: 66), .pairsOnly,
      134, 3
    ),  // the surrogate pair does not fit the first part's last unit
    (
      String(repeating: "日", count: 66) + "e\u{301}" + String(repeating: "日", count: 66),
      .pairsOnly, 134, 2
    ),  // the accent goes to the second part, its letter stays
    (
      String(repeating: "日", count: 66) + "e\u{301}" + String(repeating: "日", count: 66),
      .wholeClusters, 134, 3
    ),  // the letter and its accent go together
    (
      "ç😀" + String(repeating: "a", count: 64) + "bc\r\ndefg" + String(repeating: "h", count: 59),
      .wholeClusters, 134, 2
    ),  // the second part starts with the b, eight ASCII bytes with a CR LF
  ])
  func handCase(_ text: String, _ split: SMSOptions.Split, _ units: Int, _ segments: Int) {
    let sms = SMSMessage(text, options: SMSOptions(split: split))
    #expect(sms.unitCount == units)
    #expect(sms.segmentCount == segments)
    // The count's fast paths agree.
    #expect(TextCounter(unit: .sms(SMSOptions(split: split))).count(text) == segments)
    #expect(sms.unitsPerSegment == (sms.encoding == .gsm7 ? 153 : 67))
  }

  /// National language tables (TS 23.038 Annex A), worked out by hand: `ğ` is in Turkish's
  /// locking shift table (one septet) and single shift table (two); a header declaring one table
  /// leaves 155 septets in one message, 149 in each part.
  @Test func nationalLanguageTables() {
    let turkish = SMSOptions(nationalLanguage: .turkish)
    let short = "ğ" + String(repeating: "a", count: 154)
    #expect(SMSMessage(short).encoding == .ucs2)
    let sms = SMSMessage(short, options: turkish)
    #expect(sms.encoding == .gsm7)
    #expect(sms.unitCount == 155)
    #expect(sms.segmentCount == 1)
    #expect(sms.unitsPerSegment == 155)
    #expect(sms.lockingShiftTable == .turkish)
    #expect(sms.singleShiftTable == nil)
    // One more: two segments whichever table; the single shift table is tried first.
    let long = SMSMessage(short + "a", options: turkish)
    #expect(long.segmentCount == 2)
    #expect(long.unitCount == 157)
    #expect(long.singleShiftTable == .turkish)
    #expect(long.unitsPerSegment == 149)
    // Text in the default alphabet declares no table.
    let plain = SMSMessage("hello", options: turkish)
    #expect(plain.lockingShiftTable == nil && plain.singleShiftTable == nil)
    #expect(plain.unitsPerSegment == 160)
    // Spanish has a single shift table only: `ç` is in it (two septets).
    let spanish = SMSMessage("ç", options: SMSOptions(nationalLanguage: .spanish))
    #expect(
      spanish.encoding == .gsm7 && spanish.unitCount == 2 && spanish.singleShiftTable == .spanish)
  }

  /// The alphabets and the look-alike map are what their generator writes today.
  @Test func tablesAreUpToDate() throws {
    let (passed, output) = try generatorCheck("generate-gsm-tables.py")
    #expect(passed, "\(output)")
  }

  /// A character that forces UCS-2 is listed once, in the form first met, however often it comes
  /// and in whichever canonically equivalent form (as `String`s compare), one scalar or several.
  @Test func charactersForcingUCS2AreListedOnce() {
    let text = "a\u{304} ā ā, ж ж a\u{304}"
    #expect(SMSMessage(text).charactersForcingUCS2 == ["a\u{304}", "ж"])
    #expect(SMSMessage(String(text.reversed())).charactersForcingUCS2 == ["a\u{304}", "ж"])
    #expect(SMSMessage("ā a\u{304}").charactersForcingUCS2 == ["ā"])
  }

  /// The fast paths (the ASCII kernel, `_VectorKernels.smsASCIIRun`, and the standalone runs,
  /// both from 64 bytes) measure what the scalar loop measures, and note the same characters
  /// forcing UCS-2, in the same order: the scalar loop reads the message in pieces of 60 bytes,
  /// too short for them. Long random messages of the default alphabet's ASCII, its extension
  /// table's (`[`, `~`), ASCII it lacks (`` ` ``, controls), CR LF, and now and then a GSM letter
  /// (`é`), a mark, a Prepend scalar, an emoji or a run of Cyrillic or CJK, so that parts fill
  /// in the middle of runs in GSM 7-bit and in UCS-2.
  @Test(arguments: [SMSOptions(), SMSOptions(split: .pairsOnly)])
  func kernelMeasuresWhatTheScalarLoopMeasures(_ options: SMSOptions) {
    let seed: UInt64 = 0x5A5_0002
    var random = SeededGenerator(seed: seed)
    let ascii = [
      "a", "Hello", " ", "world. ", "12", "@", "_", "$", "\n", "\r", "\r\n", "[", "~", "{x}",
    ]
    let rare = [
      "`", "\t", "\u{7F}", "é", "\u{301}", "\u{600}", "😀", "日", "€", "\u{200D}", "ā", "a\u{304}",
      String(repeating: "Привет, мир ", count: 8), String(repeating: "日本語の文字", count: 12),
    ]
    let counter = TextCounter(unit: .sms(options))
    // A run whose first letter joins a Prepend scalar before it, the cluster across the end of
    // the first part (66 units before it): in whole clusters it starts the second part, which
    // then holds 68 units and spills into a third.
    let prepended =
      "日" + String(repeating: "a", count: 65) + "\u{600}b" + String(repeating: "c", count: 66)
    for text in 0..<301 {
      var message = text == 300 ? prepended : ""
      let length = Int.random(in: 64...1_500, using: &random)
      // Half the messages stay GSM 7-bit: nothing rare but what the alphabet has.
      let staysGSM = Bool.random(using: &random)
      while text < 300 && message.utf8.count < length {
        if Int.random(in: 0..<60, using: &random) == 0 {
          message += staysGSM ? "é" : rare.randomElement(using: &random)!
        } else {
          message += ascii.randomElement(using: &random)!
        }
      }
      let bytes = Array(message.utf8)
      var pieces = StreamingSMSMessage(options: options)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { pieces.append(utf8: $0) }
      }
      let expected = pieces.finish()
      let whole = SMSMessage(message, options: options)
      var scanner = _SMSScanner<_TableSegmenter>(options: options)
      bytes.withUnsafeBytes { scanner.append($0) }
      let measured = scanner.finish()
      let context = "seed \(seed) text \(text)"
      #expect(whole == expected, "\(context)")
      #expect(measured.encoding == expected.encoding, "\(context)")
      #expect(measured.units == expected.unitCount, "\(context)")
      #expect(measured.segments == expected.segmentCount, "\(context)")
      #expect(counter.count(message) == expected.segmentCount, "\(context)")
    }
  }

  /// The packing kernel (`_VectorKernels.packUCS2Clusters`, blocks of one script's window)
  /// measures what the scalar loop measures and what the standard library's clusters make:
  /// long random messages of Devanagari (consonants, vowel signs, viramas, conjuncts of up to 40
  /// scalars, some longer than a part), Arabic with its marks and Prepend number signs,
  /// Cyrillic with combining marks, ASCII words, spaces, LF and CR LF, and now and then an emoji
  /// or a CJK ideograph (another window). The scalar loop reads them in pieces of 60 bytes, too
  /// short for the kernel. The standard library's oracle packs each `Character` whole (a CR LF
  /// as two pieces, as Twilio splits it; one longer than a part scalar by scalar).
  @Test func packingKernelMeasuresWhatClustersMake() {
    let seed: UInt64 = 0x5A5_0003
    var random = SeededGenerator(seed: seed)
    let consonants = (0x915...0x939).map { String(Unicode.Scalar($0)!) }
    let signs = ["\u{93E}", "\u{93F}", "\u{940}", "\u{947}", "\u{94B}", "\u{902}", "\u{901}"]
    let arabic = [
      "ب", "ت", "ك", "ل", "م", "ن", "\u{64E}", "\u{64F}", "\u{650}", "\u{651}", "\u{652}",
    ]
    let other = [
      " ", " ", " ", "the ", "of", "\n", "\r\n", ".", ",", "7", "ж", "и\u{301}", "\u{600}",
      "।", "😀", "日", "é",
    ]
    let counter = TextCounter(unit: .sms(SMSOptions()))
    for text in 0..<300 {
      var message = ""
      let length = Int.random(in: 64...2_000, using: &random)
      let script = text % 3
      while message.utf8.count < length {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5 where script != 1:
          // A syllable, or a conjunct (virama between consonants), now and then a long one.
          let joined =
            Int.random(in: 0..<30, using: &random) == 0 ? 40 : Int.random(in: 1...3, using: &random)
          for index in 0..<joined {
            if index > 0 { message += "\u{94D}" }
            message += consonants.randomElement(using: &random)!
          }
          if Bool.random(using: &random) { message += signs.randomElement(using: &random)! }
        case 0..<6:
          message += arabic.randomElement(using: &random)!
        case 6..<9:
          message += other[Int.random(in: 0..<5, using: &random)]
        default:
          message += other.randomElement(using: &random)!
        }
      }
      Self.expectPackingAgrees(message, counter: counter, context: "seed \(seed) text \(text)")
    }
  }

  /// Measures a UCS-2 message as the scalar loop does (in pieces of 60 bytes, too short for the
  /// kernels), as the scanner does whole (the kernels), as `counter` does, and as the standard
  /// library's clusters make (`packedByCharacters`): all must agree.
  static func expectPackingAgrees(_ message: String, counter: TextCounter, context: String) {
    let (expected, measured) = measuredInPiecesAndWhole(Array(message.utf8))
    let packed = packedByCharacters(message)
    #expect(expected.encoding == .ucs2, "\(context)")
    #expect(measured.units == expected.unitCount, "\(context)")
    #expect(measured.segments == expected.segmentCount, "\(context)")
    #expect(packed.units == expected.unitCount, "\(context)")
    #expect(packed.segments == expected.segmentCount, "\(context)")
    #expect(counter.count(message) == expected.segmentCount, "\(context)")
  }

  /// A message in the default options measured by the scalar loop (in pieces of 60 bytes, too
  /// short for the kernels) and by the scanner whole (the kernels).
  static func measuredInPiecesAndWhole(_ bytes: [UInt8]) -> (
    inPieces: SMSMessage, whole: _SMSMeasure
  ) {
    var pieces = StreamingSMSMessage()
    for start in stride(from: 0, to: bytes.count, by: 60) {
      bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { pieces.append(utf8: $0) }
    }
    var scanner = _SMSScanner<_TableSegmenter>(options: SMSOptions())
    bytes.withUnsafeBytes { scanner.append($0) }
    return (pieces.finish(), scanner.finish())
  }

  /// A UCS-2 message's units and segments from the standard library's clusters, each packed
  /// whole into parts of 67 units (a CR LF as two pieces, as Twilio splits it; one longer than a
  /// part scalar by scalar), one segment up to 70 units.
  static func packedByCharacters(_ message: String) -> (units: Int, segments: Int) {
    var units = 0
    var parts = 1
    var used = 0
    func pack(_ size: Int) {
      units += size
      if used + size > 67 && used > 0 {
        parts += 1
        used = 0
      }
      used += size
    }
    for character in message {
      let size = character.utf16.count
      if character == "\r\n" {
        pack(1)
        pack(1)
      } else if size > 67 {
        for scalar in character.unicodeScalars { pack(scalar.utf16.count) }
      } else {
        pack(size)
      }
    }
    return (units, units <= 70 ? 1 : parts)
  }

  /// The packing kernel's blocks through the automaton a scalar at a time (those the boundary
  /// masks do not take: emoji, scalars of several windows, CR) measure what the scalar loop
  /// measures and what the standard library's clusters make (`packedByCharacters`): long random
  /// messages of emoji (with skin tones, selectors, joiners, families, flags and lone regional
  /// indicators, keycaps, joiner chains longer than a part), ASCII words, spaces, LF, CR LF and
  /// lone CRs, ideographs and kana, Hangul, Devanagari conjuncts, Arabic with its marks and
  /// Cyrillic, in runs of one kind, a quarter of them with no emoji. The scalar loop reads them
  /// in pieces of 60 bytes, too short for the kernel. Then messages with ill-formed bytes among
  /// them, against the scalar loop alone.
  @Test func packingKernelTakesEmojiAndEveryScript() {
    let seed: UInt64 = 0x5A5_0005
    var random = SeededGenerator(seed: seed)
    let emoji = [
      "😀", "👍🏽", "❤️", "☺︎", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🏳️\u{200D}🌈", "🇯🇵", "🇺🇸🇫🇷",
      "\u{1F1E6}", "1️⃣", "#⃣", "✌🏿", "🧑🏻\u{200D}🤝\u{200D}🧑🏿", "🫶", "\u{200D}", "\u{FE0F}",
      "🏃\u{200D}♀️", "\u{1F3FB}",
      String(repeating: "👩\u{200D}", count: 25) + "👩",
    ]
    let other = [
      "the ", "of ", "a", " ", " ", "\n", "\r\n", "\r", ".", "7", "日本語", "中文", "ひらがな", "カタカナ",
      "，", "。", "한국어", "क\u{94D}ष", "हि", "مرحبا", "\u{64E}", "жи\u{301}", "é", "\u{600}ب",
    ]
    let counter = TextCounter(unit: .sms(SMSOptions()))
    for text in 0..<300 {
      var message = ""
      let length = Int.random(in: 64...2_000, using: &random)
      let withEmoji = text % 4 != 0
      while message.utf8.count < length {
        let useEmoji = withEmoji && Int.random(in: 0..<3, using: &random) == 0
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          message += (useEmoji ? emoji : other).randomElement(using: &random)!
        }
      }
      if !withEmoji { message += "😀" }
      Self.expectPackingAgrees(message, counter: counter, context: "seed \(seed) text \(text)")
    }
    // A CR LF, a CR before a mark, a Prepend before a digit, and a CR alone at the last unit of
    // a part or near it (where a CR LF is two pieces: CR the last of one part, LF the first of
    // the next), at offsets of a block that the padding moves, after a block of emoji and ASCII
    // (the kernel's scalar at a time) and clusters of a mark that the kernel's masks take (of
    // one window with the joint), and before clusters that fill the next part exactly (so that a
    // piece of a unit more or less there makes one more part).
    for joint in ["\r\n", "\r\u{301}", "\u{600}1", "\r"] {
      let marked = joint == "\u{600}1" ? "ب\u{64E}" : "कि"
      for padding in 0..<64 {
        for before in 64...67 where before - 9 >= padding {
          // (The emoji's cluster closed by the space: the message is UCS-2 from there, and the
          // kernel called at a cluster's start.)
          let message =
            "😀 " + marked + marked + "👍" + String(repeating: "x", count: padding)
            + String(repeating: marked, count: (before - 9 - padding) / 2)
            + String(repeating: "x", count: (before - 9 - padding) % 2) + joint
            + String(repeating: marked, count: 33)
          Self.expectPackingAgrees(
            message, counter: counter,
            context: "\(joint.unicodeScalars.map(\.value)) \(padding) \(before)")
        }
      }
    }
    let illFormed: [[UInt8]] = [
      [0xFF], [0x80], [0xF0, 0x9F], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
    ]
    for text in 0..<100 {
      var bytes: [UInt8] = []
      while bytes.count < 1_500 {
        bytes +=
          Int.random(in: 0..<20, using: &random) == 0
          ? illFormed.randomElement(using: &random)!
          : Array((Bool.random(using: &random) ? emoji : other).randomElement(using: &random)!.utf8)
      }
      let (expected, measured) = Self.measuredInPiecesAndWhole(bytes)
      let context = "seed \(seed) ill-formed text \(text)"
      #expect(measured.units == expected.unitCount, "\(context)")
      #expect(measured.segments == expected.segmentCount, "\(context)")
    }
  }

  /// Random messages of GSM and other characters, clusters and CR LF: streamed in random pieces
  /// they measure as whole; a cut by segments is at a cluster boundary, fits, and is the
  /// longest that does.
  @Test(arguments: [SMSOptions(), SMSOptions(split: .pairsOnly)])
  func streamsAndCuts(_ options: SMSOptions) {
    var random = SeededGenerator(seed: 0x5A5_0001)
    let pieces = [
      "a", "hello ", "€", "[", "\r\n", "\n", "é", "e\u{301}", "ç", "日本", "👨‍👩‍👧‍👦", "🇯🇵", "😀",
      String(repeating: "x", count: 60), String(repeating: "y", count: 150),
      // Long runs for the fast paths: plain GSM words, standalone non-ASCII (once UCS-2).
      String(repeating: "日本語", count: 40), String(repeating: "Привет мир ", count: 10),
      "\u{1F600}" + String(repeating: "ü", count: 70), "a\r\nb\r\nc\r\ndef\r", "\nghijklmnop\r\n",
      "\u{600}12345678", "\r\n\r\n\r\n\r\n\r\n",
    ]
    for round in 0..<200 {
      var text = ""
      for _ in 0..<Int.random(in: 0...20, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      let bytes = Array(text.utf8)
      let expected = SMSMessage(text, options: options).segmentCount
      // The count's fast paths (eight ASCII bytes, runs of standalone scalars) against the
      // message's scalar-by-scalar reading.
      #expect(TextCounter(unit: .sms(options)).count(text) == expected, "round \(round)")
      var stream = StreamingTextCounter(unit: .sms(options))
      var offset = 0
      while offset < bytes.count {
        let end = min(bytes.count, offset + Int.random(in: 1...9, using: &random))
        bytes[offset..<end].withUnsafeBytes { stream.append(utf8: $0) }
        offset = end
      }
      #expect(stream.finish() == expected, "round \(round)")
      var boundaries = [0]
      for character in text { boundaries.append(boundaries.last! + character.utf8.count) }
      let counter = TextCounter(unit: .sms(options))
      for maxSegments in [0, 1, 2, 3] {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxSegments) }
        #expect(boundaries.contains(cut), "round \(round): a cut inside a cluster")
        let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
        if cut > 0 || maxSegments > 0 {
          #expect(SMSMessage(prefix, options: options).segmentCount <= maxSegments)
        }
        if let next = boundaries.first(where: { $0 > cut }) {
          let longer = String(decoding: bytes[..<next], as: UTF8.self)
          #expect(
            SMSMessage(longer, options: options).segmentCount > maxSegments,
            "round \(round) max \(maxSegments): not the longest")
        }
      }
    }
  }
}
