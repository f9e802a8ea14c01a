import Foundation
import Testing

@testable import TextCount

/// Checks another machine's kernel results against the standard library, not against this
/// machine's kernels: `Scripts/test-arm` replays every call of `KernelReplayExport` with the NEON
/// kernels under qemu and hands their output here (`TEXTCOUNT_KERNEL_REPLAY_RESULTS`). For the
/// first call from each start, on text that is well-formed from that start to where the kernel
/// stopped, each count must be what `String` (and `Reference`, for the lengths) says of those
/// bytes: the scalars and supplementary scalars of the well-formed run, the clusters of the
/// standalone run and of the automaton's (and of its whole chain of calls), the lengths of the
/// standalone run and of the clusters the automaton length kernel closed, the UCS-2 packing
/// kernel's chain (its clusters packed whole into SMS parts); stringz's matches and the word
/// kernel's words (with and without its window planes), which no standard library counts, as
/// the scalar loops count them (validated against stringz itself by `StringzTests`, against
/// WordBreakTest.txt by `WordsTests`); the SMS kernel's ASCII runs against their definition;
/// the scalars up to one above U+FFFF as `String` counts them, and where they stop.
@Suite struct KernelReplayCheck {
  static let results = ProcessInfo.processInfo.environment["TEXTCOUNT_KERNEL_REPLAY_RESULTS"]

  @Test(.enabled(if: results != nil))
  func replayedResultsCountWhatStringCounts() throws {
    let inputs = KernelReplayExport.inputs()
    let units = KernelReplayExport.replayedUnits
    let lines = try String(contentsOfFile: Self.results!, encoding: .utf8).split(separator: "\n")
    var checked = 0
    var mismatches: [String] = []
    /// The text from `start` to `end`, if it is well-formed UTF-8 there.
    func text(_ input: Int, _ start: Int, _ end: Int) -> String? {
      let bytes = inputs[input].bytes
      guard start <= end, end <= bytes.count else { return nil }
      return String(validating: bytes[start..<end], as: UTF8.self)
    }
    func check(_ line: Substring, _ actual: Int, _ expected: Int) {
      checked += 1
      if actual != expected && mismatches.count < 20 {
        mismatches.append("\(line): expected \(expected)")
      }
    }
    // The lines of one start come in order: W, S, Z, two G, U, four V, the packing kernel's chain
    // of P, an L per unit, the automaton's chain of A calls, then each unit's chain of R calls;
    // a W begins the next start.
    var chain: (input: Int, start: Int, clusters: Int, end: Int)? = nil
    var lengthChainsSeen = Set<Int>()
    var packingStart: Int? = nil
    func closeChain() {
      if let open = chain, let text = text(open.input, open.start, open.end) {
        check("A chain \(open.input) \(open.start)", open.clusters, text.count)
      }
      chain = nil
    }
    for line in lines {
      let fields = line.split(separator: " ")
      let numbers = fields.dropFirst().map { Int($0)! }
      let (input, start) = (numbers[0], numbers[1])
      switch fields[0] {
      case "W":
        closeChain()
        lengthChainsSeen = []
        packingStart = nil
        guard let text = text(input, start, numbers[2]) else { continue }
        check(line, numbers[3], text.unicodeScalars.count)
        check(line, numbers[4], text.unicodeScalars.count { $0.value > 0xFFFF })
      case "S":
        guard let text = text(input, start, numbers[2]) else { continue }
        check(line, numbers[3], text.count)
      case "Z":
        // From no open match: stringz's matches as the scalar loop counts them (60 bytes at a
        // time: no kernel), of which a joiner the run ends with waits (the count at the end
        // takes it as one). (From the other places, the replay's results equal x86-64's.)
        let (place, end, matches, after) = (numbers[2], numbers[3], numbers[4], numbers[5])
        guard place == 0, text(input, start, end) != nil else { continue }
        var stream = StreamingTextCounter(unit: .stringz)
        let bytes = inputs[input].bytes[start..<end]
        for from in stride(from: bytes.startIndex, to: bytes.endIndex, by: 60) {
          bytes[from..<min(from + 60, bytes.endIndex)].withUnsafeBytes { stream.append(utf8: $0) }
        }
        let waiting = after == Int(_StringzScanner.joinerPlace) ? 1 : 0
        check(line, matches + waiting, stream.finish())
      case "G":
        // Every byte of the run is ASCII (with gsmOnly, a GSM 7-bit character of one septet),
        // and the byte after it is not, unless fewer than 64 bytes are left.
        let (gsmOnly, end) = (numbers[2] == 1, numbers[3])
        let bytes = inputs[input].bytes
        func taken(_ byte: UInt8) -> Bool {
          guard gsmOnly else { return byte < 0x80 }
          return byte == 0x0A || byte == 0x0D || (0x20...0x5A).contains(byte) || byte == 0x5F
            || (0x61...0x7A).contains(byte)
        }
        check(line, bytes[start..<end].allSatisfy(taken) ? 1 : 0, 1)
        check(line, end + 64 > bytes.count || !taken(bytes[end]) ? 1 : 0, 1)
      case "U":
        // Where the bytes are well-formed up to the end of the scalar the run may end inside:
        // the scalars whose first byte is before the end, none above U+FFFF; the run ends at one
        // above U+FFFF, unless fewer than 64 bytes are left.
        let (end, scalars) = (numbers[2], numbers[3])
        let bytes = inputs[input].bytes
        var scalarEnd = end
        while scalarEnd < bytes.count && bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
        guard let text = text(input, start, scalarEnd) else { continue }
        check(line, scalars, text.unicodeScalars.count)
        check(line, text.unicodeScalars.contains { $0.value > 0xFFFF } ? 1 : 0, 0)
        check(line, end + 64 > bytes.count || bytes[end] >= 0xF0 ? 1 : 0, 1)
      case "V":
        // From no unit before: the words of the run as a text of its own, as the scalar loop
        // counts them (60 bytes at a time: no kernel).
        let (before, end, words) = (numbers[2], numbers[5], numbers[6])
        guard before == 0, text(input, start, end) != nil else { continue }
        var stream = StreamingTextCounter(unit: .words)
        let bytes = inputs[input].bytes[start..<end]
        for from in stride(from: bytes.startIndex, to: bytes.endIndex, by: 60) {
          bytes[from..<min(from + 60, bytes.endIndex)].withUnsafeBytes { stream.append(utf8: $0) }
        }
        check(line, words, stream.finish())
      case "L":
        guard let text = text(input, start, numbers[3]) else { continue }
        check(line, numbers[4], Reference.count(text, in: units[numbers[2]]))
      case "A":
        let (end, clusters) = (numbers[3], numbers[4])
        if chain == nil {
          chain = (input, start, 0, start)
          if let text = text(input, start, end) { check(line, clusters, text.count) }
        }
        chain?.clusters += clusters
        chain?.end = end
      case "R":
        closeChain()
        let (unit, end, length, clusterStart) = (numbers[2], numbers[3], numbers[4], numbers[5])
        guard lengthChainsSeen.insert(unit).inserted,
          let closed = text(input, start, clusterStart < 0 ? start : clusterStart),
          text(input, start, end) != nil
        else { continue }
        check(line, length, Reference.count(closed, in: units[unit]))
      case "P":
        // The packing kernel's chain from the W line's start (where a cluster starts, from the
        // start of text): each end's packing is the standard library's clusters before it packed
        // whole into parts of 67 UTF-16 code units, a CR LF as two pieces (as Twilio splits it;
        // the kernel takes no longer cluster).
        let (end, units, parts, used) = (numbers[2], numbers[3], numbers[4], numbers[5])
        if packingStart == nil { packingStart = start }
        guard end > start, let text = text(input, packingStart!, end) else { continue }
        var packed = (units: 0, parts: 1, used: 0)
        for character in text {
          for size in character == "\r\n" ? [1, 1] : [character.utf16.count] {
            packed.units += size
            if packed.used + size > 67 && packed.used > 0 {
              packed.parts += 1
              packed.used = 0
            }
            packed.used += size
          }
        }
        check(line, units, packed.units)
        check(Substring(line + " parts"), parts, packed.parts)
        check(Substring(line + " used"), used, packed.used)
      default:
        Issue.record("unknown line \(line)")
      }
    }
    closeChain()
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    // Most calls start where the text is well-formed: the check must have compared most lines.
    #expect(checked > lines.count / 2, "\(checked) of \(lines.count) results checked")
    print(
      "kernel replay check: \(checked) results compared with String's counts, \(mismatches.count) differ"
    )
  }
}
