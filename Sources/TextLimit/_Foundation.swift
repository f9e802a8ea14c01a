// The Foundation that TextLimit's engine uses, for the WebAssembly build (Embedded Swift,
// Scripts/build-wasm), which has no Foundation and one thread: `NSRange` (the UTF-16 ranges
// UIKit and AppKit speak), `NSNotFound`, `NSLock` and `memcmp`, with the same names and the same
// meaning: a range of two integers, the same "not found" value, a lock that has nothing to
// exclude and a byte comparison. On Apple platforms and Linux each file that uses them imports
// Foundation itself (`#if !hasFeature(Embedded)`), publicly where its public API shows an
// `NSRange`: TextLimit does not re-export Foundation.

#if hasFeature(Embedded)
  /// A range of UTF-16 offsets: where it starts and how long it is (Foundation's `NSRange`).
  public struct NSRange: Hashable, Sendable {
    /// The first offset.
    public var location: Int
    /// How many offsets it spans.
    public var length: Int

    /// A range from its start and length.
    public init(location: Int, length: Int) {
      self.location = location
      self.length = length
    }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The location of a range that was not found (Foundation's `NSNotFound`).
  public let NSNotFound = Int.max

  extension Range where Bound == Int {
    /// The range an `NSRange` spans; nil for a `NSNotFound` location (Foundation's initializer).
    init?(_ range: NSRange) {
      guard range.location != NSNotFound, range.length >= 0 else { return nil }
      self = range.location..<(range.location + range.length)
    }
  }

  /// A lock where there is only one thread: it has nothing to exclude (Foundation's `NSLock`).
  final class NSLock: @unchecked Sendable {
    func lock() {}
    func unlock() {}
  }

  /// Compares `count` bytes at `a` and `b`: 0 when they are equal, otherwise the difference of
  /// the first bytes that differ (the C library's `memcmp`).
  /// - Complexity: O(count), eight bytes a step.
  func memcmp(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32 {
    var index = 0
    while index + 8 <= count
      && a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    {
      index += 8
    }
    while index < count {
      let left = a.load(fromByteOffset: index, as: UInt8.self)
      let right = b.load(fromByteOffset: index, as: UInt8.self)
      if left != right { return Int32(left) - Int32(right) }
      index += 1
    }
    return 0
  }
#endif
