import TestSupport
import Testing
import TextCount

/// `StreamingTextCounter` gives the whole-buffer count whatever the chunk boundaries.
@Suite struct StreamingTests {
  static func streamedCount(
    _ bytes: [UInt8], splits: [Int], unit: TextUnit, backend: TextCounter.Backend
  ) -> Int {
    var counter = StreamingTextCounter(unit: unit, backend: backend)
    var start = 0
    bytes.withUnsafeBytes { raw in
      for end in splits + [bytes.count] {
        counter.append(utf8: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        start = end
      }
    }
    return counter.finish()
  }

  @Test(arguments: allBackends, TextUnit.allCases)
  func everySplitIntoTwoAndThreeChunksGivesTheWholeCount(
    _ backend: TextCounter.Backend, _ unit: TextUnit
  ) {
    let seed: UInt64 = 0x5EED_0004
    var random = SeededGenerator(seed: seed)
    for sample in 0..<iterations(300, for: unit) {
      let bytes =
        sample.isMultiple(of: 2)
        ? Array(RandomText.string(maxScalars: 8, using: &random).utf8)
        : RandomText.bytes(maxLength: 20, using: &random)
      let expected = Reference.count(utf8: bytes, in: unit)
      #expect(Self.streamedCount(bytes, splits: [], unit: unit, backend: backend) == expected)
      for first in 0...bytes.count {
        let two = Self.streamedCount(bytes, splits: [first], unit: unit, backend: backend)
        #expect(two == expected, "seed \(seed) sample \(sample) \(bytes) split \(first)")
        for second in first...bytes.count {
          let three = Self.streamedCount(
            bytes, splits: [first, second], unit: unit, backend: backend)
          #expect(
            three == expected, "seed \(seed) sample \(sample) \(bytes) split \(first),\(second)")
        }
      }
    }
  }

  @Test(arguments: allBackends)
  func oneByteAtATime(_ backend: TextCounter.Backend) {
    let text = "ab\r\n👨‍👩‍👧‍👦🇯🇵🇫🇷क्षe\u{301}\u{FFFF}"
    var bytes = Array(text.utf8)
    bytes.insert(contentsOf: [0xF0, 0x9F, 0x98], at: 5)  // a truncated emoji mid-text
    let expected = Reference.count(utf8: bytes, in: .graphemes)
    let splits = Array(1..<bytes.count)
    #expect(
      Self.streamedCount(bytes, splits: splits, unit: .graphemes, backend: backend) == expected)
  }

  /// A piece that only completes the scalar the piece before left unfinished counts in the
  /// offsets after it, in the units read a scalar at a time as in the others: `E6 97`, `A5`
  /// (日 completed), `FF` (ill-formed, at byte 3).
  @Test(arguments: [TextUnit.graphemes, .words, .stringz, .sms(SMSOptions()), .htmlMaxLength])
  func aPieceThatOnlyCompletesAScalarCounts(_ unit: TextUnit) {
    let pieces: [[UInt8]] = [[0xE6, 0x97], [0xA5], [0xFF]]
    var counter = StreamingTextCounter(unit: unit)
    var message = StreamingSMSMessage()
    for piece in pieces {
      piece.withUnsafeBytes {
        counter.append(utf8: $0)
        message.append(utf8: $0)
      }
    }
    #expect(counter.firstInvalidByteOffset == 3)
    #expect(message.firstInvalidByteOffset == 3)
  }

  @Test func firstInvalidByteOffsetIsAbsolute() {
    var counter = StreamingTextCounter(unit: .utf8)
    [UInt8]("hello ".utf8).withUnsafeBytes { counter.append(utf8: $0) }
    [UInt8]([0x41, 0xE2, 0x82]).withUnsafeBytes { counter.append(utf8: $0) }
    [UInt8]([0x41]).withUnsafeBytes { counter.append(utf8: $0) }
    #expect(counter.firstInvalidByteOffset == 7)
    #expect(counter.finish() == 6 + 1 + 3 + 1)
  }
}
