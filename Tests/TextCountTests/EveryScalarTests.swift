import Foundation
import Testing
import TextCount

/// Every scalar U+0000–U+10FFFF (surrogates excepted) before and after a probe of each grapheme
/// class, and inside the multi-scalar contexts of GB9c, GB11 and GB12: both backends find the
/// boundaries `String` finds.
///
/// The full sweep (46 contexts × 1,112,064 scalars) runs when `TEXTCOUNT_LONG=1`, in release
/// mode from `Scripts/test`; the default run sweeps every scalar below U+3400 and every 7th above.
@Suite struct EveryScalarTests {
  static let isExhaustive = ProcessInfo.processInfo.environment["TEXTCOUNT_LONG"] == "1"

  static let sweptScalars: [UInt32] = (UInt32(0)...0x10_FFFF).filter { value in
    !(0xD800...0xDFFF).contains(value) && (isExhaustive || value < 0x3400 || value % 7 == 0)
  }

  /// One scalar of each class the rules tell apart.
  static let probes: [(name: String, scalars: [UInt32])] = [
    ("Other", [0x61]), ("CR", [0x0D]), ("LF", [0x0A]), ("Control", [0x01]),
    ("Extend", [0x0301]), ("ZWNJ", [0x200C]), ("ZWJ", [0x200D]), ("RI", [0x1F1E6]),
    ("Prepend", [0x0600]), ("SpacingMark", [0x0903]), ("L", [0x1100]), ("V", [0x1161]),
    ("T", [0x11A8]), ("LV", [0xAC00]), ("LVT", [0xAC01]), ("ExtPict", [0x1F600]),
    ("Consonant", [0x0915]), ("Linker", [0x094D]), ("Kirat Rai V", [0x16D63]),
  ]

  struct Context: Sendable, CustomStringConvertible {
    var description: String
    var before: [UInt32]
    var after: [UInt32]
  }

  static let contexts: [Context] =
    probes.flatMap { probe in
      [
        Context(description: "\(probe.name) X", before: probe.scalars, after: []),
        Context(description: "X \(probe.name)", before: [], after: probe.scalars),
      ]
    } + [
      Context(description: "Consonant Linker X", before: [0x0915, 0x094D], after: []),
      Context(description: "Consonant Linker ZWJ X", before: [0x0915, 0x094D, 0x200D], after: []),
      Context(description: "Consonant X Consonant", before: [0x0915], after: [0x0915]),
      Context(description: "X Linker Consonant", before: [], after: [0x094D, 0x0915]),
      Context(description: "ExtPict ZWJ X", before: [0x1F600, 0x200D], after: []),
      Context(description: "ExtPict X ZWJ ExtPict", before: [0x1F600], after: [0x200D, 0x1F600]),
      Context(description: "RI X RI", before: [0x1F1E6], after: [0x1F1E6]),
      Context(description: "RI RI X", before: [0x1F1E6, 0x1F1E6], after: []),
    ]

  @Test(arguments: contexts)
  func backendsFindTheBoundariesOfString(_ context: Context) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.sweptScalars.count * 12)
    func append(_ value: UInt32) {
      bytes.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
    }
    for value in Self.sweptScalars {
      context.before.forEach(append)
      append(value)
      context.after.forEach(append)
      bytes.append(0x01)  // a control: a boundary on both sides (GB4, GB5)
    }
    let string = String(decoding: bytes, as: UTF8.self)
    let expected = Reference.clusterLengths(string)
    for backend in allBackends {
      let found = clusterLengths(bytes, backend: backend)
      if found != expected {
        let index =
          zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(found.count, expected.count)
        let offset = expected[..<index].reduce(0, +)
        let window = bytes[offset..<min(offset + 24, bytes.count)]
        Issue.record(
          "\(backend): first difference at byte \(offset): \(window.map { String($0, radix: 16) })")
      }
      #expect(TextCounter(unit: .graphemes, backend: backend).count(utf8: bytes) == expected.count)
    }
  }
}
