/// The languages the counter's and the announcements' strings ship in, and the one that serves a
/// locale best: the rule the Apple adapters (`_LocalizedStrings`, from a `Locale`) and the web's
/// field limiter (JavaScript/wasm/WebExports.swift, from a BCP 47 tag) share. No Foundation, so
/// that the WebAssembly build compiles it.
///
///     _ShippedLanguages.language(forIdentifier: "zh_HK")        // "zh-Hant"
///     _ShippedLanguages.language(forIdentifier: "pt-BR")        // "pt"
///     _ShippedLanguages.language(forIdentifier: "sv_SE")        // "en"
package enum _ShippedLanguages {
  /// The shipped translations: the names of the `.lproj` folders in `Resources`, without the
  /// extension. `en` is the development language and the fallback.
  package static let all = [
    "en", "zh-Hans", "zh-Hant", "ja", "ko", "es", "fr", "de", "pt", "ru", "ar", "hi",
  ]

  /// The shipped language that serves a locale identifier best, one of `all`.
  ///
  /// Chinese in the traditional script (script `Hant`, or no script and region TW, HK or MO) is
  /// `zh-Hant`, other Chinese `zh-Hans`; every Portuguese is `pt`; otherwise the language code if
  /// it is shipped, and English if not. Underscores and hyphens both separate subtags; keywords
  /// (`@calendar=…`) and extensions (`-u-nu-hanidec`) are ignored.
  ///
  /// - Parameter identifier: A locale's identifier (`zh_Hant_TW`) or a BCP 47 tag (`zh-Hant-TW`).
  /// - Returns: The name of the `.lproj` folder to read, without the extension.
  /// - Complexity: O(*n*), where *n* is the length of the identifier.
  package static func language(forIdentifier identifier: some StringProtocol) -> String {
    // "zh_Hant_TW", "zh-Hant-TW-u-nu-hanidec", "pt_BR@calendar=gregorian": the language, then
    // an optional four-letter script, then an optional region; keywords and extensions ignored.
    // Subtags are ASCII (BCP 47's and ICU's): read as bytes, lowercased and told letters by ASCII
    // rules, which keeps Unicode's character tables out of the WebAssembly module (4 KB gzipped).
    var subtags: [[UInt8]] = []
    var subtag: [UInt8] = []
    for byte in identifier.utf8 {
      if byte == UInt8(ascii: "@") { break }
      if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
        if !subtag.isEmpty { subtags.append(subtag) }
        subtag = []
      } else {
        subtag.append((65...90).contains(byte) ? byte + 32 : byte)
      }
    }
    if !subtag.isEmpty { subtags.append(subtag) }
    if let singleton = subtags.dropFirst().firstIndex(where: { $0.count == 1 }) {
      subtags.removeSubrange(singleton...)
    }
    guard let code = subtags.first else { return "en" }
    let script = subtags.dropFirst().first { $0.count == 4 && $0.allSatisfy(isLetter) }
    let region = subtags.dropFirst().first { $0.count == 2 && $0.allSatisfy(isLetter) }
    if code == Array("zh".utf8) {
      if script == Array("hant".utf8) { return "zh-Hant" }
      if script == Array("hans".utf8) { return "zh-Hans" }
      let traditional = ["tw", "hk", "mo"].contains { region == Array($0.utf8) }
      return traditional ? "zh-Hant" : "zh-Hans"
    }
    return all.first { Array($0.utf8) == code } ?? "en"
  }

  /// Whether a lowercased byte is an ASCII letter.
  private static func isLetter(_ byte: UInt8) -> Bool { (97...122).contains(byte) }
}
