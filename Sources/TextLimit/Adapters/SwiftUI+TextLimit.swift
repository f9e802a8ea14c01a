#if canImport(SwiftUI)
  public import SwiftUI

  /// Limits a `Binding<String>` and shows the live counter under the field.
  ///
  /// ```swift
  /// TextField("Nickname", text: $nickname)
  ///   .textLimit(TextLimit(maxLength: 20), text: $nickname)
  /// ```
  ///
  /// SwiftUI does not expose the selection or marked text of a `TextField`, so the limit is applied
  /// after each change (`TextLimiter.textDidChange`): whatever a change inserted beyond the limit is
  /// removed from its end, and text before and after it is kept. For fields where input methods
  /// matter most, wrap a `UITextField` with `textLimit` instead: it sees the composition.
  public struct TextLimitModifier: ViewModifier {
    @Binding var text: String
    let limit: TextLimit
    let showsCounter: Bool
    @State private var limiter: TextLimiter?

    public init(limit: TextLimit, text: Binding<String>, showsCounter: Bool = true) {
      self.limit = limit
      self._text = text
      self.showsCounter = showsCounter
    }

    public func body(content: Content) -> some View {
      VStack(alignment: .trailing, spacing: 4) {
        content
          .onAppear { limiter = TextLimiter(limit: limit, text: text) }
          .onChange(of: text) { _, newValue in
            guard let limiter else { return }
            let end = NSRange(location: newValue.utf16.count, length: 0)
            if let correction = limiter.textDidChange(newValue, selectedRange: end) {
              text = correction.text
            }
          }
        if showsCounter {
          Text(limit.counterText(for: text))
            .font(.caption)
            .monospacedDigit()
            .foregroundStyle(limit.remaining(in: text) == 0 ? Color.red : Color.secondary)
            .accessibilityLabel("\(limit.remaining(in: text)) remaining")
        }
      }
    }
  }

  extension View {
    /// Limits `text` to `limit` and shows `count/max` under the view.
    public func textLimit(_ limit: TextLimit, text: Binding<String>, showsCounter: Bool = true)
      -> some View
    {
      modifier(TextLimitModifier(limit: limit, text: text, showsCounter: showsCounter))
    }
  }
#endif
