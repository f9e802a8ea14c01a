import TextCount

/// `prefix(of:maxCount:)` is the longest run of whole `Character`s whose length fits, in every
/// unit, on both backends; `StreamingPrefixCutter` emits its bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrefix(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 2 else { return 0 }
  let unit = TextUnit.allCases[Int(data[0]) % TextUnit.allCases.count]
  let maxCount = Int(data[1])
  let bytes = UnsafeRawBufferPointer(start: data + 2, count: size - 2)
  let text = String(decoding: bytes, as: UTF8.self)
  func length(_ character: Character) -> Int {
    switch unit {
    case .graphemes: 1
    case .utf16: character.utf16.count
    case .unicodeScalars: character.unicodeScalars.count
    case .utf8: character.utf8.count
    default: TextCounter(unit: unit, backend: .swift).count(String(character))
    }
  }
  var total = 0
  var expectedEnd = text.startIndex
  for index in text.indices {
    total += length(text[index])
    if total > maxCount { break }
    expectedEnd = text.index(after: index)
  }
  for backend in TextCounter.availableBackends {
    let prefix = TextCounter(unit: unit, backend: backend).prefix(of: text[...], maxCount: maxCount)
    precondition(prefix.endIndex == expectedEnd, "\(unit) \(backend): wrong prefix")
    var cutter = StreamingPrefixCutter(unit: unit, maxCount: maxCount, backend: backend)
    var output: [UInt8] = []
    cutter.append(utf8: bytes) { output += $0 }
    cutter.finish { output += $0 }
    precondition(
      String(decoding: output, as: UTF8.self) == String(prefix), "\(unit) \(backend): cutter")
  }
  return 0
}
