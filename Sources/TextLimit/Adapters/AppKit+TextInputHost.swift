#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation

  // AppKit's text inputs as `TextInputHost`s. `NSTextView` ranges are UTF-16 offsets already
  // (`NSString` indices). Marked text comes from `NSTextInputClient` (macOS 10.5).

  extension NSTextView: @preconcurrency TextInputHost {
    /// The view's text (`string`).
    public var limitHostText: String { string }

    /// The selection (`selectedRange()` / `setSelectedRange(_:)`).
    public var limitHostSelectedRange: NSRange {
      get { selectedRange() }
      set { setSelectedRange(newValue) }
    }

    /// The marked (composing) text's range (`hasMarkedText()`, `markedRange()`).
    public var limitHostMarkedTextRange: NSRange? { hasMarkedText() ? markedRange() : nil }

    /// Whether the view's undo manager is undoing or redoing the change under way.
    public var limitHostIsUndoingOrRedoing: Bool {
      undoManager.map { $0.isUndoing || $0.isRedoing } ?? false
    }

    /// Applies the limiter's edit as AppKit documents for a program's change of the text: not
    /// `insertText(_:replacementRange:)`, which is the input system's (NSTextView.h, at the
    /// deprecated `insertText(_:)`: any content modification goes through `NSTextStorage` or
    /// `NSText` methods), but `performValidatedReplacement(in:with:)`, which asks
    /// `shouldChangeText(in:replacementString:)` (the delegate; the undo manager registers the
    /// change), replaces the characters in the text storage and calls `didChangeText()`. The
    /// inserted text takes the view's `typingAttributes`; marked text is committed first
    /// (`unmarkText()`). When the view refuses (a delegate other than the limiter's says no),
    /// nothing changes and the limiter takes the view's text again. A view that is not editable
    /// is changed only by the program (a `.truncate` cut when a limit is set): the text storage
    /// is changed directly.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      if hasMarkedText() { unmarkText() }
      guard let storage = textStorage, range.location != NSNotFound,
        NSMaxRange(range) <= storage.length
      else { return }
      let replacement = NSAttributedString(string: text, attributes: typingAttributes)
      if isEditable {
        _ = performValidatedReplacement(in: range, with: replacement)
      } else {
        storage.beginEditing()
        storage.replaceCharacters(in: range, with: replacement)
        storage.endEditing()
      }
    }
  }

  extension NSTextField: @preconcurrency TextInputHost {
    /// The field editor while the field is edited (`currentEditor()`), else nil.
    private var limitFieldEditor: NSTextView? { currentEditor() as? NSTextView }

    /// The text being edited (the field editor's), or `stringValue`.
    public var limitHostText: String { limitFieldEditor?.string ?? stringValue }

    /// The field editor's selection; a caret at the end when the field is not being edited.
    public var limitHostSelectedRange: NSRange {
      get {
        limitFieldEditor?.selectedRange()
          ?? NSRange(location: (stringValue as NSString).length, length: 0)
      }
      set { limitFieldEditor?.setSelectedRange(newValue) }
    }

    /// The field editor's marked (composing) text, if any.
    public var limitHostMarkedTextRange: NSRange? { limitFieldEditor?.limitHostMarkedTextRange }

    /// Whether the field editor's undo manager is undoing or redoing the change under way.
    public var limitHostIsUndoingOrRedoing: Bool {
      limitFieldEditor?.limitHostIsUndoingOrRedoing ?? false
    }

    /// Applies the limiter's edit in the field editor as `NSTextView` does (its
    /// `limitHostReplace(_:withText:)`); sets `stringValue` when the field is not being edited.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      if let editor = limitFieldEditor {
        editor.limitHostReplace(range, withText: text)
      } else {
        stringValue = (stringValue as NSString).replacingCharacters(in: range, with: text)
      }
    }
  }
#endif
