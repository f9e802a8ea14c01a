#if !TEXTCOUNT_NO_FOUNDATION && !hasFeature(Embedded)
  import Foundation
#endif

/// NFC and NFKC for the Swift backend. NFC is the standard library's own (`_nfcCodeUnits`, what
/// `String` comparison uses); NFKC is that NFC applied to Foundation's compatibility
/// decomposition (NFKC = canonical composition of NFKD), since the standard library has no
/// compatibility mapping and Foundation's composing forms miss some compositions on Linux.
/// Systems older than `_nfcCodeUnits` (macOS 13, iOS 16, watchOS 9, tvOS 16) use Foundation's
/// NFC, the system's own answer there. A build without Foundation (`TEXTCOUNT_NO_FOUNDATION`,
/// the self-contained C library, which links libutf8proc) normalizes with libutf8proc. The
/// WebAssembly build (Embedded Swift: no Foundation, no libutf8proc) has the standard library's
/// NFC and refuses NFKC, which nothing in the JavaScript package asks for: it stops with a
/// message rather than count NFC in its place.
enum _SwiftNormalization {
  static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
    #if TEXTCOUNT_NO_FOUNDATION && TEXTCOUNT_UTF8PROC
      return _UTF8Proc.normalize(scalars, compatibility: compatibility)
    #elseif hasFeature(Embedded)
      precondition(
        !compatibility,
        "NFKC is not available in the WebAssembly build (no compatibility mapping in Embedded Swift)"
      )
      var view = String.UnicodeScalarView()
      for value in scalars { view.append(Unicode.Scalar(value)!) }
      if #available(macOS 13, iOS 16, watchOS 9, tvOS 16, *) {  // always, off Apple's systems
        return String(decoding: String(view)._nfcCodeUnits, as: UTF8.self).unicodeScalars.map {
          $0.value
        }
      }
      preconditionFailure("NFC needs the standard library's _nfcCodeUnits (macOS 13, iOS 16)")
    #else
      return foundationNormalize(scalars, compatibility: compatibility)
    #endif
  }

  #if !TEXTCOUNT_NO_FOUNDATION && !hasFeature(Embedded)
    private static func foundationNormalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
      var view = String.UnicodeScalarView()
      for value in scalars { view.append(Unicode.Scalar(value)!) }
      var text = String(view)
      if compatibility { text = text.decomposedStringWithCompatibilityMapping }
      if #available(macOS 13, iOS 16, watchOS 9, tvOS 16, *) {
        return String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars.map(\.value)
      }
      // Older systems: the running system's own NFC, through Foundation.
      return text.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
    }
  #endif
}
