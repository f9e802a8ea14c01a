import TestSupport
import Testing
import TextCount

/// Short ASCII text is counted and cut without a scanner: every byte a cluster but an LF after a
/// CR, whatever the backend and the normalization. Oracle: `String` (`Character`s, whose count
/// and prefix the standard library gives) on the same bytes; texts of 0 to 80 bytes, across the
/// 64-byte bound where the scanner takes over, with CR LF pairs across every word boundary.
@Suite struct ShortASCIITests {
  static let counters = allBackends.flatMap { backend in
    [Normalization.none, .nfc, .nfkc].map {
      TextCounter(unit: .graphemes, backend: backend, normalization: $0)
    }
  }

  /// The count of `bytes` and, for every limit up to one past it, the prefix, in every counter
  /// (on the bytes and on a `String` of them), against `String`'s `Character`s; `validatedCount`
  /// against the standard library's UTF-8 parser. The prefix only of well-formed bytes: the
  /// oracle's cut is in the repaired text, whose bytes differ.
  static func check(_ bytes: [UInt8], _ label: String, _ mismatches: inout [String]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let expected = text.count
    for counter in counters {
      let onBytes = bytes.withUnsafeBytes { counter.count(utf8: $0) }
      if onBytes != expected || counter.count(text) != expected {
        mismatches.append("\(label): \(onBytes), not \(expected), in \(counter.normalization)")
      }
      let thrown = bytes.withUnsafeBytes { buffer in
        Result { () throws(InvalidUTF8Error) in try counter.validatedCount(utf8: buffer) }
      }
      switch (thrown, Reference.firstInvalidOffset(bytes)) {
      case (.success(let count), nil) where count == expected: break
      case (.failure(let error), let offset?) where error.byteOffset == offset: break
      default: mismatches.append("\(label): validatedCount gave \(thrown)")
      }
      // Grapheme prefixes are cut without normalization (a normalized counter measures pieces).
      guard counter.normalization == .none, String(validating: bytes, as: UTF8.self) != nil
      else { continue }
      for maxCount in 0...expected + 1 {
        let cut = bytes.withUnsafeBytes { counter.prefixByteCount(utf8: $0, maxCount: maxCount) }
        let expectedCut = text.prefix(maxCount).utf8.count
        if cut != expectedCut {
          mismatches.append("\(label), max \(maxCount): cut at \(cut), not \(expectedCut)")
        }
      }
    }
  }

  /// A CR LF pair, a lone CR and a lone LF at every offset of texts of every length from 0 to 80:
  /// the pair inside a word, across two words, and in the short tail.
  @Test func lineBreaksAtEveryOffsetOfEveryLength() {
    var mismatches: [String] = []
    for length in 0...80 {
      let base = Array(repeating: UInt8(ascii: "a"), count: length)
      Self.check(base, "\(length) a's", &mismatches)
      for offset in 0..<length {
        for insert: [UInt8] in [[0x0D, 0x0A], [0x0D], [0x0A], [0x0A, 0x0D]] {
          var bytes = base
          bytes.replaceSubrange(offset..<min(length, offset + insert.count), with: insert)
          Self.check(bytes, "\(insert) at \(offset) of \(length)", &mismatches)
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A scalar that is not ASCII at every offset (é, あ, a combining acute that joins the letter
  /// before it), and ill-formed bytes (a lone continuation, a lead cut short, FF): the scanner's
  /// answer, the ill-formed bytes counted as `String(decoding:)` repairs them.
  @Test func bytesThatAreNotASCIIAtEveryOffset() {
    var mismatches: [String] = []
    let inserts: [[UInt8]] = [
      Array("é".utf8), Array("あ".utf8), Array("\u{301}".utf8), [0x80], [0xE3, 0x81], [0xFF],
    ]
    for length in 1...72 {
      for offset in 0..<length {
        for insert in inserts {
          var bytes = Array(repeating: UInt8(ascii: "b"), count: length)
          bytes.insert(contentsOf: insert, at: offset)
          Self.check(bytes, "\(insert) at \(offset) of \(length)", &mismatches)
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Random ASCII, dense in CR and LF, and with controls.
  @Test func randomASCIIDenseInLineBreaks() {
    let seed: UInt64 = 0x5EED_A5C1
    var random = SeededGenerator(seed: seed)
    let alphabet: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x09, 0x1F, 0x20, 0x41, 0x7A, 0x7F]
    var mismatches: [String] = []
    for iteration in 0..<testIterations(3_000) {
      let length = Int.random(in: 0...80, using: &random)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
      Self.check(bytes, "seed \(seed) #\(iteration) \(bytes)", &mismatches)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
