#if canImport(SwiftUI)
  import Foundation
  public import SwiftUI

  /// Limits the `Binding<String>` of a plain SwiftUI `TextField` or `TextEditor` and shows the
  /// live counter under it.
  ///
  /// ```swift
  /// TextField("Nickname", text: $nickname)
  ///   .textLimit(TextLimit(maxLength: 20), text: $nickname)
  /// ```
  ///
  /// What it cannot see: SwiftUI exposes neither the selection nor the marked (composing) text
  /// of its own fields, and the binding carries pinyin, kana or Hangul while it is composed. So
  /// the modifier applies the limit after each change of the binding
  /// (`TextLimiter.textDidChange`), removing what a change inserted beyond the limit from its
  /// end: a composition that runs over the limit is cut, and a write of the program's to the
  /// binding counts as an edit. Where input methods matter, use `LimitedTextField` and
  /// `LimitedTextEditor` (iOS, iPadOS, tvOS, visionOS, macOS), which see the composition; this
  /// modifier is for watchOS, which has no UIKit, and for fields where they do not. It follows
  /// a changed `limit`, and its counter comes from the limiter (no recount per update).
  public struct TextLimitModifier: ViewModifier {
    @Binding var text: String
    let limit: TextLimit
    let showsCounter: Bool
    @State private var limiter: TextLimiter?
    @State private var display: _LimitedTextModel.Display?

    /// A modifier limiting `text` to `limit`.
    /// - Parameters:
    ///   - limit: The limit.
    ///   - text: The binding the modified field edits.
    ///   - showsCounter: Whether `count/max` shows under the field.
    public init(limit: TextLimit, text: Binding<String>, showsCounter: Bool = true) {
      self.limit = limit
      self._text = text
      self.showsCounter = showsCounter
    }

    /// The field, limited, and its counter.
    public func body(content: Content) -> some View {
      VStack(alignment: .trailing, spacing: 4) {
        content
          .onAppear { start(limit) }
          ._textLimitOnChange(of: text) { textChanged($0) }
          ._textLimitOnChange(of: limit) { start($0) }
        if showsCounter {
          let display = display ?? _LimitedTextModel.Display(limit, text: text)
          _CounterView(counter: display.counter, state: display.state)
        }
      }
    }

    private func start(_ limit: TextLimit) {
      let limiter = TextLimiter(limit: limit, text: text)
      self.limiter = limiter
      display = _LimitedTextModel.Display(limiter, isComposing: false)
    }

    private func textChanged(_ newValue: String) {
      guard let limiter else { return }
      let end = NSRange(location: newValue.utf16.count, length: 0)
      if let correction = limiter.textDidChange(newValue, selectedRange: end) {
        text = correction.text
      }
      display = _LimitedTextModel.Display(limiter, isComposing: false)
    }
  }

  extension View {
    /// Limits `text` to `limit` and shows `count/max` under the view (`TextLimitModifier`).
    /// - Parameters:
    ///   - limit: The limit.
    ///   - text: The binding the modified field edits.
    ///   - showsCounter: Whether `count/max` shows under the field.
    /// - Returns: The limited view.
    public func textLimit(_ limit: TextLimit, text: Binding<String>, showsCounter: Bool = true)
      -> some View
    {
      modifier(TextLimitModifier(limit: limit, text: text, showsCounter: showsCounter))
    }

    /// `onChange(of:)` on every supported system: the two-parameter form where it exists (iOS
    /// 17, macOS 14, tvOS 17, watchOS 10, visionOS 1), the one-parameter form before.
    @ViewBuilder
    func _textLimitOnChange<Value: Equatable>(
      of value: Value, perform action: @escaping (Value) -> Void
    ) -> some View {
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
        onChange(of: value) { _, newValue in action(newValue) }
      } else {
        onChange(of: value, perform: action)
      }
    }
  }
#endif
