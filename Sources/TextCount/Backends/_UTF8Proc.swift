#if TEXTCOUNT_UTF8PROC
  // The only file that imports the C library. Everything else sees Swift types.
  internal import CUTF8Proc

  #if canImport(Glibc)
    import Glibc  // free
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The raw queries the utf8proc backend makes of libutf8proc.
  enum _UTF8Proc {
    /// The grapheme class libutf8proc reports for a code point, before corrections.
    ///
    /// Maps utf8proc's `boundclass` to `_GraphemeClass` categories. libutf8proc 2.8.0 has no
    /// Indic_Conjunct_Break data: the GB9c flags come from the correction table.
    /// - Complexity: O(1).
    static func graphemeClass(of codePoint: UInt32) -> UInt8 {
      let property = utf8proc_get_property(Int32(bitPattern: codePoint))!.pointee
      let category: UInt8
      switch Int(property.boundclass) {
      case Int(UTF8PROC_BOUNDCLASS_CR.rawValue): category = _GraphemeClass.carriageReturn
      case Int(UTF8PROC_BOUNDCLASS_LF.rawValue): category = _GraphemeClass.lineFeed
      case Int(UTF8PROC_BOUNDCLASS_CONTROL.rawValue): category = _GraphemeClass.control
      case Int(UTF8PROC_BOUNDCLASS_EXTEND.rawValue), Int(UTF8PROC_BOUNDCLASS_E_MODIFIER.rawValue):
        category = _GraphemeClass.extend
      case Int(UTF8PROC_BOUNDCLASS_L.rawValue): category = _GraphemeClass.hangulL
      case Int(UTF8PROC_BOUNDCLASS_V.rawValue): category = _GraphemeClass.hangulV
      case Int(UTF8PROC_BOUNDCLASS_T.rawValue): category = _GraphemeClass.hangulT
      case Int(UTF8PROC_BOUNDCLASS_LV.rawValue): category = _GraphemeClass.hangulLV
      case Int(UTF8PROC_BOUNDCLASS_LVT.rawValue): category = _GraphemeClass.hangulLVT
      case Int(UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR.rawValue):
        category = _GraphemeClass.regionalIndicator
      case Int(UTF8PROC_BOUNDCLASS_SPACINGMARK.rawValue): category = _GraphemeClass.spacingMark
      case Int(UTF8PROC_BOUNDCLASS_PREPEND.rawValue): category = _GraphemeClass.prepend
      case Int(UTF8PROC_BOUNDCLASS_ZWJ.rawValue): category = _GraphemeClass.zeroWidthJoiner
      case Int(UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC.rawValue),
        Int(UTF8PROC_BOUNDCLASS_E_BASE.rawValue), Int(UTF8PROC_BOUNDCLASS_E_BASE_GAZ.rawValue),
        Int(UTF8PROC_BOUNDCLASS_GLUE_AFTER_ZWJ.rawValue):
        category = _GraphemeClass.extendedPictographic
      default: category = _GraphemeClass.other
      }
      return category
    }

    /// The display width of a code point: 0, 1 or 2 (`utf8proc_charwidth`).
    static func charWidth(of codePoint: UInt32) -> Int {
      Int(utf8proc_charwidth(Int32(bitPattern: codePoint)))
    }

    /// `scalars` in NFC (or NFKC with `compatibility`), via `utf8proc_map`.
    static func normalize(_ scalars: [UInt32], compatibility: Bool) -> [UInt32] {
      var bytes: [UInt8] = []
      for value in scalars { bytes += Array(String(Unicode.Scalar(value)!).utf8) }
      var output: UnsafeMutablePointer<UInt8>? = nil
      var options = UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue
      if compatibility { options |= UTF8PROC_COMPAT.rawValue }
      let length = bytes.withUnsafeBufferPointer {
        utf8proc_map($0.baseAddress, $0.count, &output, utf8proc_option_t(rawValue: options))
      }
      defer { free(output) }
      guard length >= 0, let output else { return scalars }  // only on allocation failure
      return String(decoding: UnsafeBufferPointer(start: output, count: length), as: UTF8.self)
        .unicodeScalars.map(\.value)
    }

    /// The version of the linked libutf8proc, e.g. "2.8.0".
    static var version: String { String(cString: utf8proc_version()) }
  }
#endif
