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

    /// Applies the limiter's edit as typing would (`insertText(_:replacementRange:)`): undo,
    /// typing attributes and the delegate's will-change and did-change calls included.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      insertText(text, replacementRange: range)
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

    /// Applies the limiter's edit in the field editor as typing would; sets `stringValue` when
    /// the field is not being edited.
    public func limitHostReplace(_ range: NSRange, withText text: String) {
      if let editor = limitFieldEditor {
        editor.insertText(text, replacementRange: range)
      } else {
        stringValue = (stringValue as NSString).replacingCharacters(in: range, with: text)
      }
    }
  }
#endif
