#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A repeatable random number generator (SplitMix64), so that a failing property test can be
/// replayed from the seed it prints.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that replays the same sequence for the same `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits (SplitMix64).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// How many random cases a property test draws: `full`, or a tenth of it under
/// `TEXTCOUNT_QUICK=1` (CI's sanitizer runs, where every memory access is checked).
public func testIterations(_ full: Int) -> Int {
  getenv("TEXTCOUNT_QUICK").map { String(cString: $0) } == "1" ? max(1, full / 10) : full
}
