import Foundation
import Testing

@testable import TextLimit

/// `NSTextField`'s limiting formatter with no formatter of the app's behind it
/// (`_FieldValue`): the field behaves as with no formatter, attributed values included.
@Suite struct FieldValueTests {
  static let key = NSAttributedString.Key("TextLimitTestEmphasis")

  /// "Hello" with an attribute on "ell".
  static var attributed: NSAttributedString {
    let text = NSMutableAttributedString(string: "Hello")
    text.addAttribute(key, value: 1, range: NSRange(location: 1, length: 3))
    return text
  }

  /// An attributed value shows its characters, never its `description` (which lists its
  /// attributes); other values as they print.
  @Test func valuesShowAsTheirText() {
    #expect(_FieldValue.displayString(for: Self.attributed) == "Hello")
    #expect(_FieldValue.displayString(for: "plain") == "plain")
    #expect(_FieldValue.displayString(for: 42) == "42")
    #expect(_FieldValue.displayString(for: nil) == nil)
  }

  /// The formatter understands attributed values (NSCell marks the value of a cell whose
  /// formatter does not invalid): it hands them back with their attributes; a plain string has
  /// no attributed form (`Formatter`'s own answer).
  @Test func attributedValuesKeepTheirAttributes() {
    let shown = _FieldValue.attributedString(for: Self.attributed)
    #expect(shown?.string == "Hello")
    var range = NSRange()
    #expect(shown?.attribute(Self.key, at: 2, effectiveRange: &range) as? Int == 1)
    #expect(range == NSRange(location: 1, length: 3))
    #expect(_FieldValue.attributedString(for: "Hello") == nil)
  }

  /// A field with attribute editing on ends editing with the field editor's attributed text
  /// (the user's formatting kept); with it off, or when the text is another, the plain string.
  @Test func editingEndsWithTheAttributedTextWhenAttributesAreEdited() {
    let edited = NSMutableAttributedString(attributedString: Self.attributed)
    edited.append(NSAttributedString(string: "!"))
    let value = _FieldValue.objectValue(
      for: "Hello!", editedText: edited, allowsEditingAttributes: true)
    let attributed = value as? NSAttributedString
    #expect(attributed?.string == "Hello!")
    #expect(attributed?.attribute(Self.key, at: 1, effectiveRange: nil) as? Int == 1)
    #expect(
      _FieldValue.objectValue(for: "Hello!", editedText: edited, allowsEditingAttributes: false)
        as? String == "Hello!")
    #expect(
      _FieldValue.objectValue(for: "Hello", editedText: edited, allowsEditingAttributes: true)
        as? String == "Hello", "the editor holds another text")
  }
}
