import Foundation

/// The strings of the live counter and of its VoiceOver announcements, in a locale's language.
///
/// The translations ship as SwiftPM resources, `Resources/<language>.lproj/Localizable.strings`.
/// The `.lproj` is chosen here rather than by `Bundle`'s own localization matching:
/// swift-corelibs-foundation (Linux) only looks up the development language through
/// `Bundle.localizedString(forKey:value:table:)`, and the announcement must follow the locale it
/// is given, not the process's preferred languages. A build without the resource bundle (CMake
/// compiles the sources without resources), a missing `.lproj` or a missing key gives English.
///
///     _LocalizedStrings.remaining(3, locale: Locale(identifier: "de_DE"))  // "Noch 3"
///     _LocalizedStrings.counter(count: 3, maxLength: 10, locale: .current)  // "3/10"
enum _LocalizedStrings {
  /// The shipped translations (`_ShippedLanguages.all`): the names of the `.lproj` folders in
  /// `Resources`, without the extension. `en` is the development language and the fallback.
  static var languages: [String] { _ShippedLanguages.all }

  /// The counter's accessibility label while the text is within the limit.
  ///
  /// - Parameters:
  ///   - count: How much is left, in the limit's unit (characters, bytes…; the unit is not named).
  ///   - locale: The locale whose language and number formatting to use.
  /// - Returns: For example "42 remaining" in English, "Осталось: 42" in Russian.
  /// - Complexity: O(1) after the first lookup of the language's table.
  static func remaining(_ count: Int, locale: Locale) -> String {
    format(.remaining, locale: locale, Int64(count))
  }

  /// The counter's accessibility label while the text is over a soft limit.
  ///
  /// - Parameters:
  ///   - count: How far over the limit the text is, in the limit's unit.
  ///   - locale: The locale whose language and number formatting to use.
  /// - Returns: For example "3 over the limit" in English, "Limit um 3 überschritten" in German.
  /// - Complexity: O(1) after the first lookup of the language's table.
  static func overLimit(_ count: Int, locale: Locale) -> String {
    format(.overLimit, locale: locale, Int64(count))
  }

  /// What VoiceOver announces when an edit reaches the limit.
  ///
  /// - Parameter locale: The locale whose language to use.
  /// - Returns: For example "Limit reached" in English, "上限に達しました" in Japanese.
  /// - Complexity: O(1) after the first lookup of the language's table.
  static func limitReached(locale: Locale) -> String {
    format(.limitReached, locale: locale)
  }

  /// The visible counter: the current count, then the maximum.
  ///
  /// - Parameters:
  ///   - count: The text's length, in the limit's unit.
  ///   - maxLength: The limit, in the same unit.
  ///   - locale: The locale whose language and number formatting to use.
  /// - Returns: For example "12/140".
  /// - Complexity: O(1) after the first lookup of the language's table.
  static func counter(count: Int, maxLength: Int, locale: Locale) -> String {
    format(.counter, locale: locale, Int64(count), Int64(maxLength))
  }

  /// The shipped language that serves a locale best, one of `languages`: the rule of
  /// `_ShippedLanguages.language(forIdentifier:)`, which the web's field limiter shares.
  ///
  ///     _LocalizedStrings.language(for: Locale(identifier: "zh_HK"))  // "zh-Hant"
  ///     _LocalizedStrings.language(for: Locale(identifier: "sv_SE"))  // "en"
  ///
  /// The identifier is read by hand rather than through `Locale.language` (macOS 13, iOS 16) or
  /// the deprecated `languageCode`, `scriptCode` and `regionCode`, so that every platform and
  /// deployment target gives the same answer.
  ///
  /// - Parameter locale: The locale to serve.
  /// - Returns: The name of the `.lproj` folder to read, without the extension.
  /// - Complexity: O(*n*), where *n* is the length of the locale's identifier.
  static func language(for locale: Locale) -> String {
    _ShippedLanguages.language(forIdentifier: locale.identifier)
  }

  /// The bundle of one shipped language: its `.lproj` folder inside the package's resource
  /// bundle, or `nil` when the module was built without resources or the folder is missing.
  ///
  /// SwiftPM's `.process` rule lowercases the folder's name (`zh-Hans.lproj` is copied as
  /// `zh-hans.lproj`) while Xcode keeps it, and `path(forResource:ofType:)` is case-sensitive on
  /// Linux and on iOS devices: both spellings are tried.
  ///
  /// - Parameter language: One of `languages`.
  /// - Returns: A bundle whose `Localizable.strings` holds the language's strings.
  /// - Complexity: O(1); `Bundle` caches bundles by path.
  static func bundle(for language: String) -> Bundle? {
    #if SWIFT_PACKAGE
      let resources = Bundle.module
      guard
        let path = resources.path(forResource: language, ofType: "lproj")
          ?? resources.path(forResource: language.lowercased(), ofType: "lproj")
      else { return nil }
      return Bundle(path: path)
    #else
      return nil
    #endif
  }

  /// A key of `Localizable.strings`, with its English value for builds without resources.
  enum Key: String, CaseIterable {
    /// The counter's accessibility label within the limit; one `%lld`, what is left.
    case remaining = "TextLimit.remaining"
    /// The counter's accessibility label over a soft limit; one `%lld`, how far over.
    case overLimit = "TextLimit.overLimit"
    /// The announcement when an edit reaches the limit; no argument.
    case limitReached = "TextLimit.limitReached"
    /// The visible counter; `%1$lld` the count, `%2$lld` the maximum.
    case counter = "TextLimit.counter"

    /// The English value, the same as `en.lproj/Localizable.strings`.
    var english: String {
      switch self {
      case .remaining: return "%lld remaining"
      case .overLimit: return "%lld over the limit"
      case .limitReached: return "Limit reached"
      case .counter: return "%1$lld/%2$lld"
      }
    }
  }

  /// The format string of a key in a locale's language, English when it cannot be found.
  ///
  /// - Parameters:
  ///   - key: The key to look up.
  ///   - locale: The locale whose language to use.
  ///   - table: The strings file to read, without `.strings`; tests name a missing one.
  /// - Returns: A format string; never the key itself.
  /// - Complexity: O(1) after the first lookup of the language's table.
  static func template(_ key: Key, locale: Locale, table: String = "Localizable") -> String {
    for language in [language(for: locale), "en"] {
      guard let bundle = bundle(for: language) else { continue }
      // An empty `value` makes a missing key come back as the key itself: told apart below.
      let value = bundle.localizedString(forKey: key.rawValue, value: "", table: table)
      if value != key.rawValue, !value.isEmpty { return value }
    }
    return key.english
  }

  /// A key's string in a locale's language, with the arguments formatted in that locale.
  ///
  /// - Parameters:
  ///   - key: The key to look up.
  ///   - locale: The locale whose language and number formatting to use.
  ///   - arguments: The values of the key's format specifiers, in order (`Int64` for `%lld`).
  /// - Returns: The formatted string.
  /// - Complexity: O(*n*) in the length of the result, after the first lookup of the table.
  private static func format(_ key: Key, locale: Locale, _ arguments: CVarArg...) -> String {
    String(format: template(key, locale: locale), locale: locale, arguments: arguments)
  }
}
