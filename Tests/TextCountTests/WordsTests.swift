import Foundation
import TestSupport
import Testing

@testable import TextCount

/// Words by UAX #29's word boundaries over the generated Word_Break table: Unicode's own
/// WordBreakTest.txt 17.0 (every boundary of its 1,944 lines), and the cases of
/// Tests/Fixtures/Words/cases.tsv (Node 20's `Intl.Segmenter`, ICU 78.2, which passes the same
/// test file, run on texts where it segments as UAX #29's default does; for Chinese, Japanese and
/// Thai, which ICU segments by dictionaries, the default's count worked out by hand).
@Suite struct WordsTests {
  /// WordBreakTest.txt: each line's scalars, and the scalar offsets where it marks a boundary
  /// (`÷`) inside the line.
  static let conformance: [(scalars: [UInt32], boundaries: [Int], line: Int)] = {
    var cases: [(scalars: [UInt32], boundaries: [Int], line: Int)] = []
    let text = readFixture("WordBreakTest-17.0.0.txt")
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let tokens = data.split(separator: " ")
      guard tokens.count >= 3 else { continue }
      var scalars: [UInt32] = []
      var boundaries: [Int] = []
      for token in tokens.dropFirst().dropLast() {
        if token == "÷" {
          boundaries.append(scalars.count)
        } else if token != "×" {
          scalars.append(UInt32(token, radix: 16)!)
        }
      }
      cases.append((scalars, boundaries, number + 1))
    }
    return cases
  }()

  @Test func everyLineIsRead() {
    #expect(Self.conformance.count == 1944)
  }

  /// Every boundary of every line (scalars fed one unit of offset each).
  @Test func wordBreakTest() {
    var mismatches = 0
    for example in Self.conformance {
      var scanner = _WordScanner()
      scanner.boundaries = []
      for scalar in example.scalars { scanner.add(scalar, length: 1) }
      _ = scanner.finish()
      var found = scanner.boundaries ?? []
      // A boundary still waiting at the end is one.
      found = found.filter { $0 > 0 && $0 < example.scalars.count }
      if found != example.boundaries {
        mismatches += 1
        if mismatches <= 10 {
          Issue.record(
            "line \(example.line): \(example.scalars.map { String($0, radix: 16) }): expected \(example.boundaries), found \(found)"
          )
        }
      }
    }
    #expect(mismatches == 0)
  }

  static let table = CaseTable("Words/cases.tsv")

  @Test(arguments: table.rows, allBackends)
  func wordCases(_ row: CaseTable.Row, _ backend: TextCounter.Backend) throws {
    let text = row.text("text")
    let expected = try #require(Int(row["uax29_default_words"].prefix { $0.isNumber }))
    let counter = TextCounter(unit: .words, backend: backend)
    #expect(counter.count(text) == expected)
    var stream = StreamingTextCounter(unit: .words, backend: backend)
    for byte in Array(text.utf8) { [byte].withUnsafeBytes { stream.append(utf8: $0) } }
    #expect(stream.finish() == expected, "streamed")
    // Where ICU segments as UAX #29's default does, the segments are its.
    if row["uax29_oracle"].hasPrefix("Intl.Segmenter = UAX29 default") {
      var scanner = _WordScanner()
      scanner.boundaries = []
      scanner.append(UnsafeRawBufferPointer(start: nil, count: 0))
      Array(text.utf8).withUnsafeBytes { scanner.append($0) }
      _ = scanner.finish()
      var ends = (scanner.boundaries ?? []).filter { $0 > 0 } + [text.utf8.count]
      if text.isEmpty { ends = [] }
      let segments = row.strings("segments")
      var offset = 0
      let expectedEnds = segments.map { segment -> Int in
        offset += segment.utf8.count
        return offset
      }
      #expect(ends == expectedEnds)
    }
  }

  /// Random texts: streamed in random pieces they count as whole; a cut by words fits, is at a
  /// cluster boundary and outside every word, and is the longest such.
  @Test func streamsAndCuts() {
    var random = SeededGenerator(seed: 0x30_7D5_0001)
    let pieces = [
      "word", " ", "can't", "3.14", "e.g.", "a_b", "___", "\n", "\r\n", "日本", "👨‍👩‍👧", "🇯🇵",
      "e\u{301}", ".", ",", "-", "안녕", "\u{5D0}\"\u{5D1}", "x\u{200D}y", "ก\u{E34}", "  ", "½",
    ]
    let counter = TextCounter(unit: .words)
    for round in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...14, using: &random) {
        text += pieces.randomElement(using: &random)!
      }
      let bytes = Array(text.utf8)
      let expected = counter.count(text)
      var stream = StreamingTextCounter(unit: .words)
      var offset = 0
      while offset < bytes.count {
        let end = min(bytes.count, offset + Int.random(in: 1...5, using: &random))
        bytes[offset..<end].withUnsafeBytes { stream.append(utf8: $0) }
        offset = end
      }
      #expect(stream.finish() == expected, "round \(round): \(text.debugDescription)")
      // The word segments of the whole text, by its boundaries.
      var scanner = _WordScanner()
      scanner.boundaries = []
      bytes.withUnsafeBytes { scanner.append($0) }
      _ = scanner.finish()
      let starts = [0] + (scanner.boundaries ?? []).filter { $0 > 0 } + [bytes.count]
      var clusters = [0]
      for character in text { clusters.append(clusters.last! + character.utf8.count) }
      for maxWords in Set([0, 1, expected / 2, max(0, expected - 1), expected]) {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxWords) }
        let context = "round \(round) max \(maxWords): \(text.debugDescription)"
        #expect(clusters.contains(cut), "cut inside a cluster: \(context)")
        let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
        #expect(counter.count(prefix) <= maxWords, "too many words: \(context)")
        // Never inside a segment that is a word of the whole text.
        for (start, end) in zip(starts, starts.dropFirst()) where start < cut && cut < end {
          let segment = String(decoding: bytes[start..<end], as: UTF8.self)
          #expect(counter.count(segment) == 0, "cut inside a word: \(context)")
        }
        // Longest: the next segment start after the cut makes too many words.
        if cut < bytes.count, let next = starts.first(where: { $0 > cut }),
          clusters.contains(next)
        {
          let longer = String(decoding: bytes[..<next], as: UTF8.self)
          #expect(counter.count(longer) > maxWords, "not the longest: \(context)")
        }
      }
    }
  }

  /// The word kernel (`_VectorKernels.wordRun`, runs of 68 bytes and more) counts what the scalar
  /// loop counts (held to WordBreakTest.txt above), which reads the text in pieces of 60 bytes,
  /// too short for the kernel: random texts (a quarter all ASCII) of ASCII letters, digits, the
  /// middle characters, underscores, spaces and line breaks, Cyrillic and Latin Extended letters
  /// (the two-byte letters it takes), now and then a scalar the kernel stops at (a letter or mark
  /// that joins what is before it, a Hebrew letter before `'` or `"`, katakana before `_`, an
  /// ideograph, an emoji, a Cyrillic letter's lead alone or with an ASCII byte, a stray
  /// continuation byte).
  @Test func kernelCountsWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x30_7D5_0002
    var random = SeededGenerator(seed: seed)
    let ascii = [
      "a", "Zz", "word", "9", "42", ".", "'", ":", ",", ";", "_", "__", " ", "  ", "\n", "\r\n",
      "\"", "-", "(", "\t", "\u{7F}", "a.b", "1,0", "x'y", "a:b", "3;4", "_a", "a_", "9_", "_9",
      "мир", "Ё", "ж.з", "я_", "łż", "ǅ", "ɐ", "Ӂ", "a.ж", "ж'1",
    ].map { Array($0.utf8) }
    let others =
      [
        "é", "\u{301}", "中", "\u{5D0}", "ア", "\u{200D}", "👍", "\u{A0}", "’",
      ].map { Array($0.utf8) } + [
        [0xFF], [0xE4, 0xB8], [0xD0], [0xD0, 0x41], [0x80], [0xD1, 0xD0],
      ]
    // The leads the kernel takes as letters, all of class ALetter (as Debian's
    // WordBreakProperty.txt 15.0 and Python's categories also give them): Latin Extended-A and
    // -B, the IPA letters and modifier letters (C4–CA), Cyrillic but for D2 (U+0482–U+0489, a
    // sign and marks), and Arabic's letters U+0680–U+06BF (DA).
    #expect(
      _WordScanner.twoByteLetterLeads == [
        0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD0, 0xD1, 0xD3, 0xDA,
      ])
    let counter = TextCounter(unit: .words)
    // A quarter of the texts all ASCII, so that whole blocks are (the kernel's ASCII blocks).
    let asciiOnly = ascii.filter { $0.allSatisfy { $0 < 0x80 } }
    for text in 0..<400 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 64...3_000, using: &random)
      while bytes.count < length {
        if text % 4 == 0 {
          bytes += asciiOnly.randomElement(using: &random)!
          continue
        }
        bytes +=
          Int.random(in: 0..<40, using: &random) == 0
          ? others.randomElement(using: &random)! : ascii.randomElement(using: &random)!
      }
      var stream = StreamingTextCounter(unit: .words)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      #expect(counter.count(utf8: bytes) == stream.finish(), "seed \(seed) text \(text)")
    }
  }

  /// Runs of scalars of class Other or Katakana (ideographs, kana, CJK symbols), which the
  /// scanner takes without the rules' machinery (`addRunOfOtherAndKatakana`), with the selectors,
  /// skin tones and joiners among them, count what the scalar loop counts (held to
  /// WordBreakTest.txt above; `TextCounter.wordRanges` reads a scalar at a time): random texts of
  /// ideographs and kana, Katakana beside `_` and across a selector, tone or joiner, emoji with
  /// and without selectors, tones and joiners, marks and joiners after ideographs and line
  /// breaks, the fullwidth middle characters, ASCII words and numbers, line breaks, ill-formed
  /// bytes, counted whole and streamed in pieces of 7 bytes (which cut scalars).
  @Test func otherRunsCountWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x30_7D5_0003
    var random = SeededGenerator(seed: seed)
    let pieces =
      [
        "中", "文字", "日本語", "ひらがな", "の", "カタカナ", "ー", "ｶﾀ", "、", "。", "「", "」", "，", "．", "：",
        "１２", "👍", "👨\u{200D}👩\u{200D}👧", "\u{200D}", "中\u{200D}👍", "中\u{301}", "\u{301}",
        "中\u{200D}中", "🇯🇵", "𠀀", "ⅷ", "♥", "a", "word", "42", "3.5", ".", "'", " ", "\n", "\r\n",
        "\u{5D0}", "ไทย", "é", "_", "\u{3000}", "カ_カ", "_カ", "a_", "\u{30FC}\u{30FC}", "ア\u{3099}",
        "中\u{200D}\u{3030}", "\u{3299}", "👍🏽", "❤️", "🏳️\u{200D}🌈", "☺︎", "✌🏿", "\u{FE0F}",
        "ア\u{FE0F}ア", "カ\u{1F3FB}カ", "ア\u{200D}ア", "\u{2060}", "\n\u{301}", "\n\u{200D}👍", "ℹ",
        "\u{200D}ℹ", "a\u{200D}👍", "1\u{FE0F}", "\u{FF9E}",
      ].map { Array($0.utf8) } + [[0xE4, 0xB8], [0xFF], [0x80], [0xF0, 0x9F]]
    let counter = TextCounter(unit: .words)
    for text in 0..<500 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        bytes += pieces.randomElement(using: &random)!
      }
      let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
      let context = "seed \(seed) text \(text)"
      #expect(counter.count(utf8: bytes) == expected, "\(context)")
      var stream = StreamingTextCounter(unit: .words)
      for start in stride(from: 0, to: bytes.count, by: 7) {
        bytes[start..<min(start + 7, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      #expect(stream.finish() == expected, "\(context) streamed")
    }
  }

  /// Blocks of one window's scalars, which the word kernel takes by the window's planes
  /// (`_WordWindowPlanes`: letters, digits, ideographs, marks that attach, characters of no
  /// word), count what the scalar loop counts (held to WordBreakTest.txt above), which reads the
  /// text in pieces of 60 bytes, too short for the kernel, and what `wordRanges` finds a scalar at
  /// a time: random texts mostly of one script (Devanagari with vowel signs, viramas, nukta and
  /// digits; Arabic with its marks, digits and comma; Thai; Greek; Cyrillic and Latin with
  /// combining marks; Latin-1's signs, spaces and soft hyphen; General Punctuation's quotes,
  /// dashes, joiners and word joiner), with ASCII words, numbers, middle characters, `_`, spaces
  /// and line breaks, marks beside middle characters and after spaces, and now and then a
  /// Hebrew letter, an ideograph, an emoji or ill-formed bytes.
  @Test func windowRunsCountWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x30_7D5_0004
    var random = SeededGenerator(seed: seed)
    let scripts: [[String]] = [
      [
        "नमस्ते", "हिन्दी", "क़", "कि", "\u{902}", "\u{94D}", "\u{93E}", "।", "॥", "१२३", "क\u{94D}.",
        ".\u{94D}", "\u{93E}.", " \u{93E}", "ॐ",
      ],
      [
        "مرحبا", "العربية", "\u{64E}", "\u{651}", "٣٤", "،", "؟", "\u{600}", "ب\u{64E}.",
        ". \u{64E}",
        "ـ",
      ],
      ["ไทย", "ภาษา", "\u{E31}", "๑๒"],
      ["ελληνικά", "ά", "\u{301}", "Ω.Ω", "·"],
      ["мир", "и\u{301}", "Ё", "ж.з", "e\u{301}", "a\u{301}.b", "1\u{301},2", "_\u{301}a"],
      ["é", "ß", "×", "÷", "«", "»", "\u{A0}", "\u{AD}", "µ", "ª", "²", "¼", "¸", "a¸b"],
      ["’", "—", "…", "\u{2060}", "\u{200C}", "\u{200D}", "‼", "‿", "€", "\u{2028}", "⁴"],
      // Halfwidth Katakana's sound marks: of class Extend and letters, so that one not attached
      // to a letter makes its segment a word (after Devanagari, to reach them in the kernel).
      [" \u{FF9E}", "a\u{FF9E}", "\u{FF9E}\u{FF9F}", "1\u{FF9F}", "ｶ\u{FF9E}"],
    ]
    let ascii = [
      "a", "word", "42", "3.5", ".", "'", ":", ",", ";", "_", " ", " ", " ", "\n", "\r\n", "a.b",
      "1,2", "x_y", "\"",
    ]
    let rare = [
      Array("\u{5D0}".utf8), Array("中".utf8), Array("👍".utf8), [0xFF], [0xE0, 0xA4], [0x80],
    ]
    let counter = TextCounter(unit: .words)
    for text in 0..<400 {
      let main = scripts[text % scripts.count]
      let second = scripts.randomElement(using: &random)!
      var bytes: [UInt8] =
        text % scripts.count == 7
        ? Array(repeating: "नमस्ते ", count: 4).flatMap { Array($0.utf8) } : []
      let length = Int.random(in: 64...3_000, using: &random)
      while bytes.count < length {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55: bytes += Array(main.randomElement(using: &random)!.utf8)
        case 55..<90: bytes += Array(ascii.randomElement(using: &random)!.utf8)
        case 90..<98: bytes += Array(second.randomElement(using: &random)!.utf8)
        default: bytes += rare.randomElement(using: &random)!
        }
      }
      let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
      var stream = StreamingTextCounter(unit: .words)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      let context = "seed \(seed) text \(text)"
      #expect(stream.finish() == expected, "\(context) streamed")
      #expect(counter.count(utf8: bytes) == expected, "\(context)")
    }
  }

  /// Blocks whose scalars span windows (Chinese, Japanese and Korean text), which the word kernel
  /// takes by the range of ideographs, the planes of a block's first two other windows and its
  /// table a byte per code point (`_WordWindowPlanes`), count what the scalar loop counts (held
  /// to WordBreakTest.txt above), which reads the text in pieces of 60 bytes, too short for the
  /// kernel, and what `wordRanges` finds a scalar at a time: random texts of ideographs (at the
  /// range's edges too), hiragana, Katakana runs and their sound marks, CJK and fullwidth
  /// punctuation (the middle characters `，`, `：`, `；`, `．`, `＇` between digits and letters and
  /// not), fullwidth digits and letters, Hangul, halfwidth Katakana, Katakana beside `_`, ASCII
  /// words, numbers, middle characters and spaces, and now and then an emoji, a Hebrew letter,
  /// a scalar of another window or ill-formed bytes (an overlong, a surrogate, a lead alone).
  @Test func manyWindowRunsCountWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x30_7D5_0005
    var random = SeededGenerator(seed: seed)
    let cjk = [
      "中文", "一", "汉字", "龥", "\u{9FFF}", "\u{4E00}", "㐀", "\u{4DC0}", "\u{4DFF}", "\u{3007}", "々",
      "ひらがな", "の", "\u{3040}", "\u{309D}", "カタカナ", "ー", "ア\u{3099}", "\u{309B}", "\u{30A0}",
      "・", "ヶ", "ㇰ", "、", "。", "「", "」", "，", "：", "；", "．", "＇", "！", "？", "（", "）", "１２",
      "３", "Ａｂ", "한국어", "ㄱ", "ｶﾀｶﾅ", "ｶ\u{FF9E}", "\u{3000}", "\u{302A}", "中\u{302A}",
      "ꀀ", "㍿", "〆", "〜", "\u{FEFF}", "\u{200B}",
    ]
    let ascii = [
      "a", "word", "42", "3", ".", "'", ":", ",", ";", "_", " ", " ", "\n", "\r\n", "a.b", "1,2",
      "1，2", "a：b", "１，２", "Ａ．Ｂ", "x_y", "カ_カ", "_カ", "カ_", "カ\u{3099}_", "a_カ", "カa", "a：",
      "１．５", "ａ＇ｂ", "中_", "_中",
    ]
    let rare = [
      Array("👍".utf8), Array("\u{5D0}".utf8), Array("é".utf8), Array("क".utf8), [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xFF], [0x80], Array("\u{200D}".utf8),
    ]
    // The range of ideographs the kernel takes at once: U+4E00–U+9FFF (E4 B8 to E9 BF), all
    // Ideographic letters of class Other in Unicode 17.0's data.
    let planes = _WordWindowPlanes.make()
    #expect(
      Array(planes[_WordWindowPlanes.rangeOffset..<_WordWindowPlanes.rangeOffset + 4]) == [
        0xE4, 0xB8, 0xE9, 0xBF,
      ])
    let counter = TextCounter(unit: .words)
    for text in 0..<400 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 64...3_000, using: &random)
      while bytes.count < length {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<70: bytes += Array(cjk.randomElement(using: &random)!.utf8)
        case 70..<98: bytes += Array(ascii.randomElement(using: &random)!.utf8)
        default: bytes += text % 2 == 0 ? rare.randomElement(using: &random)! : Array("中".utf8)
        }
      }
      let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
      var stream = StreamingTextCounter(unit: .words)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      var whole = StreamingTextCounter(unit: .words)
      bytes.withUnsafeBytes { whole.append(utf8: $0) }
      let context = "seed \(seed) text \(text)"
      // The kernel stops at ill-formed bytes: the scalar loop finds the first.
      #expect(whole.firstInvalidByteOffset == stream.firstInvalidByteOffset, "\(context)")
      #expect(stream.finish() == expected, "\(context) streamed")
      #expect(counter.count(utf8: bytes) == expected, "\(context)")
      #expect(whole.finish() == expected, "\(context) whole")
    }
    // Katakana ending a block, then a block from `_` on (which joins it to what follows, WB13a,
    // WB13b) all ASCII, or with a stray continuation byte (which neither of the window loop's
    // classifiers takes), at every offset of a block.
    for illFormed in [[], [UInt8(0x80)]] {
      for offset in 0..<64 {
        let bytes =
          Array((String(repeating: "中", count: 30) + String(repeating: "a", count: offset)).utf8)
          + Array("カ_word ".utf8) + illFormed + Array(String(repeating: "x ", count: 40).utf8)
        let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
        #expect(
          counter.count(utf8: bytes) == expected,
          "Katakana, then _ at offset \(offset), \(illFormed) after it")
      }
    }
  }

  /// Blocks with emoji (U+1F000–U+1FFFF, which the word kernel takes as characters of no word
  /// or, skin tones, as extends, by its table) count what the scalar loop counts (held to
  /// WordBreakTest.txt above), which reads the text in pieces of 60 bytes, too short for the
  /// kernel, and what `wordRanges` finds a scalar at a time: random texts of emoji alone, with
  /// selectors and skin tones, ZWJ sequences, flags, keycaps and a tag sequence, a ZWJ after a
  /// letter, digit, ideograph, Katakana, `_`, space, line break or emoji (an
  /// Extended_Pictographic scalar after it joins its segment, WB3c), extends that are word
  /// characters (U+FF9E, a Devanagari vowel sign) after them, letters of U+1F000–U+1FFFF (🅰) and
  /// of other planes (𝐀, 𠀀), ASCII words and middle characters; and a word, a ZWJ, an emoji and
  /// U+FF9E at every offset of a block.
  @Test func emojiRunsCountWhatTheScalarLoopCounts() {
    let seed: UInt64 = 0x3E_0F1_0006
    var random = SeededGenerator(seed: seed)
    let emoji = [
      "😀", "👍", "👍🏽", "🏽", "❤️", "❤", "☺️", "🔥🔥", "👨‍👩‍👧", "🧑🏽‍💻", "🏳️‍🌈", "❤️‍🔥", "👩🏻‍❤️‍💋‍👨🏼",
      "🇯🇵", "🇦", "🇦🇧🇨", "1️⃣", "#⃣", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "\u{200D}", "\u{FE0F}", "🅰", "🅰️", "🆗", "🀄",
      "\u{1F3FB}\u{1F3FB}", "😀\u{200D}", "\u{200D}😀",
    ]
    let around = [
      "a", "word", "42", "中", "カタ", "_", " ", "  ", "\n", "\r\n", ".", "'", ":", ",", "!", "a.b",
      "\u{FF9E}", "\u{93E}", "ｶ\u{FF9E}", "𝐀", "𠀀", "é", "д", "\u{200D}", "a\u{200D}",
      "1\u{200D}", "中\u{200D}", "カ\u{200D}", "_\u{200D}", " \u{200D}", "a\u{FE0F}\u{200D}",
      "a\u{1F3FD}\u{200D}", "\u{200B}",
    ]
    let counter = TextCounter(unit: .words)
    func check(_ bytes: [UInt8], _ context: String) {
      let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
      var stream = StreamingTextCounter(unit: .words)
      for start in stride(from: 0, to: bytes.count, by: 60) {
        bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes { stream.append(utf8: $0) }
      }
      #expect(stream.finish() == expected, "\(context) streamed")
      #expect(counter.count(utf8: bytes) == expected, "\(context)")
    }
    for text in 0..<400 {
      var bytes: [UInt8] = []
      let length = Int.random(in: 64...3_000, using: &random)
      while bytes.count < length {
        let piece =
          Int.random(in: 0..<100, using: &random) < 55
          ? emoji.randomElement(using: &random)! : around.randomElement(using: &random)!
        bytes += Array(piece.utf8)
      }
      check(bytes, "seed \(seed) text \(text)")
    }
    for offset in 0..<64 {
      for (before, after) in [("a", "\u{FF9E}"), ("1", "\u{FF9E}b"), (" ", "\u{FF9E}"), ("😀", "x")]
      {
        let bytes = Array(
          (String(repeating: "x ", count: 40) + String(repeating: "y", count: offset) + " " + before
            + "\u{200D}😀" + after + String(repeating: " z", count: 40)).utf8)
        check(bytes, "\(before), ZWJ, 😀, \(after) at offset \(offset)")
      }
    }
  }

  /// The word kernel takes the emoji and symbols of no word of the rows `_WordWindowPlanes`
  /// names (F0 9F and a third byte in its ranges, and the skin tones' row) and regional
  /// indicators as characters of no word among the scalars it takes, skin tones and ZWJs as
  /// extends, and leaves the rest of U+1F000–U+1FFFF (letters such as 🅰) and what the rules
  /// decide after an emoji (a mark that is a word character, Katakana's rule, an
  /// Extended_Pictographic letter after a ZWJ: ℹ) to the rules as the scalar loop reads them:
  /// each piece at every offset of a block, among words, ideographs and Cyrillic, counted whole,
  /// in pieces, and a scalar at a time; and the kernel's run goes past the emoji of those rows,
  /// skin tones, ZWJ sequences and flags.
  @Test func kernelTakesEmojiOfNoWord() {
    let pieces = [
      "👍", "😀", "🔥🔥", "🌀", "🀄", "🃏", "🅰", "🄁", "🇯🇵", "🇦", "\u{1F3FD}", "👍🏽", "😀\u{FE0F}",
      "😀\u{200D}😀", "😀\u{200D}", "\u{200D}😀", "😀\u{301}", "😀\u{FF9E}", "😀_a", "a😀b", "1😀2",
      "カ😀カ", "カ_😀", "a.😀", "😀's", "中😀中", "д😀д", "😀\n", "\u{1FBF0}", "\u{1F8B0}",
      // Skin tones and their row's emoji (U+1F3FA, U+1F3C0 of no word), flags and regional
      // indicators with a mark that is a word character (WB4 attaches it to its pair), a ZWJ
      // before an Extended_Pictographic scalar after a word (WB3c joins it to that word's
      // segment), which a mark that is a word character then follows, and ℹ, a letter.
      "👍🏽👍🏿", "a🏺b", "a\u{1F3FB}b", "🏀\u{1F3FB}", "1\u{1F3FF}2", "🇯🇵🇫🇷", "🇯\u{FF9E}🇵\u{FF9E}",
      "🇯🇵\u{FF9E}", "a🇯🇵b", "a\u{200D}👍\u{FF9E}", "中\u{200D}ℹ", "a\u{200D}ℹ", "ℹ\u{200D}ℹ",
      "カ\u{200D}❤\u{FF9E}", "a\u{200D}‼\u{FF9E}", "1\u{200D}🇯\u{FF9E}",
      "中\u{200D}👍\u{1F3FD}\u{FF9E}",
      "👨\u{200D}👩\u{200D}👧", "a\u{200D}b", "_\u{200D}😀\u{FF9E}", "a\u{200D}\u{200D}😀\u{FF9E}",
    ]
    let counter = TextCounter(unit: .words)
    for piece in pieces {
      for offset in 0..<64 {
        for filler in ["word ", "中文字", "слово "] {
          let text =
            String(repeating: filler, count: 40) + String(repeating: "y", count: offset) + " "
            + piece + " " + String(repeating: filler, count: 40)
          let bytes = Array(text.utf8)
          let expected = bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count }
          var stream = StreamingTextCounter(unit: .words)
          for start in stride(from: 0, to: bytes.count, by: 60) {
            bytes[start..<min(start + 60, bytes.count)].withUnsafeBytes {
              stream.append(utf8: $0)
            }
          }
          let context = "\(piece) at offset \(offset) among \(filler)"
          // Whole, through the kernel, which ends its runs where scalars start.
          var scanner = _WordScanner()
          bytes.withUnsafeBytes { scanner.append($0) }
          #expect(scanner.firstInvalidOffset == nil, "\(context): read as ill-formed")
          #expect(scanner.finish() == expected, "\(context) whole")
          #expect(stream.finish() == expected, "\(context) streamed")
          #expect(counter.count(utf8: bytes) == expected, "\(context)")
        }
      }
    }
    // The run goes past an emoji of the rows, a skin tone, a ZWJ sequence and a flag.
    let words = String(repeating: "word ", count: 20)
    for emoji in ["👍", "👍🏽", "👩🏽\u{200D}💻", "🇯🇵"] {
      let text = Array((words + emoji + " " + words).utf8)
      let emojiEnd = words.utf8.count + emoji.utf8.count
      text.withUnsafeBufferPointer { buffer in
        let run = _VectorKernels.wordRun(
          buffer.baseAddress!, from: 0, to: buffer.count, before: 0, letters: true, windows: true)
        if _VectorKernels.isAvailable {
          #expect(run.end > emojiEnd, "\(emoji): the run ends at \(run.end)")
        }
      }
    }
  }

  /// A digit's class that is no number (U+0600 ARABIC NUMBER SIGN, U+066B ARABIC DECIMAL
  /// SEPARATOR: Numeric, no word character), a middle character of more than a byte (U+2019,
  /// U+2024, U+FF0E: MidNumLet), an extend that is a word character (U+FF9E, U+FF9F), a digit:
  /// one segment by WB4 and WB11–WB12, so one word; the kernel, called after the first with
  /// nothing in its `before` to say it is a digit, took the middle character alone and lost the
  /// join (2 words, before the review of 4c21058 found it).
  @Test func middleAfterADigitOfNoWord() {
    let counter = TextCounter(unit: .words)
    for number in ["\u{600}", "\u{66B}"] {
      for middle in ["\u{2019}", "\u{2024}", "\u{FF0E}"] {
        for mark in ["\u{FF9E}", "\u{FF9F}"] {
          let text = number + middle + mark + "1" + String(repeating: " ", count: 70)
          let bytes = Array(text.utf8)
          let context = "U+\(String(number.unicodeScalars.first!.value, radix: 16)) ..."
          #expect(counter.count(utf8: bytes) == 1, "\(context) \(Array(text.unicodeScalars))")
          #expect(bytes.withUnsafeBytes { TextCounter.wordRanges(utf8: $0).count } == 1)
        }
      }
    }
  }

  /// Regional indicators pair across the extends WB4 attaches to them (WB15, WB16), and a ZWJ
  /// joins the Extended_Pictographic scalar after it to its segment (WB3c): a mark that is a
  /// word character (U+FF9E) on each side of a pair makes one word, not two (the run of
  /// ideographs, kana and emoji, `addRunOfOtherAndKatakana`, began a new pair after the mark
  /// before this test found it); short, and among 40 words (through the kernel). The counts
  /// worked out by hand from UAX #29; Node 20's `Intl.Segmenter` (ICU 78.2) gives the same
  /// segments.
  @Test func regionalIndicatorsAndJoinersAcrossMarks() {
    let cases: [(String, Int)] = [
      (" 🇯\u{FF9E}🇵\u{FF9E} ", 1), ("🇯\u{FF9E}🇵\u{FF9E}🇫\u{FF9E}", 2),
      ("🇯\u{FE0F}🇵\u{FF9E}", 1), ("🇯\u{FE0F}\u{FF9E}🇵\u{FF9E}", 1),
      ("a\u{200D}👍\u{FF9E}", 1), ("中\u{200D}ℹ", 1), ("x 中\u{200D}👍\u{1F3FD}\u{FF9E} y", 3),
      ("_\u{200D}😀\u{FF9E}", 1),
    ]
    let counter = TextCounter(unit: .words)
    let words = String(repeating: "word ", count: 20)
    for (text, expected) in cases {
      #expect(counter.count(text) == expected, "\(Array(text.unicodeScalars))")
      #expect(
        counter.count(words + text + " " + words) == expected + 40,
        "\(Array(text.unicodeScalars)) among words")
    }
  }

  /// Text of scalars of no word that the word kernel takes and gives back whole (flags with a
  /// selector, an endless ZWJ chain: its runs end with a regional indicator or an emoji a ZWJ
  /// joins) is counted in linear time: 8 times the text takes well under 24 times as long (the
  /// kernel was called again a scalar or up to 1 KiB further on and read to the same end, 64
  /// times as long, before the fix the review of 5b61ca8 asked for). Best of three, each size.
  @Test func textGivenBackWholeInLinearTime() {
    let counter = TextCounter(unit: .words, concurrency: 1)
    for unit in ["🇯🇵\u{FE0F}", "👩\u{200D}"] {
      func seconds(_ size: Int) -> Double {
        Self.bestSeconds(
          counting: PathologicalTests.repeated(Array(unit.utf8), bytes: size), with: counter,
          expecting: 0, "\(Array(unit.unicodeScalars))")
      }
      let small = seconds(64 << 10)
      let large = seconds(512 << 10)
      #expect(
        large < 24 * small,
        "\(Array(unit.unicodeScalars)): \(small) s, then \(large) s for 8 times the text")
    }
  }

  /// A letter and a long run of marks (WB4 attaches them; no run ends after one) before a
  /// letter, a Hebrew letter or an ideograph is counted in linear time: 8 times the run takes
  /// well under 24 times as long. The kernel reads the whole run and ends after the first
  /// letter; it was called again a scalar or up to 1 KiB further on and read to the same end (a
  /// megabyte of marks 0.5 s, 16 times as long as 128 KiB; here 38 times as long for 8 times
  /// the marks), before it said where it stopped reading.
  @Test func letterAndLongRunOfMarksInLinearTime() {
    let counter = TextCounter(unit: .words, concurrency: 1)
    for (run, last, expected) in [
      ("\u{301}", "a", 1), ("\u{301}", "\u{5D0}", 1), ("\u{301}", "\u{4E2D}", 2),
    ] {
      func seconds(_ size: Int) -> Double {
        Self.bestSeconds(
          counting: Array("a".utf8) + PathologicalTests.repeated(Array(run.utf8), bytes: size)
            + Array(last.utf8), with: counter, expecting: expected,
          "\(Array(run.unicodeScalars)) before \(last)")
      }
      let small = seconds(64 << 10)
      let large = seconds(512 << 10)
      #expect(
        large < 24 * small,
        "\(Array(run.unicodeScalars)): \(small) s, then \(large) s for 8 times the run")
    }
  }

  /// The best of three times `counter` takes to count `bytes`, each count checked against
  /// `expected`.
  static func bestSeconds(
    counting bytes: [UInt8], with counter: TextCounter, expecting expected: Int,
    _ context: String
  ) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let clock = ContinuousClock()
      var words = -1
      let elapsed = clock.measure { words = counter.count(utf8: bytes) }
      #expect(words == expected, "\(context): \(words) words")
      let (whole, fraction) = elapsed.components
      best = min(best, Double(whole) + Double(fraction) * 1e-18)
    }
    return best
  }

  /// A table byte's class (`_WordProperties.wordBreakClass`, which reads the enum's case from
  /// the byte's low five bits) is what `init(rawValue:)` gives, `.other` where it gives none;
  /// `isIgnored` and `isLineBreak` are true of the classes they name.
  @Test func classesOfTableBytes() {
    for value in 0..<UInt8(128) {
      let properties = _WordProperties(value)
      #expect(
        properties.wordBreakClass == (_WordBreakClass(rawValue: value & 31) ?? .other),
        "byte \(value)")
    }
    // The classes WB4 attaches and the line breaks, which their masks of raw values read.
    for raw in 0..<UInt8(32) {
      guard let wordBreakClass = _WordBreakClass(rawValue: raw) else { continue }
      #expect(
        wordBreakClass.isIgnored == [.extend, .format, .zwj].contains(wordBreakClass),
        "\(wordBreakClass)")
      #expect(
        wordBreakClass.isLineBreak
          == [.carriageReturn, .lineFeed, .newline].contains(wordBreakClass),
        "\(wordBreakClass)")
    }
  }

  /// The table is what its generator writes from the standard library today.
  @Test func tableIsUpToDate() throws {
    let (passed, output) = try generatorCheck("generate-word-break-table.py")
    #expect(passed, "\(output)")
  }
}
