import TextCount

/// Byte counting in every unit, post lengths included: both backends equal `String(decoding:)`
/// (the Swift backend for the per-cluster units and post lengths), and streaming the same bytes
/// in fuzzer-chosen pieces equals counting them at once; a post length's cut fits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCounting(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 1 else { return 0 }
  // The first byte picks the piece sizes; the rest is the text.
  let seed = Int(data[0])
  let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
  let string = String(decoding: bytes, as: UTF8.self)
  let postUnits: [TextUnit] = [.post(.x), .post(.mastodon(contentWarning: "cw"))]
  for unit in TextUnit.allCases + postUnits {
    // The four views against String; the per-cluster units against the Swift backend.
    let expected: Int
    switch unit {
    case .graphemes: expected = string.count
    case .utf16: expected = string.utf16.count
    case .unicodeScalars: expected = string.unicodeScalars.count
    case .utf8: expected = string.utf8.count
    default: expected = TextCounter(unit: unit, backend: .swift).count(string)
    }
    for backend in TextCounter.availableBackends {
      let counted = TextCounter(unit: unit, backend: backend).count(utf8: bytes)
      precondition(counted == expected, "\(unit) \(backend): \(counted) != \(expected)")
      var stream = StreamingTextCounter(unit: unit, backend: backend)
      var start = 0
      var step = 0
      while start < bytes.count {
        let length = min(bytes.count - start, 1 + (seed &* (step &+ 7)) % 13)
        stream.append(utf8: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
        start += length
        step += 1
      }
      let streamed = stream.finish()
      precondition(streamed == expected, "streamed \(unit) \(backend): \(streamed) != \(expected)")
    }
    if unit.description == "x" || unit.description == "mastodon" {
      let counter = TextCounter(unit: unit)
      let cut = counter.prefixByteCount(utf8: bytes, maxCount: seed)
      let prefix = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self)
      precondition(cut == 0 || counter.count(prefix) <= seed, "\(unit): the cut does not fit")
    }
  }
  return 0
}
