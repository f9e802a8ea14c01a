/// The Swift backend's segmenter: the standard library's own `Character` state machine.
///
/// `Unicode._CharacterRecognizer` is the public (underscored) entry point to the rules `String`
/// uses to form `Character`s; swift-collections' `BigString` relies on it too. It keeps O(1) state,
/// so streams are counted exactly as `String` would count them, without building a `String`.
struct _StdlibSegmenter: _GraphemeSegmenter {
  private var recognizer = Unicode._CharacterRecognizer()

  init() {}

  @inline(__always)
  mutating func hasBreak(before scalar: UInt32) -> Bool {
    recognizer.hasBreak(before: Unicode.Scalar(scalar).unsafelyUnwrapped)
  }

  static var scalarProperties: _ScalarProperties { .swift }

  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
    _SwiftNormalization.normalize(scalars, compatibility: compatibility)
  }
}
