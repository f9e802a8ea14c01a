#if SystemUTF8Proc
// The only file that imports the C library. Everything else sees Swift types.
internal import CUTF8Proc

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

  /// The version of the linked libutf8proc, e.g. "2.8.0".
  static var version: String { String(cString: utf8proc_version()) }
}
#endif
