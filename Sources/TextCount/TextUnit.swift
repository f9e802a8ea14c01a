/// What a length is measured in.
///
/// Every unit counts exactly what the matching view of Swift's `String` counts on this toolchain.
public enum TextUnit: Sendable, Hashable, CaseIterable {
  /// Grapheme clusters: what a reader sees as one character (`String.count`, `Character`).
  /// `"é"`, `"👍🏽"` and `"🇯🇵"` are one each.
  case graphemes
  /// UTF-16 code units (`String.utf16.count`, `NSString.length`, `NSRange`): what UIKit, Android
  /// and HTML `maxlength` count. Scalars above U+FFFF count 2.
  case utf16
  /// Unicode scalars, i.e. code points (`String.unicodeScalars.count`).
  case unicodeScalars
  /// UTF-8 bytes (`String.utf8.count`): what a database column or a network buffer holds.
  case utf8
}

extension TextUnit: CustomStringConvertible {
  /// The unit's name as the command-line tool spells it: `graphemes`, `utf16`, `scalars`, `utf8`.
  public var description: String {
    switch self {
    case .graphemes: "graphemes"
    case .utf16: "utf16"
    case .unicodeScalars: "scalars"
    case .utf8: "utf8"
    }
  }

  /// Parses a unit name as `description` writes it (`unicodeScalars` is accepted too).
  public init?(name: String) {
    switch name {
    case "graphemes": self = .graphemes
    case "utf16": self = .utf16
    case "scalars", "unicodeScalars": self = .unicodeScalars
    case "utf8": self = .utf8
    default: return nil
    }
  }
}
