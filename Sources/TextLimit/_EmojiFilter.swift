/// Emoji as users see them, for `TextLimit.allowsEmoji = false`.
///
/// A `Character` is an emoji when it holds a scalar with emoji presentation by default, a
/// regional indicator (flags), a keycap (U+20E3), or an emoji-capable scalar followed by the
/// emoji variation selector U+FE0F; a bare text-presentation symbol such as `©` or `☺` is not.
enum _EmojiFilter {
  static func isEmoji(_ character: Character) -> Bool {
    var previousIsEmojiCapable = false
    for scalar in character.unicodeScalars {
      let properties = scalar.properties
      if properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(scalar.value)
        || scalar.value == 0x20E3 || (scalar.value == 0xFE0F && previousIsEmojiCapable)
      {
        return true
      }
      previousIsEmojiCapable = properties.isEmoji
    }
    return false
  }

  /// `text` without its emoji clusters.
  /// - Complexity: O(n).
  static func removingEmoji(from text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text where !isEmoji(character) { result.append(character) }
    return result
  }
}
