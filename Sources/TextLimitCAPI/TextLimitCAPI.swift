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

/// `textlimit_unit` values: indices into `named` (the header lists them in order), or a post
/// length with its own URL length, made by `textlimit_post_unit`: the named unit in the low 8
/// bits, the URL length plus one above them.
enum _CUnits {
  /// `TextUnit.allCases`, then X's and Mastodon's post lengths: TextCount's named units, whose
  /// short counters (`_ShortCounters`) take the same numbers.
  static let named = _ShortCounters.named
  static let x = Int32(TextUnit.allCases.count)
  static let mastodon = x + 1
  /// The largest URL length `textlimit_post_unit` takes.
  static let maximumURLLength = (Int(Int32.max) >> 8) - 1

  /// The unit a value stands for, or nil.
  static func unit(_ value: Int32) -> TextUnit? {
    guard value >= 0 else { return nil }
    if Int(value) < named.count { return named[Int(value)] }
    let base = value & 0xFF
    let urlLength = Int(value >> 8) - 1
    guard urlLength >= 0, base == x || base == mastodon,
      case .post(var length) = named[Int(base)]
    else { return nil }
    length.urlLength = urlLength
    return .post(length)
  }

  /// The value of `unit`, if it has one (a named unit, or X's or Mastodon's post length with
  /// another URL length and no content warning).
  static func value(of unit: TextUnit) -> Int32? {
    if let index = named.firstIndex(of: unit) { return Int32(index) }
    guard case .post(let length) = unit, let urlLength = length.urlLength,
      urlLength <= maximumURLLength
    else { return nil }
    var base = length
    base.urlLength = 23
    guard let index = named.firstIndex(of: .post(base)), index >= Int(x) else { return nil }
    return Int32(index) | Int32(urlLength + 1) << 8
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

/// Makes the unit of X's or Mastodon's post length with another URL length (C:
/// `textlimit_post_unit`).
/// - Returns: `TEXTLIMIT_OK` with the unit in `*postUnit`, or `TEXTLIMIT_INVALID_ARGUMENT` for
///   another unit, a URL length over 8,388,606, or NULL.
@_cdecl("textlimit_post_unit")
public func textLimitPostUnit(
  _ unitValue: Int32, _ urlLength: UInt32, _ postUnit: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let postUnit, unitValue == _CUnits.x || unitValue == _CUnits.mastodon,
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

/// Calls `body` with the UTF-8 of UTF-32 code points, each value that is no scalar as U+FFFD.
private func withUTF8<Result>(
  of scalars: UnsafeBufferPointer<UInt32>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
  var utf8: [UInt8] = []
  utf8.reserveCapacity(scalars.count * 4)
  for value in scalars {
    UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { utf8.append($0) }
  }
  return utf8.withUnsafeBufferPointer(body)
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
