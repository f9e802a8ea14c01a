/// How text that an input method is still composing (marked text) counts against the limit.
public enum CompositionPolicy: Sendable, Hashable {
  /// While a composition is in progress, edits inside it are accepted even over the limit, so
  /// pinyin, kana or Hangul being typed is never cut; when it is committed, the overflow is
  /// removed from the committed text. The default, and what Flutter calls the same name.
  case truncateAfterCompositionEnds
  /// Marked text counts like any other text (for codes and one-time passwords).
  case enforced
}
