/// A national language of 3GPP TS 23.038's Annex A, whose shift tables a GSM 7-bit message may
/// declare in its user data header: a locking shift table (in place of the default alphabet)
/// and a single shift table (in place of the extension table). The raw value is the national
/// language identifier.
public enum SMSNationalLanguage: Int, Sendable, Hashable, CaseIterable {
  /// Turkish: locking and single shift tables.
  case turkish = 1
  /// Spanish: a single shift table only.
  case spanish = 2
  /// Portuguese: locking and single shift tables.
  case portuguese = 3
  /// Bengali and Assamese.
  case bengali = 4
  /// Gujarati.
  case gujarati = 5
  /// Hindi.
  case hindi = 6
  /// Kannada.
  case kannada = 7
  /// Malayalam.
  case malayalam = 8
  /// Oriya.
  case oriya = 9
  /// Punjabi.
  case punjabi = 10
  /// Tamil.
  case tamil = 11
  /// Telugu.
  case telugu = 12
  /// Urdu.
  case urdu = 13

  /// Whether the language has a locking shift table (all but Spanish).
  public var hasLockingShiftTable: Bool { _GSMTables.locking[rawValue] != nil }

  /// The language's name in lower case, as the command-line tool and the Python package take it.
  public var name: String {
    switch self {
    case .turkish: "turkish"
    case .spanish: "spanish"
    case .portuguese: "portuguese"
    case .bengali: "bengali"
    case .gujarati: "gujarati"
    case .hindi: "hindi"
    case .kannada: "kannada"
    case .malayalam: "malayalam"
    case .oriya: "oriya"
    case .punjabi: "punjabi"
    case .tamil: "tamil"
    case .telugu: "telugu"
    case .urdu: "urdu"
    }
  }

  /// The language of a name as `name` writes it, or nil.
  public init?(name: String) {
    guard let language = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = language
  }
}
