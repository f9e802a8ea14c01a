/// One limit on a text's length: at most `maxLength` in `unit`. `TextLimit.Rule` is this type;
/// `PostRule` holds a platform's.
public struct LengthLimit: Sendable, Hashable {
  /// The most the text may measure, in `unit`.
  public var maxLength: Int
  /// What is counted: grapheme clusters, UTF-16 code units, bytes, display width, weights, a
  /// post length.
  public var unit: TextUnit

  /// At most `maxLength` in `unit`.
  /// - Precondition: `maxLength >= 0`.
  public init(maxLength: Int, unit: TextUnit) {
    precondition(maxLength >= 0, "LengthLimit: maxLength must not be negative")
    self.maxLength = maxLength
    self.unit = unit
  }
}
