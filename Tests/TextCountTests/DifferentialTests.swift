import TestSupport
import Testing
import TextCount

/// Both backends against the standard library, on seeded random inputs, in every unit.
@Suite struct DifferentialTests {
  static let units = TextUnit.allCases

  @Test(arguments: allBackends, units)
  func randomStringsCountAsStringDoes(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0001
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    var failures = 0
    for iteration in 0..<iterations(100_000, for: unit) {
      let string = RandomText.string(maxScalars: 16, using: &random)
      let expected = Reference.count(string, in: unit)
      let fromString = counter.count(string)
      let fromBytes = counter.count(utf8: Array(string.utf8))
      if fromString != expected || fromBytes != expected {
        failures += 1
        if failures <= 5 {
          let scalars = string.unicodeScalars.map { String($0.value, radix: 16) }
          Issue.record(
            "seed \(seed) #\(iteration) \(scalars): expected \(expected), count(_:) \(fromString), count(utf8:) \(fromBytes)"
          )
        }
      }
    }
    #expect(failures == 0)
  }

  @Test(arguments: allBackends, units)
  func randomBytesCountAsStringDecodingDoes(_ backend: TextCounter.Backend, _ unit: TextUnit) {
    let seed: UInt64 = 0x5EED_0002
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: unit, backend: backend)
    var failures = 0
    for iteration in 0..<iterations(100_000, for: unit) {
      let bytes = RandomText.bytes(maxLength: 24, using: &random)
      let expected = Reference.count(utf8: bytes, in: unit)
      let found = counter.count(utf8: bytes)
      if found != expected {
        failures += 1
        if failures <= 5 {
          Issue.record("seed \(seed) #\(iteration) \(bytes): expected \(expected), found \(found)")
        }
      }
    }
    #expect(failures == 0)
  }

  @Test(arguments: allBackends)
  func validatedCountThrowsExactlyWhenStringValidatingFails(_ backend: TextCounter.Backend) {
    let seed: UInt64 = 0x5EED_0003
    var random = SeededGenerator(seed: seed)
    let counter = TextCounter(unit: .graphemes, backend: backend)
    for iteration in 0..<20_000 {
      let bytes = RandomText.bytes(maxLength: 20, using: &random)
      let valid = String(validating: bytes, as: UTF8.self)
      do {
        let count = try bytes.withUnsafeBytes { try counter.validatedCount(utf8: $0) }
        #expect(valid?.count == count, "seed \(seed) #\(iteration) \(bytes)")
      } catch let error as InvalidUTF8Error {
        // The offset is where the longest valid prefix ends.
        let longestValid = (0...bytes.count).last {
          String(validating: bytes[..<$0], as: UTF8.self) != nil
        }!
        #expect(valid == nil, "seed \(seed) #\(iteration) \(bytes)")
        #expect(error.byteOffset == longestValid, "seed \(seed) #\(iteration) \(bytes)")
      } catch {
        Issue.record("unexpected error \(error)")
      }
    }
  }

  @Test(arguments: allBackends)
  func substringsCountFromTheirOwnStart(_ backend: TextCounter.Backend) {
    let text = "e\u{301}🇯🇵🇫🇷👨‍👩‍👧 क्ष"
    let counter = TextCounter(unit: .graphemes, backend: backend)
    for start in text.indices {
      let substring = text[start...]
      #expect(counter.count(substring) == substring.count)
    }
  }

  @Test func automaticPicksTheFastestBackendCompiledIn() {
    #expect(TextCounter().backend == TextCounter.availableBackends[0])
    #expect(TextCounter(backend: .swift).backend == .swift)
    #expect(TextCounter.availableBackends.contains(.swift))
  }
}
