// The C API declared in include/textlimit.h: plain C types in, status codes out, results through
// out-pointers. Every argument is checked here, so no input from C reaches a Swift precondition.
// It depends on TextCount alone (no Foundation): Scripts/build-c-library links it with the
// static Swift standard library into a libtextlimit.so that needs only the C and C++ runtimes,
// and Scripts/build-wasm compiles it into the WebAssembly module (Embedded Swift).
import TextCount

/// `textlimit_status`, as the header numbers it (in order: `allCases[n].rawValue == n`).
enum _CStatus: Int32, CaseIterable {
  case ok = 0
  case invalidUTF8 = 1
  case invalidArgument = 2
  case invalidOffsets = 3

  /// `textlimit_status_message`'s text.
  var message: String {
    switch self {
    case .ok: "ok"
    case .invalidUTF8: "invalid UTF-8"
    case .invalidArgument: "invalid argument (a NULL pointer, or an unknown unit)"
    case .invalidOffsets: "invalid offsets (decreasing, negative, or past the end of the data)"
    }
  }
}

/// Constant C strings, made once per process and never freed. `nonisolated(unsafe)`: nothing
/// writes them after they are made (a `static let` is made once, thread-safely).
enum _CStrings {
  nonisolated(unsafe) static let version = make(TextCounter.packageVersion)
  nonisolated(unsafe) static let backend = make(TextCounter.backendDescription)
  nonisolated(unsafe) static let unitNames = _CUnits.named.map { make($0.description) }
  nonisolated(unsafe) static let statusMessages = _CStatus.allCases.map { make($0.message) }
  nonisolated(unsafe) static let unknownStatus = make("unknown status")

  /// A copy of `string`, NUL-terminated, never freed (Swift's allocator rather than `strdup`,
  /// so that the WebAssembly build, which has no C library module, makes it the same way).
  private static func make(_ string: String) -> UnsafePointer<CChar> {
    let bytes = string.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
    return UnsafePointer(copy)
  }
}

/// `textlimit_unit` values: indices into `named` (the header lists them in order), or a unit
/// with a parameter, made by `textlimit_post_unit` (a post length with its own URL length) or
/// `textlimit_sms_unit` (SMS segments with options): the named unit in the low 8 bits, the
/// parameter plus one above them.
enum _CUnits {
  /// `TextUnit.allCases`, then X's and Mastodon's post lengths, words, SMS segments,
  /// `maxlength`'s count, stringz's length, the composers' lengths and the bytes of Bluesky's
  /// published text: TextCount's named units, whose short counters (`_ShortCounters`) take the
  /// same numbers.
  static let named = _ShortCounters.named
  static let x = Int32(TextUnit.allCases.count)
  static let mastodon = x + 1
  static let sms = x + 3
  static let mastodonComposer = x + 6
  /// The largest URL length `textlimit_post_unit` takes.
  static let maximumURLLength = PostLength.maximumURLLength

  /// Whether a named unit takes a URL length.
  static func takesURLLength(_ base: Int32) -> Bool {
    base == x || base == mastodon || base == mastodonComposer
  }

  /// The unit a value stands for, or nil.
  static func unit(_ value: Int32) -> TextUnit? {
    guard value >= 0 else { return nil }
    if Int(value) < named.count { return named[Int(value)] }
    let base = value & 0xFF
    let parameter = Int(value >> 8) - 1
    guard parameter >= 0 else { return nil }
    if base == sms { return smsOptions(parameter).map { .sms($0) } }
    guard takesURLLength(base), case .post(var length) = named[Int(base)] else { return nil }
    length.urlLength = parameter
    return .post(length)
  }

  /// SMS options by number: bit 0 the split between scalars (`pairsOnly`), bit 1 look-alikes
  /// replaced, the bits above a national language's identifier (0 for none).
  static func smsOptions(_ number: Int) -> SMSOptions? {
    let language = number >> 2
    guard language == 0 || SMSNationalLanguage(rawValue: language) != nil else { return nil }
    return SMSOptions(
      split: number & 1 == 0 ? .wholeClusters : .pairsOnly, replacesLookalikes: number & 2 != 0,
      nationalLanguage: SMSNationalLanguage(rawValue: language))
  }

  /// The number of SMS options (`smsOptions`).
  static func number(of options: SMSOptions) -> Int {
    (options.split == .pairsOnly ? 1 : 0) | (options.replacesLookalikes ? 2 : 0)
      | (options.nationalLanguage?.rawValue ?? 0) << 2
  }

  /// The value of `unit`, if it has one (a named unit; X's, Mastodon's or Mastodon's composer's
  /// post length with another URL length and no content warning; SMS segments with options).
  static func value(of unit: TextUnit) -> Int32? {
    if let index = named.firstIndex(of: unit) { return Int32(index) }
    if case .sms(let options) = unit { return sms | Int32(number(of: options) + 1) << 8 }
    guard case .post(let length) = unit, let urlLength = length.urlLength,
      urlLength <= maximumURLLength
    else { return nil }
    var base = length
    base.urlLength = 23
    guard let index = named.firstIndex(of: .post(base)), takesURLLength(Int32(index)) else {
      return nil
    }
    return Int32(index) | Int32(urlLength + 1) << 8
  }

  /// `unit` with a content warning, where it takes one (Mastodon's server's and composer's
  /// lengths); `unit` itself for an empty warning; nil otherwise.
  static func unit(_ unit: TextUnit, warning: String) -> TextUnit? {
    guard !warning.isEmpty else { return unit }
    guard case .post(var length) = unit,
      length.urlSyntax == .mastodon || length.urlSyntax == .mastodonComposer
    else { return nil }
    length.contentWarning = warning
    return .post(length)
  }
}

/// A counter per named `textlimit_unit`, made once: a call borrows one instead of making and
/// destroying its own (a third of a short count's instructions).
private let counters = _CUnits.named.map { TextCounter(unit: $0) }

/// Runs `body` with the counter of a `textlimit_unit` value, or returns
/// `TEXTLIMIT_INVALID_ARGUMENT` for an unknown one.
@inline(__always)
private func withCounter(_ value: Int32, _ body: (borrowing TextCounter) -> Int32) -> Int32 {
  guard value >= 0 else { return _CStatus.invalidArgument.rawValue }
  if Int(value) < counters.count {
    return counters.withUnsafeBufferPointer { body($0[Int(value)]) }
  }
  guard let unit = _CUnits.unit(value) else { return _CStatus.invalidArgument.rawValue }
  return body(TextCounter(unit: unit))
}

/// The bytes a C caller passed, or nil for a NULL pointer with a non-zero length.
private func buffer(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> UnsafeRawBufferPointer? {
  guard length >= 0, bytes != nil || length == 0 else { return nil }
  return UnsafeRawBufferPointer(start: bytes, count: length)
}

/// Reports this library's version (C: `textlimit_version`).
/// - Returns: A constant NUL-terminated string such as `"0.3.0"`.
@_cdecl("textlimit_version")
public func textLimitVersion() -> UnsafePointer<CChar> { _CStrings.version }

/// Reports the backend counting in this build (C: `textlimit_backend`).
/// - Returns: A constant string: `"automaton, utf8proc 2.8.0"` or `"automaton"`.
@_cdecl("textlimit_backend")
public func textLimitBackend() -> UnsafePointer<CChar> { _CStrings.backend }

/// Names a unit as the `textlimit` tool does (C: `textlimit_unit_name`).
/// - Returns: A constant string, or NULL for an unknown unit.
@_cdecl("textlimit_unit_name")
public func textLimitUnitName(_ value: Int32) -> UnsafePointer<CChar>? {
  _CStrings.unitNames.indices.contains(Int(value)) ? _CStrings.unitNames[Int(value)] : nil
}

/// Finds the unit a name stands for (C: `textlimit_unit_from_name`).
/// - Returns: `TEXTLIMIT_OK`, or `TEXTLIMIT_INVALID_ARGUMENT` for an unknown name or NULL.
@_cdecl("textlimit_unit_from_name")
public func textLimitUnitFromName(
  _ name: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let name, let result, let found = TextUnit(name: String(cString: name)),
    let value = _CUnits.value(of: found)
  else { return _CStatus.invalidArgument.rawValue }
  result.pointee = value
  return _CStatus.ok.rawValue
}

/// Makes the unit of X's, Mastodon's or Mastodon's composer's post length with another URL
/// length (C: `textlimit_post_unit`).
/// - Returns: `TEXTLIMIT_OK` with the unit in `*postUnit`, or `TEXTLIMIT_INVALID_ARGUMENT` for
///   another unit, a URL length over 8,388,606, or NULL.
@_cdecl("textlimit_post_unit")
public func textLimitPostUnit(
  _ unitValue: Int32, _ urlLength: UInt32, _ postUnit: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let postUnit, _CUnits.takesURLLength(unitValue),
    Int(urlLength) <= _CUnits.maximumURLLength,
    case .post(var length) = _CUnits.named[Int(unitValue)]
  else { return _CStatus.invalidArgument.rawValue }
  length.urlLength = Int(urlLength)
  postUnit.pointee = _CUnits.value(of: .post(length))!
  return _CStatus.ok.rawValue
}

/// The limits of a platform's post rule (C: `textlimit_rule_limits`): its units and maximums,
/// in order, for `textlimit_count` and `textlimit_prefix`.
/// - Returns: `TEXTLIMIT_OK` with the number of limits in `*limitCount` and the first
///   `min(*limitCount, capacity)` of them written, or `TEXTLIMIT_INVALID_ARGUMENT` for an
///   unknown rule, a maximum or URL length below -1 (-1: the rule's own), a maximum over the
///   platform's `Int` (2,147,483,647 on a 32-bit target), a URL length for `bluesky`, or NULL.
@_cdecl("textlimit_rule_limits")
public func textLimitRuleLimits(
  _ name: UnsafePointer<CChar>?, _ maxLength: Int64, _ urlLength: Int64,
  _ units: UnsafeMutablePointer<Int32>?, _ maxLengths: UnsafeMutablePointer<UInt64>?,
  _ capacity: Int, _ limitCount: UnsafeMutablePointer<Int>?
) -> Int32 {
  // A maximum an `Int` cannot hold (over 2,147,483,647 on a 32-bit target, WebAssembly's) is
  // refused, never trapped on.
  guard let name, let limitCount, maxLength >= -1, urlLength >= -1,
    urlLength <= Int64(_CUnits.maximumURLLength), let max = Int(exactly: maxLength),
    capacity == 0 || (units != nil && maxLengths != nil),
    let rule = PostRule(
      name: String(cString: name), maxLength: max < 0 ? nil : max,
      urlLength: urlLength < 0 ? nil : Int(urlLength))
  else { return _CStatus.invalidArgument.rawValue }
  let values = rule.limits.map { _CUnits.value(of: $0.unit)! }
  for (index, limit) in rule.limits.enumerated().prefix(capacity) {
    units![index] = values[index]
    maxLengths![index] = UInt64(limit.maxLength)
  }
  limitCount.pointee = rule.limits.count
  return _CStatus.ok.rawValue
}

/// Describes a status in a few English words (C: `textlimit_status_message`).
/// - Returns: A constant string; `"unknown status"` for a value the header does not define.
@_cdecl("textlimit_status_message")
public func textLimitStatusMessage(_ status: Int32) -> UnsafePointer<CChar> {
  _CStatus(rawValue: status).map { _CStrings.statusMessages[Int($0.rawValue)] }
    ?? _CStrings.unknownStatus
}

/// Counts UTF-8 bytes in a unit, ill-formed bytes repaired (C: `textlimit_count`).
/// - Returns: `TEXTLIMIT_OK` with the count in `*count`, or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length).
@_cdecl("textlimit_count")
public func textLimitCount(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ unitValue: Int32,
  _ count: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let text = buffer(bytes, length), let count else {
    return _CStatus.invalidArgument.rawValue
  }
  // A short text in a named unit: no counter, no table look-up, nothing allocated.
  if let short = _ShortCounters.count(text, named: Int(unitValue)) {
    count.pointee = UInt64(truncatingIfNeeded: short)
    return _CStatus.ok.rawValue
  }
  return withCounter(unitValue) { counter in
    count.pointee = UInt64(counter.count(utf8: text))
    return _CStatus.ok.rawValue
  }
}

/// Counts well-formed UTF-8 bytes in a unit (C: `textlimit_count_strict`).
/// - Returns: `TEXTLIMIT_OK` with the count; `TEXTLIMIT_INVALID_UTF8` with the first ill-formed
///   byte's offset in `*invalidOffset` (when not NULL); or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length).
@_cdecl("textlimit_count_strict")
public func textLimitCountStrict(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ unitValue: Int32,
  _ count: UnsafeMutablePointer<UInt64>?, _ invalidOffset: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), let unit = _CUnits.unit(unitValue), let count else {
    return _CStatus.invalidArgument.rawValue
  }
  do throws(InvalidUTF8Error) {
    count.pointee = UInt64(try TextCounter(unit: unit).validatedCount(utf8: text))
    return _CStatus.ok.rawValue
  } catch {
    invalidOffset?.pointee = error.byteOffset
    return _CStatus.invalidUTF8.rawValue
  }
}

/// Counts many texts laid out as an Arrow string array (C: `textlimit_count_many`).
/// - Returns: `TEXTLIMIT_OK`, `TEXTLIMIT_INVALID_OFFSETS` or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(data length + text count).
@_cdecl("textlimit_count_many")
public func textLimitCountMany(
  _ data: UnsafePointer<UInt8>?, _ dataLength: Int, _ offsets: UnsafePointer<Int32>?,
  _ textCount: Int, _ unitValue: Int32, _ counts: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  countMany(data, dataLength, offsets, textCount, unitValue, counts)
}

/// Counts many texts laid out as an Arrow large-string array (C: `textlimit_count_many64`).
/// - Returns: `TEXTLIMIT_OK`, `TEXTLIMIT_INVALID_OFFSETS` or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(data length + text count).
@_cdecl("textlimit_count_many64")
public func textLimitCountMany64(
  _ data: UnsafePointer<UInt8>?, _ dataLength: Int, _ offsets: UnsafePointer<Int64>?,
  _ textCount: Int, _ unitValue: Int32, _ counts: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  countMany(data, dataLength, offsets, textCount, unitValue, counts)
}

/// Both offset widths: checks every offset, then counts each text with one counter.
private func countMany<Offset: BinaryInteger>(
  _ data: UnsafePointer<UInt8>?, _ dataLength: Int, _ offsets: UnsafePointer<Offset>?,
  _ textCount: Int, _ unitValue: Int32, _ counts: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let data = buffer(data, dataLength), let unit = _CUnits.unit(unitValue), textCount >= 0,
    textCount == 0 || (offsets != nil && counts != nil)
  else { return _CStatus.invalidArgument.rawValue }
  guard let offsets, let counts else { return _CStatus.ok.rawValue }
  let bounds = UnsafeBufferPointer(start: offsets, count: textCount + 1)
  var previous: Offset = 0
  for offset in bounds {
    guard offset >= previous, offset <= dataLength else { return _CStatus.invalidOffsets.rawValue }
    previous = offset
  }
  let counter = TextCounter(unit: unit)
  for index in 0..<textCount {
    let text = UnsafeRawBufferPointer(rebasing: data[Int(bounds[index])..<Int(bounds[index + 1])])
    let count = _ShortCounters.count(text, named: Int(unitValue)) ?? counter.count(utf8: text)
    counts[index] = UInt64(count)
  }
  return _CStatus.ok.rawValue
}

/// The longest prefix within every limit, in bytes (C: `textlimit_prefix`).
/// - Returns: `TEXTLIMIT_OK` with the prefix's length, or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length × limit count).
@_cdecl("textlimit_prefix")
public func textLimitPrefix(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ units: UnsafePointer<Int32>?,
  _ maxLengths: UnsafePointer<UInt64>?, _ limitCount: Int,
  _ prefixLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), let prefixLength, limitCount >= 0,
    limitCount == 0 || (units != nil && maxLengths != nil)
  else { return _CStatus.invalidArgument.rawValue }
  var limits: [(TextCounter, Int)] = []
  for index in 0..<limitCount {
    guard let unit = _CUnits.unit(units![index]) else { return _CStatus.invalidArgument.rawValue }
    limits.append((TextCounter(unit: unit), Int(clamping: maxLengths![index])))
  }
  prefixLength.pointee = TextCounter.prefixByteCount(utf8: text, within: limits)
  return _CStatus.ok.rawValue
}

/// Counts many texts given as pointers and lengths (C: `textlimit_count_each`): a batch of
/// separate strings, such as a Python list, in one call.
/// - Returns: `TEXTLIMIT_OK` or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(total length + text count).
@_cdecl("textlimit_count_each")
public func textLimitCountEach(
  _ texts: UnsafePointer<UnsafePointer<UInt8>?>?, _ lengths: UnsafePointer<Int>?,
  _ textCount: Int, _ unitValue: Int32, _ counts: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard textCount >= 0, textCount == 0 || (texts != nil && lengths != nil && counts != nil)
  else { return _CStatus.invalidArgument.rawValue }
  return withCounter(unitValue) { counter in
    guard let texts, let lengths, let counts else { return _CStatus.ok.rawValue }
    for index in 0..<textCount where buffer(texts[index], lengths[index]) == nil {
      return _CStatus.invalidArgument.rawValue
    }
    for index in 0..<textCount {
      let text = UnsafeRawBufferPointer(start: texts[index], count: lengths[index])
      let count = _ShortCounters.count(text, named: Int(unitValue)) ?? counter.count(utf8: text)
      counts[index] = UInt64(count)
    }
    return _CStatus.ok.rawValue
  }
}

/// Counts text held as UTF-32 code points in a unit (C: `textlimit_count_utf32`): what a
/// Python `str`, ICU's `UChar32` or Linux's `wchar_t` hold, counted without UTF-8 in between
/// where it is short. A value that is no scalar (a surrogate, one above U+10FFFF) is U+FFFD.
/// - Returns: `TEXTLIMIT_OK` with the count in `*count`, or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length).
@_cdecl("textlimit_count_utf32")
public func textLimitCountUTF32(
  _ scalars: UnsafePointer<UInt32>?, _ length: Int, _ unitValue: Int32,
  _ count: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard length >= 0, scalars != nil || length == 0, let count else {
    return _CStatus.invalidArgument.rawValue
  }
  let text = UnsafeBufferPointer(start: scalars, count: length)
  if let short = _ShortCounters.count(utf32: text, named: Int(unitValue)) {
    count.pointee = UInt64(truncatingIfNeeded: short)
    return _CStatus.ok.rawValue
  }
  return withUTF8(of: text) { textLimitCount($0.baseAddress, $0.count, unitValue, count) }
}

/// Counts many separate texts held as UTF-32 code points (C: `textlimit_count_each_utf32`).
/// - Returns: `TEXTLIMIT_OK` or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(total length + text count).
@_cdecl("textlimit_count_each_utf32")
public func textLimitCountEachUTF32(
  _ texts: UnsafePointer<UnsafePointer<UInt32>?>?, _ lengths: UnsafePointer<Int>?,
  _ textCount: Int, _ unitValue: Int32, _ counts: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard textCount >= 0, textCount == 0 || (texts != nil && lengths != nil && counts != nil)
  else { return _CStatus.invalidArgument.rawValue }
  guard let texts, let lengths, let counts else { return _CStatus.ok.rawValue }
  for index in 0..<textCount
  where lengths[index] < 0 || (texts[index] == nil && lengths[index] != 0) {
    return _CStatus.invalidArgument.rawValue
  }
  var probe: UInt64 = 0
  guard textLimitCount(nil, 0, unitValue, &probe) == _CStatus.ok.rawValue else {
    return _CStatus.invalidArgument.rawValue
  }
  for index in 0..<textCount {
    let text = UnsafeBufferPointer(start: texts[index], count: lengths[index])
    if let short = _ShortCounters.count(utf32: text, named: Int(unitValue)) {
      counts[index] = UInt64(truncatingIfNeeded: short)
    } else {
      _ = withUTF8(of: text) { textLimitCount($0.baseAddress, $0.count, unitValue, counts + index) }
    }
  }
  return _CStatus.ok.rawValue
}

/// Calls `body` with the UTF-8 of UTF-32 code points, each value that is no scalar as U+FFFD:
/// on the stack for a short text (the units the short path leaves to the general one).
private func withUTF8<Result>(
  of scalars: UnsafeBufferPointer<UInt32>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
  if scalars.count <= 64 {
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
      var count = 0
      for value in scalars {
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") {
          buffer[count] = $0
          count += 1
        }
      }
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }
  var utf8: [UInt8] = []
  utf8.reserveCapacity(scalars.count * 4)
  for value in scalars {
    UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { utf8.append($0) }
  }
  return utf8.withUnsafeBufferPointer(body)
}

/// Makes the unit of SMS segments with options (C: `textlimit_sms_unit`).
/// - Returns: `TEXTLIMIT_OK` with the unit in `*smsUnit`, or `TEXTLIMIT_INVALID_ARGUMENT` for a
///   flag other than 0 or 1, an unknown language, or NULL.
@_cdecl("textlimit_sms_unit")
public func textLimitSMSUnit(
  _ pairsOnly: Int32, _ lookalikes: Int32, _ language: Int32,
  _ smsUnit: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let smsUnit, pairsOnly == 0 || pairsOnly == 1, lookalikes == 0 || lookalikes == 1,
    language >= 0, language < 64,
    let options = _CUnits.smsOptions(Int(pairsOnly | lookalikes << 1 | language << 2))
  else { return _CStatus.invalidArgument.rawValue }
  smsUnit.pointee = _CUnits.value(of: .sms(options))!
  return _CStatus.ok.rawValue
}

/// Counts a post with its content warning (C: `textlimit_count_with_warning`).
/// - Returns: `TEXTLIMIT_OK` with the count in `*count`, or `TEXTLIMIT_INVALID_ARGUMENT` (a
///   warning for a unit that takes none).
/// - Complexity: O(length + warning length).
@_cdecl("textlimit_count_with_warning")
public func textLimitCountWithWarning(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ unitValue: Int32,
  _ warningBytes: UnsafePointer<UInt8>?, _ warningLength: Int,
  _ count: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let text = buffer(bytes, length), let warning = buffer(warningBytes, warningLength),
    let count, let base = _CUnits.unit(unitValue),
    let unit = _CUnits.unit(base, warning: String(decoding: warning, as: UTF8.self))
  else { return _CStatus.invalidArgument.rawValue }
  count.pointee = UInt64(TextCounter(unit: unit).count(utf8: text))
  return _CStatus.ok.rawValue
}

/// The longest prefix within every limit, the warning counted with each Mastodon unit (C:
/// `textlimit_prefix_with_warning`).
/// - Returns: `TEXTLIMIT_OK` with the prefix's length, or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O((length + warning length) × limit count).
@_cdecl("textlimit_prefix_with_warning")
public func textLimitPrefixWithWarning(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ units: UnsafePointer<Int32>?,
  _ maxLengths: UnsafePointer<UInt64>?, _ limitCount: Int,
  _ warningBytes: UnsafePointer<UInt8>?, _ warningLength: Int,
  _ prefixLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), let warningBuffer = buffer(warningBytes, warningLength),
    let prefixLength, limitCount >= 0, limitCount == 0 || (units != nil && maxLengths != nil)
  else { return _CStatus.invalidArgument.rawValue }
  let warning = String(decoding: warningBuffer, as: UTF8.self)
  var limits: [(TextCounter, Int)] = []
  var warned = warning.isEmpty
  for index in 0..<limitCount {
    guard let base = _CUnits.unit(units![index]) else { return _CStatus.invalidArgument.rawValue }
    let unit = _CUnits.unit(base, warning: warning) ?? base
    warned = warned || unit != base
    limits.append((TextCounter(unit: unit), Int(clamping: maxLengths![index])))
  }
  guard warned else { return _CStatus.invalidArgument.rawValue }
  prefixLength.pointee = TextCounter.prefixByteCount(utf8: text, within: limits)
  return _CStatus.ok.rawValue
}

/// Measures a text as an SMS message (C: `textlimit_sms_measure`).
/// - Returns: `TEXTLIMIT_OK` with the measure written, or `TEXTLIMIT_INVALID_ARGUMENT` (a unit
///   that is no SMS unit, NULL).
/// - Complexity: O(length).
@_cdecl("textlimit_sms_measure")
public func textLimitSMSMeasure(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ unitValue: Int32,
  _ encoding: UnsafeMutablePointer<Int32>?, _ units: UnsafeMutablePointer<UInt64>?,
  _ segments: UnsafeMutablePointer<UInt64>?, _ characters: UnsafeMutablePointer<UInt8>?,
  _ capacity: Int, _ charactersLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), case .sms(let options)? = _CUnits.unit(unitValue),
    let encoding, let units, let segments, let charactersLength, capacity >= 0,
    capacity == 0 || characters != nil
  else { return _CStatus.invalidArgument.rawValue }
  let message = SMSMessage(utf8: text, options: options)
  encoding.pointee = message.encoding == .gsm7 ? 0 : 1
  units.pointee = UInt64(message.unitCount)
  segments.pointee = UInt64(message.segmentCount)
  var needed = 0
  for character in message.charactersForcingUCS2 { needed += character.utf8.count + 1 }
  charactersLength.pointee = needed
  if needed <= capacity, let characters {
    var index = 0
    for character in message.charactersForcingUCS2 {
      for byte in character.utf8 {
        characters[index] = byte
        index += 1
      }
      characters[index] = 0xFF  // never in UTF-8: the end of a character
      index += 1
    }
  }
  return _CStatus.ok.rawValue
}

/// The text Bluesky's app publishes for a text typed in its composer (C:
/// `textlimit_bluesky_published`).
/// - Returns: `TEXTLIMIT_OK` with the text's length in `*publishedLength` (and the text in
///   `published` when it fits in `capacity`), or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length).
@_cdecl("textlimit_bluesky_published")
public func textLimitBlueskyPublished(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ published: UnsafeMutablePointer<UInt8>?,
  _ capacity: Int, _ publishedLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), let publishedLength, capacity >= 0,
    capacity == 0 || published != nil
  else { return _CStatus.invalidArgument.rawValue }
  let result = PostRule.blueskyPublishedText(utf8: text)
  publishedLength.pointee = result.count
  if result.count <= capacity, let published {
    for (index, byte) in result.enumerated() { published[index] = byte }
  }
  return _CStatus.ok.rawValue
}

/// The byte offset at which each grapheme cluster ends (C: `textlimit_grapheme_ends`).
/// - Returns: `TEXTLIMIT_OK` with the number of clusters in `*count` and the first
///   `min(count, capacity)` ends written; or `TEXTLIMIT_INVALID_ARGUMENT`.
/// - Complexity: O(length).
@_cdecl("textlimit_grapheme_ends")
public func textLimitGraphemeEnds(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ ends: UnsafeMutablePointer<Int>?,
  _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let text = buffer(bytes, length), let count, capacity >= 0, capacity == 0 || ends != nil
  else { return _CStatus.invalidArgument.rawValue }
  var clusters = 0
  TextCounter.forEachGraphemeClusterEnd(utf8: text) { end in
    if clusters < capacity { ends![clusters] = end }
    clusters += 1
  }
  count.pointee = clusters
  return _CStatus.ok.rawValue
}
