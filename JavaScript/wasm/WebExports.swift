// The WebAssembly module's own exports, beside the C API's (Sources/TextLimitCAPI/
// TextLimitCAPI.swift, compiled into the same module by Scripts/build-wasm): memory that
// JavaScript writes UTF-8 into, grapheme cluster ends as UTF-16 offsets, and the field
// limiter's `TextLimiter`s behind handles. JavaScript/src/_module.js makes every call; every
// argument is checked here, so no input from JavaScript reaches a Swift precondition.
import TextCount
import TextLimit

/// `byteCount` bytes (at least 1) for JavaScript to write into, aligned for any value; freed
/// with `tlw_free`.
@_cdecl("tlw_alloc")
public func tlwAlloc(_ byteCount: Int) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 8)
}

/// Frees what `tlw_alloc` gave.
@_cdecl("tlw_free")
public func tlwFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

/// The text of `length` bytes of UTF-8 at `bytes` (JavaScript's `TextEncoder` writes them, so
/// they are well-formed; anything else is repaired).
private func text(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> String {
  guard let bytes, length > 0 else { return "" }
  return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
}

/// Where each grapheme cluster of the UTF-8 text ends, as a UTF-16 offset (JavaScript's string
/// index): `*count` receives the number of clusters, the first `min(*count, capacity)` ends go
/// to `ends`. Returns 0, or 2 for invalid arguments.
/// - Complexity: O(length).
@_cdecl("tlw_grapheme_ends_utf16")
public func tlwGraphemeEndsUTF16(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ ends: UnsafeMutablePointer<Int32>?,
  _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard length >= 0, bytes != nil || length == 0, let count, capacity >= 0,
    capacity == 0 || ends != nil
  else { return 2 }
  var clusters = 0
  var byteOffset = 0
  var utf16Offset = 0
  TextCounter.forEachGraphemeClusterEnd(utf8: UnsafeRawBufferPointer(start: bytes, count: length)) {
    end in
    // A lead byte of four is two UTF-16 units, any other lead one; continuations none.
    while byteOffset < end {
      let byte = bytes![byteOffset]
      if byte & 0xC0 != 0x80 { utf16Offset += byte >= 0xF0 ? 2 : 1 }
      byteOffset += 1
    }
    if clusters < capacity { ends![clusters] = Int32(utf16Offset) }
    clusters += 1
  }
  count.pointee = clusters
  return 0
}

/// The last `LimitEvent.Reason` a limiter reported (its code, see `_WebField.reasonCode`), or
/// -1; its own object, so that the limiter's handler holds it without holding the field.
final class _LastEvent {
  var code: Int32 = -1
}

/// A field limiter: a `TextLimiter`, when to speak (`_AnnouncementPacer`, the Apple adapters'),
/// and what the last call left for JavaScript to read.
final class _WebField {
  let limiter: TextLimiter
  let lastEvent = _LastEvent()
  var pacer = _AnnouncementPacer()
  /// The count when the user or the program last changed the text, as the Apple adapters' core
  /// keeps it: an edit that lowers it is a deletion, which says nothing.
  var reportedCount = 0

  init(limiter: TextLimiter) {
    self.limiter = limiter
    let lastEvent = lastEvent
    limiter.onLimitReached = { event in lastEvent.code = Self.reasonCode(event.reason) }
  }

  /// A reason's code for JavaScript (JavaScript/src/_module.js names them).
  static func reasonCode(_ reason: LimitEvent.Reason) -> Int32 {
    switch reason {
    case .insertionTruncated: 0
    case .insertionRejected: 1
    case .compositionTruncated: 2
    case .overflowTrimmed: 3
    case .emojiRemoved: 4
    case .programmaticTextTruncated: 5
    }
  }
}

/// The field limiters alive, by handle - 1; nil where one was freed.
nonisolated(unsafe) private var fields: [_WebField?] = []

/// What the last call left for JavaScript: a range, a selection and a replacement, read
/// through `tlw_result` as 32-bit integers.
nonisolated(unsafe) private var result = [Int32](repeating: 0, count: 8)
/// The bytes of the last replacement, kept until the next call.
nonisolated(unsafe) private var resultText: [UInt8] = []

private func field(_ handle: Int32) -> _WebField? {
  guard handle > 0, Int(handle) <= fields.count else { return nil }
  return fields[Int(handle) - 1]
}

private func range(_ location: Int32, _ length: Int32) -> NSRange? {
  guard location >= 0, length >= 0 else { return nil }
  return NSRange(location: Int(location), length: Int(length))
}

/// Writes a range, a selection and a replacement for `tlw_result`.
private func setResult(_ replaced: NSRange, _ replacement: String?, _ selected: NSRange) {
  resultText = Array((replacement ?? "").utf8)
  result[0] = Int32(replaced.location)
  result[1] = Int32(replaced.length)
  result[2] = Int32(selected.location)
  result[3] = Int32(selected.length)
  result[5] = Int32(resultText.count)
  result[6] = replacement == nil ? 0 : 1
}

/// Where the last call's results are: eight 32-bit integers (the replaced range's location and
/// length, the selection's location and length, a pointer to the replacement's UTF-8 bytes and
/// their count, whether there is a replacement, a spare).
@_cdecl("tlw_result")
public func tlwResult() -> UnsafeMutablePointer<Int32> {
  resultText.withUnsafeMutableBufferPointer { bytes in
    result[4] = Int32(Int(bitPattern: bytes.baseAddress))
  }
  return result.withUnsafeMutableBufferPointer { $0.baseAddress! }
}

/// A field limiter for `count` rules (C API units and maximums), with the field's text: returns
/// its handle (at least 1), or 0 for invalid arguments.
///
/// `flags`: 1 a soft limit (count, never refuse), 2 no emoji, 4 marked text counts like any
/// other. `counterRule`: the rule the counter shows: its index, -1 the first, -2 the tightest.
/// `threshold`: where the counter starts to warn: 0 never before the limit, 1 when at most
/// `thresholdValue` remain, 2 once the fraction `thresholdValue` is used, -1 the default
/// (`CounterThreshold.standard`). `pause`: seconds without an edit before the count is spoken.
@_cdecl("tlw_limiter_new")
public func tlwLimiterNew(
  _ units: UnsafePointer<Int32>?, _ maxLengths: UnsafePointer<Int32>?, _ count: Int,
  _ flags: Int32, _ counterRule: Int32, _ threshold: Int32, _ thresholdValue: Double,
  _ pause: Double, _ bytes: UnsafePointer<UInt8>?, _ length: Int
) -> Int32 {
  guard count > 0, let units, let maxLengths, length >= 0, bytes != nil || length == 0,
    counterRule >= -2, counterRule < count, (-1...2).contains(threshold),
    thresholdValue >= 0, thresholdValue.isFinite, pause >= 0, pause.isFinite
  else { return 0 }
  var rules: [TextLimit.Rule] = []
  for index in 0..<count {
    guard let unit = _CUnits.unit(units[index]), maxLengths[index] >= 0 else { return 0 }
    rules.append(TextLimit.Rule(maxLength: Int(maxLengths[index]), unit: unit))
  }
  var limit = TextLimit(rules)
  if flags & 1 != 0 { limit.enforcement = .soft }
  if flags & 2 != 0 { limit.allowsEmoji = false }
  if flags & 4 != 0 { limit.composition = .enforced }
  switch counterRule {
  case -1: limit.counterRule = .first
  case -2: limit.counterRule = .tightest
  default: limit.counterRule = .rule(Int(counterRule))
  }
  switch threshold {
  case 0: limit.warningThreshold = nil
  case 1: limit.warningThreshold = .remaining(Int(thresholdValue))
  case 2: limit.warningThreshold = .fractionUsed(thresholdValue)
  default: limit.warningThreshold = .standard
  }
  let field = _WebField(limiter: TextLimiter(limit: limit, text: text(bytes, length)))
  field.pacer.pause = pause
  field.reportedCount = field.limiter.counter.count
  if let free = fields.firstIndex(where: { $0 == nil }) {
    fields[free] = field
    return Int32(free + 1)
  }
  fields.append(field)
  return Int32(fields.count)
}

/// Frees a field limiter.
@_cdecl("tlw_limiter_free")
public func tlwLimiterFree(_ handle: Int32) {
  guard field(handle) != nil else { return }
  fields[Int(handle) - 1] = nil
}

/// The program set the field's text (rule 8): `TextLimiter.setText(_:)`. Returns 0, or 2.
@_cdecl("tlw_limiter_set_text")
public func tlwLimiterSetText(_ handle: Int32, _ bytes: UnsafePointer<UInt8>?, _ length: Int)
  -> Int32
{
  guard let field = field(handle), length >= 0, bytes != nil || length == 0 else { return 2 }
  field.limiter.setText(text(bytes, length))
  return 0
}

/// The program changed the field's text: the UTF-16 range `location`, `length` of the
/// limiter's copy is now the UTF-8 text at `bytes` (`TextLimiter.synchronize(replacing:with:)`).
/// Returns 0, or 2.
@_cdecl("tlw_limiter_synchronize")
public func tlwLimiterSynchronize(
  _ handle: Int32, _ location: Int32, _ length: Int32, _ bytes: UnsafePointer<UInt8>?,
  _ byteCount: Int
) -> Int32 {
  guard let field = field(handle), let replaced = range(location, length), byteCount >= 0,
    bytes != nil || byteCount == 0
  else { return 2 }
  field.limiter.synchronize(replacing: replaced, with: text(bytes, byteCount))
  return 0
}

/// Before an edit: `TextLimiter`'s decision on replacing the UTF-16 range with the UTF-8 text,
/// the marked text's range given (`markedLocation` -1: none). Returns 0 to accept the edit as
/// it is, 1 to refuse it, 3 to apply instead the replacement `tlw_result` holds; 2 for invalid
/// arguments. The limiter's copy then holds the edit as decided.
@_cdecl("tlw_limiter_should_change")
public func tlwLimiterShouldChange(
  _ handle: Int32, _ location: Int32, _ length: Int32, _ bytes: UnsafePointer<UInt8>?,
  _ byteCount: Int, _ markedLocation: Int32, _ markedLength: Int32
) -> Int32 {
  guard let field = field(handle), let edited = range(location, length), byteCount >= 0,
    bytes != nil || byteCount == 0
  else { return 2 }
  field.lastEvent.code = -1
  guard
    let decision = field.limiter.shouldChangeEdit(
      in: edited, replacementText: text(bytes, byteCount),
      markedTextRange: range(markedLocation, markedLength))
  else { return 0 }
  setResult(decision.range, decision.replacement, decision.selectedRange)
  return decision.replacement == nil ? 1 : 3
}

/// After a change the limiter did not decide (an input method's, an autocorrection, a
/// composition's end): the UTF-16 range of the limiter's copy is now the UTF-8 text (an empty
/// range and text: the copy is the field's text already), the selection and the marked text
/// (`markedLocation` -1: none) are the field's. Returns 0 when the text may stay, 3 when the
/// correction `tlw_result` holds must be applied (a range to replace with nothing, and the
/// selection after it); 2 for invalid arguments.
@_cdecl("tlw_limiter_did_change")
public func tlwLimiterDidChange(
  _ handle: Int32, _ location: Int32, _ length: Int32, _ bytes: UnsafePointer<UInt8>?,
  _ byteCount: Int, _ selectedLocation: Int32, _ selectedLength: Int32, _ markedLocation: Int32,
  _ markedLength: Int32
) -> Int32 {
  guard let field = field(handle), let changed = range(location, length),
    let selected = range(selectedLocation, selectedLength), byteCount >= 0,
    bytes != nil || byteCount == 0
  else { return 2 }
  field.lastEvent.code = -1
  guard
    let correction = field.limiter.textDidChange(
      replacing: changed, with: text(bytes, byteCount), selectedRange: selected,
      markedTextRange: range(markedLocation, markedLength))
  else { return 0 }
  setResult(correction.replacedRange, correction.replacement, correction.selectedRange)
  return 3
}

/// What a counter shows and what the last call reported, as 32-bit integers at `state`: the
/// count and maximum of the counter's rule, its index, whether the text breaks a rule, the
/// UTF-16 offset where the text beyond the limit starts (-1: none), the last event's reason
/// code (-1: none), the counter's state (`TextLimiter.counterState`: 0 normal, 1 warning, 2
/// over). Returns 0, or 2.
@_cdecl("tlw_limiter_state")
public func tlwLimiterState(_ handle: Int32, _ state: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let field = field(handle), let state else { return 2 }
  let limiter = field.limiter
  let counter = limiter.counter
  state[0] = Int32(clamping: counter.count)
  state[1] = Int32(clamping: counter.maxLength)
  state[2] = Int32(
    limiter.limit.rules.firstIndex { $0.unit == counter.unit && $0.maxLength == counter.maxLength }
      ?? 0)
  let over = limiter.isOverLimit
  state[3] = over ? 1 : 0
  state[4] = over ? Int32(clamping: limiter.overflowRange?.location ?? -1) : -1
  state[5] = field.lastEvent.code
  switch limiter.counterState {
  case .normal: state[6] = 0
  case .warning: state[6] = 1
  case .over: state[6] = 2
  }
  return 0
}

/// A message of the pacer as a code for JavaScript, which words it in the user's language: 0
/// nothing, 1 "Limit reached", 2 this many remain, 3 this far over; the number goes to
/// `tlw_result`'s first word.
private func messageCode(_ message: _AnnouncementPacer.Message?) -> Int32 {
  switch message {
  case nil: return 0
  case .limitReached: return 1
  case .remaining(let count):
    result[0] = Int32(clamping: count)
    return 2
  case .overLimit(let count):
    result[0] = Int32(clamping: count)
    return 3
  }
}

/// A user's edit reached the field, or was refused, at `now` seconds on a monotonic clock:
/// what to say at once (`_AnnouncementPacer.userEdited`); the pause before the count starts
/// again. Returns a message code (see `messageCode`), or -1 for an unknown handle.
@_cdecl("tlw_limiter_user_edited")
public func tlwLimiterUserEdited(_ handle: Int32, _ now: Double) -> Int32 {
  guard let field = field(handle) else { return -1 }
  let counter = field.limiter.counter
  let before = field.reportedCount
  field.reportedCount = counter.count
  return messageCode(field.pacer.userEdited(counter, shrank: counter.count < before, at: now))
}

/// The program changed the text: nothing is said (`_AnnouncementPacer.programChanged`).
@_cdecl("tlw_limiter_program_changed")
public func tlwLimiterProgramChanged(_ handle: Int32) {
  guard let field = field(handle) else { return }
  let counter = field.limiter.counter
  field.reportedCount = counter.count
  field.pacer.programChanged(counter)
}

/// Editing ended (the field lost focus): a count waiting for the pause is not said
/// (`_AnnouncementPacer.cancelPause`).
@_cdecl("tlw_limiter_cancel_pause")
public func tlwLimiterCancelPause(_ handle: Int32) {
  field(handle)?.pacer.cancelPause()
}

/// When the pause after the last edit ends, in seconds on the caller's clock, or -1 when none
/// runs.
@_cdecl("tlw_limiter_deadline")
public func tlwLimiterDeadline(_ handle: Int32) -> Double {
  field(handle)?.pacer.deadline ?? -1
}

/// Time passed (`now`, at or after the deadline): the count to say, if any
/// (`_AnnouncementPacer.pauseElapsed` with the limit's warning threshold). Returns a message
/// code, or -1 for an unknown handle.
@_cdecl("tlw_limiter_pause_elapsed")
public func tlwLimiterPauseElapsed(_ handle: Int32, _ now: Double) -> Int32 {
  guard let field = field(handle) else { return -1 }
  return messageCode(
    field.pacer.pauseElapsed(
      field.limiter.counter, threshold: field.limiter.limit.warningThreshold, at: now))
}

/// Whether each of `textCount` texts (UTF-8, laid out as `textlimit_count_many` takes them) is
/// within every one of `limitCount` limits (C API units and maximums), as `textlimit_prefix`
/// decides: its longest prefix within them is the whole text. `fits[i]` receives 1 or 0.
/// Returns 0, 3 for invalid offsets, or 2 for invalid arguments.
/// - Complexity: O(data length × limits + text count).
@_cdecl("tlw_fits_many")
public func tlwFitsMany(
  _ data: UnsafePointer<UInt8>?, _ dataLength: Int, _ offsets: UnsafePointer<Int32>?,
  _ textCount: Int, _ units: UnsafePointer<Int32>?, _ maxLengths: UnsafePointer<UInt64>?,
  _ limitCount: Int, _ fits: UnsafeMutablePointer<UInt8>?
) -> Int32 {
  guard dataLength >= 0, data != nil || dataLength == 0, textCount >= 0, limitCount > 0,
    let units, let maxLengths, textCount == 0 || (offsets != nil && fits != nil)
  else { return 2 }
  var limits: [(TextCounter, Int)] = []
  for index in 0..<limitCount {
    guard let unit = _CUnits.unit(units[index]) else { return 2 }
    limits.append((TextCounter(unit: unit), Int(clamping: maxLengths[index])))
  }
  guard let offsets, let fits else { return 0 }
  let bounds = UnsafeBufferPointer(start: offsets, count: textCount + 1)
  var previous: Int32 = 0
  for offset in bounds {
    guard offset >= previous, Int(offset) <= dataLength else { return 3 }
    previous = offset
  }
  for index in 0..<textCount {
    let start = Int(bounds[index])
    let text = UnsafeRawBufferPointer(
      start: data.map { $0 + start }, count: Int(bounds[index + 1]) - start)
    fits[index] = TextCounter.prefixByteCount(utf8: text, within: limits) == text.count ? 1 : 0
  }
  return 0
}

/// Whether `value` is a unit the C API takes (`textlimit_unit`: a named unit, or a code
/// `textlimit_post_unit` made): 1 or 0.
@_cdecl("tlw_unit_is_valid")
public func tlwUnitIsValid(_ value: Int32) -> Int32 {
  _CUnits.unit(value) == nil ? 0 : 1
}

/// The largest URL length `textlimit_post_unit` and `textlimit_rule_limits` take.
@_cdecl("tlw_maximum_url_length")
public func tlwMaximumURLLength() -> Int32 {
  Int32(_CUnits.maximumURLLength)
}

/// The largest maximum a limit may have here: `Int.max` of the module (2,147,483,647 on
/// wasm32), which a limiter's rules and `textlimit_rule_limits` hold without overflow.
@_cdecl("tlw_maximum_length")
public func tlwMaximumLength() -> Int32 {
  Int32(Int.max)
}

/// The shipped language of the counter's strings that serves a BCP 47 tag (UTF-8) best
/// (`_ShippedLanguages.language(forIdentifier:)`, the Apple adapters' rule): its index in
/// `_ShippedLanguages.all`, whose names `tlw_language_name` gives.
/// - Complexity: O(length).
@_cdecl("tlw_language")
public func tlwLanguage(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
  guard length >= 0, bytes != nil || length == 0 else { return 0 }
  let language = _ShippedLanguages.language(forIdentifier: text(bytes, length))
  return Int32(_ShippedLanguages.all.firstIndex(of: language) ?? 0)
}

/// The name of shipped language `index` (`_ShippedLanguages.all`), NUL-terminated, or NULL past
/// the last.
@_cdecl("tlw_language_name")
public func tlwLanguageName(_ index: Int32) -> UnsafePointer<CChar>? {
  languageNames.indices.contains(Int(index)) ? languageNames[Int(index)] : nil
}

/// The names of the shipped languages as C strings, made once and never freed.
nonisolated(unsafe) private let languageNames: [UnsafePointer<CChar>] = _ShippedLanguages.all.map(
  cString)

/// The name of the SMS national language whose 3GPP TS 23.038 identifier is `identifier`
/// (`SMSNationalLanguage.name`: "turkish" for 1…), the number `textlimit_sms_unit` takes,
/// NUL-terminated; NULL for an identifier no language has.
@_cdecl("tlw_sms_language_name")
public func tlwSMSLanguageName(_ identifier: Int32) -> UnsafePointer<CChar>? {
  smsLanguageNames.first { $0.identifier == identifier }?.name
}

/// The SMS national languages' identifiers and names as C strings, made once and never freed.
nonisolated(unsafe) private let smsLanguageNames:
  [(identifier: Int32, name: UnsafePointer<CChar>)] =
    SMSNationalLanguage.allCases.map { (Int32($0.rawValue), cString($0.name)) }

/// A copy of `text` as a NUL-terminated C string, never freed.
private func cString(_ text: String) -> UnsafePointer<CChar> {
  let bytes = text.utf8CString
  let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
  bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
  return UnsafePointer(copy)
}
