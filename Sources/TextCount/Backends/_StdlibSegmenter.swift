/// The Swift backend's segmenter: the standard library's own `Character` state machine.
///
/// `Unicode._CharacterRecognizer` is the public (underscored) entry point to the rules `String`
/// uses to form `Character`s; swift-collections' `BigString` relies on it too. It keeps O(1) state,
/// so streams are counted exactly as `String` would count them, without building a `String`.
///
/// The recognizer needs macOS 13.3, iOS 16.4, tvOS 16.4 or watchOS 9.4. The package supports
/// older systems, where a type cannot even hold one in a stored property, so it is kept as raw
/// bytes (it is a plain value type of a few bytes, checked at first use); on older systems
/// `_StringSegmenter` gives the running system's `String` answers instead.
struct _StdlibSegmenter: _GraphemeSegmenter {
  /// A `Unicode._CharacterRecognizer`, where the system has one.
  private var recognizer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  /// The fallback, on systems without the recognizer.
  private var fallback: _StringSegmenter?

  init() {
    if #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) {
      precondition(
        _isPOD(Unicode._CharacterRecognizer.self)
          && MemoryLayout<Unicode._CharacterRecognizer>.size
            <= MemoryLayout.size(ofValue: recognizer)
          && MemoryLayout<Unicode._CharacterRecognizer>.alignment <= MemoryLayout<UInt64>.alignment,
        "Unicode._CharacterRecognizer no longer fits its storage")
      withUnsafeMutableBytes(of: &recognizer) {
        $0.storeBytes(of: Unicode._CharacterRecognizer(), as: Unicode._CharacterRecognizer.self)
      }
    } else {
      fallback = _StringSegmenter()
    }
  }

  @inline(__always)
  mutating func hasBreak(before scalar: UInt32) -> Bool {
    let scalar = Unicode.Scalar(scalar).unsafelyUnwrapped
    if #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) {
      return withUnsafeMutableBytes(of: &recognizer) { bytes in
        bytes.baseAddress.unsafelyUnwrapped
          .assumingMemoryBound(to: Unicode._CharacterRecognizer.self)
          .pointee.hasBreak(before: scalar)
      }
    }
    return fallback!.hasBreak(before: scalar)
  }

  static var scalarProperties: _ScalarProperties { .swift }

  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
    _SwiftNormalization.normalize(scalars, compatibility: compatibility)
  }
}

/// Grapheme breaks from `String`'s own `Character` iteration, for systems whose standard library
/// has no `Unicode._CharacterRecognizer`: a break precedes a scalar unless the cluster so far
/// and the scalar form one `Character`. The rules look only backwards and forget everything at a
/// boundary, so the cluster so far is all the context a decision needs.
/// - Complexity: O(length of the current cluster) per scalar.
struct _StringSegmenter {
  private var cluster = String.UnicodeScalarView()

  /// Feeds the next scalar; whether a grapheme boundary precedes it. The first call is `true`.
  mutating func hasBreak(before scalar: Unicode.Scalar) -> Bool {
    guard !cluster.isEmpty else {
      cluster.append(scalar)
      return true
    }
    var joined = cluster
    joined.append(scalar)
    if String(joined).count == 1 {
      cluster = joined
      return false
    }
    cluster = String.UnicodeScalarView([scalar])
    return true
  }
}
