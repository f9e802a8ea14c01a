import TextCount

/// `validatedCount` throws exactly when `String(validating:)` fails, at the end of the longest
/// valid prefix.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidation(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let valid = String(validating: bytes, as: UTF8.self)
  for backend in TextCounter.availableBackends {
    do {
      let count = try TextCounter(unit: .graphemes, backend: backend).validatedCount(utf8: bytes)
      precondition(
        valid?.count == count, "\(backend): counted \(count) of invalid or different text")
    } catch {
      precondition(valid == nil, "\(backend): threw on valid UTF-8")
      var longest = 0
      for end in stride(from: size, through: 0, by: -1)
      where String(validating: UnsafeRawBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        != nil
      {
        longest = end
        break
      }
      precondition(
        error.byteOffset == longest, "\(backend): offset \(error.byteOffset) != \(longest)")
    }
  }
  return 0
}
