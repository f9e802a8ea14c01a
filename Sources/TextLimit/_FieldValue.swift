import Foundation

/// What `NSTextField`'s limiting formatter does with the field's object value when the app gave
/// the field no formatter of its own, kept here so the Linux tests check it: the field behaves
/// as it would with no formatter at all, attributed text included.
///
/// AppKit's `NSCell` documentation: a cell with a formatter that does not understand attributed
/// strings marks its object invalid when its value is set as one, and a formatter assigned to a
/// cell that cannot interpret its value turns it into a string; `Formatter`'s own
/// `attributedString(for:withDefaultAttributes:)` returns nil ("no attributed string"). So the
/// formatter hands an `NSAttributedString` value back as it is, shows its characters (not its
/// `description`), and, when the field lets the user edit attributes, ends editing with the
/// attributed text the field editor holds rather than the plain string.
enum _FieldValue {
  /// The text an object value shows as (`Formatter.string(for:)`): a string as it is, an
  /// attributed string's characters, anything else as `String(describing:)`; nil for nil.
  static func displayString(for object: Any?) -> String? {
    switch object {
    case nil: return nil
    case let string as String: return string
    case let attributed as NSAttributedString: return attributed.string
    case let object?: return String(describing: object)
    }
  }

  /// The attributed text an object value shows as
  /// (`Formatter.attributedString(for:withDefaultAttributes:)`): an attributed string as it is;
  /// nil for anything else, which then shows as `displayString(for:)`.
  static func attributedString(for object: Any) -> NSAttributedString? {
    object as? NSAttributedString
  }

  /// The object value editing ends with (`Formatter.getObjectValue(_:for:errorDescription:)`):
  /// the field editor's attributed text when the field allows editing attributes and that text
  /// is `string`, otherwise `string`.
  /// - Parameters:
  ///   - string: The text editing ended with.
  ///   - editedText: The field editor's text with its attributes, if it is at hand.
  ///   - allowsEditingAttributes: The field's `allowsEditingTextAttributes`.
  static func objectValue(
    for string: String, editedText: NSAttributedString?, allowsEditingAttributes: Bool
  ) -> Any {
    guard allowsEditingAttributes, let editedText, editedText.string == string else {
      return string
    }
    return NSAttributedString(attributedString: editedText)
  }
}
