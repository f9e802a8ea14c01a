/// One way to send a message in GSM 7-bit: a locking shift table (the default alphabet or a
/// national language's) and a single shift table (the default extension table or a language's),
/// and what declaring them costs in the user data header.
struct _GSMAlphabet: Sendable, Hashable {
  /// The national language identifier of the locking shift table (0: the default alphabet).
  let locking: Int
  /// The national language identifier of the single shift table (0: the default extension).
  let singleShift: Int

  /// The default alphabet and extension table, which need no declaring.
  static let standard = _GSMAlphabet(locking: 0, singleShift: 0)

  /// How many national language tables the header declares (0, 1 or 2).
  var declaredTables: Int { (locking != 0 ? 1 : 0) + (singleShift != 0 ? 1 : 0) }

  /// The septets one message holds: 160, less the header's septets for the declared tables (its
  /// length octet and three octets a table, rounded up to whole septets): 155 with one table,
  /// 152 with two.
  var singleCapacity: Int { [160, 155, 152][declaredTables] }

  /// The septets each part of a longer message holds: 153 (a six-octet concatenation header),
  /// 149 with one declared table, 146 with two.
  var partCapacity: Int { [153, 149, 146][declaredTables] }

  /// The septets `scalar` takes: 1 in the locking shift table, 2 (escape and septet) in the
  /// single shift table, 0 where it has no place.
  /// - Complexity: O(1) for the default alphabet; O(log table) for a national one.
  @inline(__always)
  func septets(of scalar: UInt32) -> Int {
    if locking == 0 && singleShift == 0 { return Self.defaultSeptets(of: scalar) }
    if Self.contains(_GSMTables.locking[locking] ?? [], scalar) { return 1 }
    if Self.contains(_GSMTables.singleShift[singleShift], scalar) { return 2 }
    return 0
  }

  /// The septets of `scalar` in the default alphabet (1), its extension table (2), or 0.
  @inline(__always)
  static func defaultSeptets(of scalar: UInt32) -> Int {
    scalar < UInt32(defaultTable.count) ? Int(defaultTable[Int(scalar)]) : 0
  }

  /// The default alphabet's septets per code point, up to the last one it has (U+20AC, `€`).
  private static let defaultTable: [UInt8] = {
    let last = (_GSMTables.locking[0]! + _GSMTables.singleShift[0]).max()!
    var table = [UInt8](repeating: 0, count: Int(last) + 1)
    for scalar in _GSMTables.singleShift[0] { table[Int(scalar)] = 2 }
    for scalar in _GSMTables.locking[0]! { table[Int(scalar)] = 1 }
    return table
  }()

  /// Whether the sorted `table` holds `scalar`.
  private static func contains(_ table: [UInt32], _ scalar: UInt32) -> Bool {
    var (low, high) = (0, table.count)
    while low < high {
      let middle = (low + high) / 2
      if table[middle] < scalar { low = middle + 1 } else { high = middle }
    }
    return low < table.count && table[low] == scalar
  }

  /// The ways a message may be sent with `language`'s tables allowed, the default first: the
  /// default alphabet and extension; the language's single shift table; its locking shift
  /// table; both.
  static func candidates(for language: SMSNationalLanguage?) -> [_GSMAlphabet] {
    guard let language else { return [standard] }
    let nli = language.rawValue
    var candidates = [standard, _GSMAlphabet(locking: 0, singleShift: nli)]
    if language.hasLockingShiftTable {
      candidates += [
        _GSMAlphabet(locking: nli, singleShift: 0), _GSMAlphabet(locking: nli, singleShift: nli),
      ]
    }
    return candidates
  }

  /// Twilio's look-alike for `scalar` (its "smart encoding" map), if it has one.
  /// - Complexity: O(log map).
  static func lookalike(of scalar: UInt32) -> String? {
    let map = _GSMTables.lookalikes
    var (low, high) = (0, map.count)
    while low < high {
      let middle = (low + high) / 2
      if map[middle].codePoint < scalar { low = middle + 1 } else { high = middle }
    }
    return low < map.count && map[low].codePoint == scalar ? map[low].text : nil
  }
}
