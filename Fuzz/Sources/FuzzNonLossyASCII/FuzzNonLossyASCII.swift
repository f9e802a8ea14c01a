import TextCount

/// The non-lossy ASCII decoder on arbitrary input: never a crash; what it decodes re-encodes and
/// decodes to the same scalars; any text round-trips through encode and decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNonLossyASCII(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let decoded = try? NonLossyASCII.decode(input) {
    let again = try? NonLossyASCII.decode(NonLossyASCII.encode(decoded))
    precondition(
      again.map { Array($0.unicodeScalars) } == Array(decoded.unicodeScalars),
      "re-encoding changed it")
  }
  let encoded = NonLossyASCII.encode(input)
  precondition(encoded.utf8.allSatisfy { $0 < 0x80 }, "encoded text is not ASCII")
  let decoded = try? NonLossyASCII.decode(encoded)
  precondition(
    decoded.map { Array($0.unicodeScalars) } == Array(input.unicodeScalars), "round trip failed")
  return 0
}
