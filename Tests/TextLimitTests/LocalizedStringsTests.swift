import Foundation
import Testing

@testable import TextLimit

/// The shipped `Localizable.strings` files (source tree and built bundle) and the lookups of
/// `_LocalizedStrings`: every translation has English's keys and format specifiers, and a locale
/// gets the strings of the file it should.
@Suite struct LocalizedStringsTests {
  /// A locale and the `.lproj` whose strings it should get.
  struct Lookup: Sendable, CustomStringConvertible {
    /// The locale's identifier.
    var identifier: String
    /// The shipped language expected, one of `_LocalizedStrings.languages`.
    var language: String
    /// The identifier and the expected language, for the test's name.
    var description: String { "\(identifier) → \(language)" }
  }

  /// The sample of locales looked up, with the files they should read.
  static let lookups: [Lookup] = [
    Lookup(identifier: "en_US", language: "en"),
    Lookup(identifier: "zh_Hans_CN", language: "zh-Hans"),
    Lookup(identifier: "zh_Hant_TW", language: "zh-Hant"),
    Lookup(identifier: "zh_HK", language: "zh-Hant"),
    Lookup(identifier: "ja_JP", language: "ja"),
    Lookup(identifier: "ko_KR", language: "ko"),
    Lookup(identifier: "es_MX", language: "es"),
    Lookup(identifier: "fr_CA", language: "fr"),
    Lookup(identifier: "de_DE", language: "de"),
    Lookup(identifier: "pt_BR", language: "pt"),
    Lookup(identifier: "ru_RU", language: "ru"),
    Lookup(identifier: "ar_SA", language: "ar"),
    Lookup(identifier: "hi_IN", language: "hi"),
    Lookup(identifier: "sv_SE", language: "en"),
  ]

  /// More identifiers for the locale-to-language mapping alone: scripts, regions, separators,
  /// keywords and extensions.
  static let mappings: [Lookup] = [
    Lookup(identifier: "zh", language: "zh-Hans"),
    Lookup(identifier: "zh_CN", language: "zh-Hans"),
    Lookup(identifier: "zh_SG", language: "zh-Hans"),
    Lookup(identifier: "zh-TW", language: "zh-Hant"),
    Lookup(identifier: "zh_MO", language: "zh-Hant"),
    Lookup(identifier: "zh-Hant", language: "zh-Hant"),
    Lookup(identifier: "zh_Hans_HK", language: "zh-Hans"),
    Lookup(identifier: "zh-Hant-TW-u-nu-hanidec", language: "zh-Hant"),
    Lookup(identifier: "zh_TW@calendar=roc", language: "zh-Hant"),
    Lookup(identifier: "pt_PT", language: "pt"),
    Lookup(identifier: "pt", language: "pt"),
    Lookup(identifier: "es_419", language: "es"),
    Lookup(identifier: "en_GB", language: "en"),
    Lookup(identifier: "ar", language: "ar"),
    Lookup(identifier: "und", language: "en"),
    Lookup(identifier: "", language: "en"),
  ]

  /// `Sources/TextLimit/Resources` in the source tree.
  static let sourceResources: URL = {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { root.deleteLastPathComponent() }  // file, TextLimitTests, Tests
    return root.appendingPathComponent("Sources/TextLimit/Resources")
  }()

  /// The strings of a `Localizable.strings` file, key to value.
  static func parse(_ url: URL) throws -> [String: String] {
    let data = try Data(contentsOf: url)
    #expect(String(data: data, encoding: .utf8) != nil, "\(url.path) is not UTF-8")
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    return try #require(plist as? [String: String], "\(url.path) is not a table of strings")
  }

  /// The strings of a language's file in the source tree.
  static func sourceTable(_ language: String) throws -> [String: String] {
    try parse(
      sourceResources.appendingPathComponent("\(language).lproj/Localizable.strings"))
  }

  /// The format specifiers of a format string, as written without the `%` (`lld`, `1$lld`),
  /// sorted (positional ones may be reordered by a translation); `%%` is not one.
  static func specifiers(_ format: String) -> [String] {
    var result: [String] = []
    var characters = format[...]
    while let percent = characters.firstIndex(of: "%") {
      characters = characters[characters.index(after: percent)...]
      if characters.first == "%" {
        characters = characters.dropFirst()
        continue
      }
      // Position, flags, width, precision and length, up to the conversion letter.
      let body = characters.prefix { "0123456789$#-+ '.hlqLzjt*".contains($0) }
      characters = characters.dropFirst(body.count)
      guard let conversion = characters.first else {
        result.append(String(body) + "<missing>")
        break
      }
      result.append(String(body) + String(conversion))
      characters = characters.dropFirst()
    }
    return result.sorted()
  }

  /// What the code should give for a locale: each key's value in `language`'s source file,
  /// formatted with the same numbers in that locale.
  static func expectations(
    _ language: String, locale: Locale
  ) throws -> [(got: String, expected: String)] {
    let table = try sourceTable(language)
    func value(_ key: _LocalizedStrings.Key) throws -> String {
      try #require(table[key.rawValue], "\(language) has no \(key.rawValue)")
    }
    return [
      (
        _LocalizedStrings.remaining(42, locale: locale),
        String(format: try value(.remaining), locale: locale, Int64(42))
      ),
      (
        _LocalizedStrings.overLimit(7, locale: locale),
        String(format: try value(.overLimit), locale: locale, Int64(7))
      ),
      (_LocalizedStrings.limitReached(locale: locale), try value(.limitReached)),
      (
        _LocalizedStrings.counter(count: 3, maxLength: 140, locale: locale),
        String(format: try value(.counter), locale: locale, Int64(3), Int64(140))
      ),
    ]
  }

  /// `languages` names each `.lproj` folder of the source tree once, and no other.
  @Test func languagesAreTheFoldersInTheSourceTree() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sourceResources.path)
      .filter { $0.hasSuffix(".lproj") }
      .map { String($0.dropLast(".lproj".count)) }
    #expect(Set(folders) == Set(_LocalizedStrings.languages))
    #expect(folders.count == _LocalizedStrings.languages.count)
    #expect(_LocalizedStrings.languages.count == Set(_LocalizedStrings.languages).count)
  }

  /// The built resource bundle holds the language's file, and it says what the source file says.
  @Test(arguments: _LocalizedStrings.languages)
  func builtFileMatchesTheSource(_ language: String) throws {
    let bundle = try #require(
      _LocalizedStrings.bundle(for: language), "no \(language).lproj in the built bundle")
    let path = try #require(
      bundle.path(forResource: "Localizable", ofType: "strings"),
      "no Localizable.strings in the built \(language).lproj")
    let built = try Self.parse(URL(fileURLWithPath: path))
    #expect(built == (try Self.sourceTable(language)))
  }

  /// The language's file has exactly English's keys, each value with English's specifiers.
  @Test(arguments: _LocalizedStrings.languages)
  func keysAndSpecifiersMatchEnglish(_ language: String) throws {
    let english = try Self.sourceTable("en")
    let table = try Self.sourceTable(language)
    #expect(Set(table.keys) == Set(english.keys))
    for (key, englishValue) in english {
      guard let value = table[key] else { continue }
      #expect(!value.isEmpty, "\(language): \(key) is empty")
      #expect(
        Self.specifiers(value) == Self.specifiers(englishValue),
        "\(language): \(key) = \"\(value)\"")
    }
  }

  /// The English file holds the code's keys, and the in-code fallback (builds without the
  /// resource bundle) says what it says.
  @Test func englishFallbackMatchesTheEnglishFile() throws {
    let english = try Self.sourceTable("en")
    #expect(Set(english.keys) == Set(_LocalizedStrings.Key.allCases.map(\.rawValue)))
    for key in _LocalizedStrings.Key.allCases {
      #expect(key.english == english[key.rawValue], "\(key.rawValue)")
    }
    #expect(Self.specifiers("%lld remaining") == ["lld"])
    #expect(Self.specifiers("%2$lld of %1$lld, 100%%") == ["1$lld", "2$lld"])
  }

  /// A locale's strings are those of the file it maps to, numbers substituted, never a key.
  @Test(arguments: lookups)
  func lookupReadsTheExpectedFile(_ lookup: Lookup) throws {
    let locale = Locale(identifier: lookup.identifier)
    #expect(_LocalizedStrings.language(for: locale) == lookup.language)
    for (got, expected) in try Self.expectations(lookup.language, locale: locale) {
      #expect(got == expected)
      #expect(!got.contains("TextLimit."), "a raw key: \(got)")
    }
  }

  /// Scripts, regions, separators, keywords and extensions pick the expected language.
  @Test(arguments: mappings)
  func localeMapsToTheBestShippedLanguage(_ lookup: Lookup) {
    #expect(
      _LocalizedStrings.language(for: Locale(identifier: lookup.identifier)) == lookup.language)
  }

  /// Every key in every shipped language comes from the bundle: never the key, and English only
  /// where the language is English.
  @Test(arguments: _LocalizedStrings.languages)
  func everyKeyIsFoundInTheBundle(_ language: String) throws {
    let table = try Self.sourceTable(language)
    let locale = Locale(identifier: language)
    for key in _LocalizedStrings.Key.allCases {
      let template = _LocalizedStrings.template(key, locale: locale)
      #expect(template != key.rawValue)
      #expect(template == table[key.rawValue], "\(language): \(key.rawValue)")
    }
  }

  /// A key missing from the table gives the English value, never the key (read from a table
  /// that does not exist, in every language).
  @Test(arguments: _LocalizedStrings.languages)
  func missingKeyGivesEnglish(_ language: String) {
    let locale = Locale(identifier: language)
    for key in _LocalizedStrings.Key.allCases {
      let template = _LocalizedStrings.template(key, locale: locale, table: "NoSuchTable")
      #expect(template == key.english, "\(language): \(key.rawValue)")
    }
  }
}
