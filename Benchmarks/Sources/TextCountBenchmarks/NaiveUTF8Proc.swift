import CUTF8ProcBenchmark

/// What a first attempt with utf8proc looks like: `utf8proc_iterate` and
/// `utf8proc_grapheme_break_stateful`, one call each per scalar (Unicode 15.0 rules, so its count
/// can differ from Swift's on a few inputs).
func naiveUTF8ProcGraphemeCount(_ bytes: UnsafeRawBufferPointer) -> Int {
  guard var pointer = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
  var remaining = bytes.count
  var state: Int32 = 0
  var previous: Int32 = -1
  var count = 0
  while remaining > 0 {
    var codePoint: Int32 = 0
    var length = utf8proc_iterate(pointer, remaining, &codePoint)
    if length < 0 {
      codePoint = 0xFFFD
      length = 1
    }
    if previous < 0 || utf8proc_grapheme_break_stateful(previous, codePoint, &state) { count += 1 }
    previous = codePoint
    pointer += length
    remaining -= length
  }
  return count
}
