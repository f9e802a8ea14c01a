/// One step of UTF-8 decoding with the standard library's repair rule.
///
/// `String(decoding:as: UTF8.self)` replaces each *maximal subpart* of an ill-formed sequence with
/// one U+FFFD (Unicode §3.9, "U+FFFD Substitution of Maximal Subparts"). This decoder reports the
/// same subparts, so counts over raw bytes equal counts over the repaired `String`.
struct _DecodedScalar {
  /// The scalar value; U+FFFD when `isValid` is false.
  var value: UInt32
  /// Bytes consumed; 0 when the bytes available are a valid but incomplete prefix.
  var length: Int
  var isValid: Bool

  static let replacementCharacter: UInt32 = 0xFFFD
}

/// Decodes the scalar starting at `bytes[0]`, reading at most `available` bytes.
/// - Precondition: `available >= 1`.
/// - Complexity: O(1).
@inline(__always)
func _decodeUTF8(_ bytes: UnsafePointer<UInt8>, available: Int) -> _DecodedScalar {
  let lead = bytes[0]
  if lead < 0x80 { return _DecodedScalar(value: UInt32(lead), length: 1, isValid: true) }
  let sequenceLength: Int
  // The bounds of `_secondByteBounds`, folded into the switch: calling it here made the loops
  // this decoder is inlined into 12% slower on Arabic text.
  var low: UInt8 = 0x80
  var high: UInt8 = 0xBF
  switch lead {
  case 0xC2...0xDF: sequenceLength = 2
  case 0xE0:
    sequenceLength = 3
    low = 0xA0
  case 0xED:
    sequenceLength = 3
    high = 0x9F
  case 0xE1...0xEF: sequenceLength = 3
  case 0xF0:
    sequenceLength = 4
    low = 0x90
  case 0xF4:
    sequenceLength = 4
    high = 0x8F
  case 0xF1...0xF3: sequenceLength = 4
  default: return .invalid(length: 1)
  }
  guard available >= 2 else { return .incomplete }
  let second = bytes[1]
  guard second >= low && second <= high else { return .invalid(length: 1) }
  if sequenceLength == 2 {
    let value = UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F)
    return _DecodedScalar(value: value, length: 2, isValid: true)
  }
  guard available >= 3 else { return .incomplete }
  let third = bytes[2]
  guard third & 0xC0 == 0x80 else { return .invalid(length: 2) }
  if sequenceLength == 3 {
    let value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    return _DecodedScalar(value: value, length: 3, isValid: true)
  }
  guard available >= 4 else { return .incomplete }
  let fourth = bytes[3]
  guard fourth & 0xC0 == 0x80 else { return .invalid(length: 3) }
  let value =
    UInt32(lead & 0x07) << 18 | UInt32(second & 0x3F) << 12 | UInt32(third & 0x3F) << 6
    | UInt32(fourth & 0x3F)
  return _DecodedScalar(value: value, length: 4, isValid: true)
}

/// `_decodeUTF8` with the well-formed cases first: one branch on the lead's width and one test
/// of the bytes after it, where four bytes are readable; anything else goes to `_decodeUTF8`.
/// - Complexity: O(1).
@inline(__always)
func _decodeUTF8Quickly(_ bytes: UnsafePointer<UInt8>, available: Int) -> _DecodedScalar {
  let lead = bytes[0]
  if lead < 0x80 { return _DecodedScalar(value: UInt32(lead), length: 1, isValid: true) }
  if available >= 4 {
    let second = bytes[1]
    if lead < 0xE0 {
      if lead >= 0xC2 && second & 0xC0 == 0x80 {
        let value = UInt32(lead & 0x1F) &<< 6 | UInt32(second & 0x3F)
        return _DecodedScalar(value: value, length: 2, isValid: true)
      }
    } else if lead < 0xF0 {
      let third = bytes[2]
      let (low, high) = _secondByteBounds(after: lead)
      if second >= low && second <= high && third & 0xC0 == 0x80 {
        let value =
          UInt32(lead & 0x0F) &<< 12 | UInt32(second & 0x3F) &<< 6 | UInt32(third & 0x3F)
        return _DecodedScalar(value: value, length: 3, isValid: true)
      }
    } else if lead <= 0xF4 {
      let third = bytes[2]
      let fourth = bytes[3]
      let (low, high) = _secondByteBounds(after: lead)
      if second >= low && second <= high && third & 0xC0 == 0x80 && fourth & 0xC0 == 0x80 {
        let value =
          UInt32(lead & 0x07) &<< 18 | UInt32(second & 0x3F) &<< 12 | UInt32(third & 0x3F) &<< 6
          | UInt32(fourth & 0x3F)
        return _DecodedScalar(value: value, length: 4, isValid: true)
      }
    }
  }
  return _decodeUTF8(bytes, available: available)
}

/// The bytes that may follow `lead` (C2–F4) in a well-formed sequence: any continuation byte,
/// but narrower after E0 (no overlongs), ED (no surrogates), F0 (no overlongs) and F4 (nothing
/// above U+10FFFF).
/// - Complexity: O(1).
@inline(__always)
func _secondByteBounds(after lead: UInt8) -> (low: UInt8, high: UInt8) {
  let low: UInt8 = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
  let high: UInt8 = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
  return (low, high)
}

/// The scalar (repaired) that ends just before `position`, where a scalar starts: U+FFFD when
/// the bytes before it are not one well-formed sequence.
/// - Complexity: O(1): at most four bytes back.
@inline(__always)
func _scalar(endingAt position: Int, in base: UnsafePointer<UInt8>) -> UInt32 {
  let last = base[position - 1]
  if last < 0x80 { return UInt32(last) }
  for back in 2...4 where position - back >= 0 {
    let lead = base[position - back]
    if UTF8.isContinuation(lead) { continue }
    let decoded = _decodeUTF8(base + position - back, available: back)
    return decoded.isValid && decoded.length == back
      ? decoded.value : _DecodedScalar.replacementCharacter
  }
  return _DecodedScalar.replacementCharacter
}

/// The length in UTF-8 of a scalar (of U+FFFD, 3, where it stands for ill-formed bytes).
/// - Complexity: O(1).
@inline(__always)
func _utf8Length(of scalar: UInt32) -> Int {
  scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x1_0000 ? 3 : 4
}

extension _DecodedScalar {
  @inline(__always)
  static func invalid(length: Int) -> _DecodedScalar {
    _DecodedScalar(value: replacementCharacter, length: length, isValid: false)
  }

  static var incomplete: _DecodedScalar {
    _DecodedScalar(value: replacementCharacter, length: 0, isValid: false)
  }
}

/// Calls `body` with each scalar of `base[start..<end]`, which holds whole scalars, repaired as
/// the counting loops repair them: with the bytes up to `limit` readable, as they were to the
/// loop (how far an ill-formed sequence reaches depends on the bytes after it).
/// - Complexity: O(`end - start`).
func _forEachScalar(
  in base: UnsafePointer<UInt8>, from start: Int, to end: Int, readableTo limit: Int,
  _ body: (UInt32) -> Void
) {
  var index = start
  while index < end {
    let scalar = _decodeUTF8(base + index, available: limit &- index)
    body(scalar.value)
    index &+= max(scalar.length, 1)
  }
}

/// How many bytes of `mask` have their high bit set (its other bits clear): a multiply, not a
/// popcount, which the baseline x86-64 target lacks (it takes a dozen instructions there).
/// - Complexity: O(1).
@inline(__always)
func _highBitCount(_ mask: UInt64) -> Int {
  Int(truncatingIfNeeded: ((mask &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
}

/// The high bit of each byte of `word` (eight ASCII bytes, little-endian) that equals `byte`.
/// - Complexity: O(1).
@inline(__always)
func _asciiBytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
  let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
  let nonzero = ((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference
  return ~nonzero & 0x8080_8080_8080_8080
}

/// The high bit of each byte of `word` (eight bytes, byte k at bits 8k to 8k + 7) that is an LF
/// right after a CR: the one place of text where an ASCII byte does not start a grapheme
/// cluster. `crBefore` is 0x80 when the byte before the word is a CR.
/// - Complexity: O(1).
@inline(__always)
func _lfsAfterCR(in word: UInt64, crBefore: UInt64 = 0) -> UInt64 {
  (_asciiBytes(equalTo: 0x0D, in: word) &<< 8 | crBefore) & _asciiBytes(equalTo: 0x0A, in: word)
}
