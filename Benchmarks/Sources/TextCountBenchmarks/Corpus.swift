#if canImport(Glibc)
  import Glibc
#endif

/// A named buffer of UTF-8 text to count.
struct Corpus {
  var name: String
  var bytes: [UInt8]

  var isPathological: Bool { name.hasPrefix("pathological") }

  /// The corpora `Scripts/make-corpora` wrote to `directory`, real text first.
  static func load(from directory: String, only: Set<String>?) -> [Corpus] {
    let order = ["english", "chinese", "japanese", "russian", "hindi", "arabic", "emoji", "mixed"]
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".txt") { names.append(String(name.dropLast(4))) }
    }
    names.sort { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }
    return names.filter { only?.contains($0) ?? true }.compactMap { name in
      guard let file = fopen(directory + "/" + name + ".txt", "rb") else { return nil }
      defer { fclose(file) }
      fseek(file, 0, SEEK_END)
      let size = ftell(file)
      fseek(file, 0, SEEK_SET)
      var bytes = [UInt8](repeating: 0, count: size)
      _ = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, file) }
      return Corpus(name: name, bytes: bytes)
    }
  }

  /// Without corpora on disk: two synthetic ones, so the harness still runs (and says so).
  static func synthetic(size: Int) -> [Corpus] {
    let sentences = [
      (
        "english",
        ["The quick brown fox jumps over the lazy dog. ", "It was the best of times.\r\n"]
      ),
      ("chinese", ["一个汉字算一个字符，这是用户看到的长度。", "天气很好，我们去公园散步吧！\n"]),
    ]
    return sentences.map { name, pieces in
      var bytes: [UInt8] = []
      var state: UInt64 = 0x1234_5678
      while bytes.count < size {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes += Array(pieces[Int(state >> 33) % pieces.count].utf8)
      }
      return Corpus(name: name, bytes: bytes)
    }
  }

  /// The pathological inputs, generated in process (as Scripts/make-corpora writes them).
  static func pathological(size: Int) -> [Corpus] {
    func fill(_ unit: [UInt8], _ bytes: Int) -> [UInt8] {
      Array((0..<(bytes / unit.count + 1)).lazy.flatMap { _ in unit }.prefix(bytes))
    }
    let ri = Array("\u{1F1EF}".utf8)
    return [
      Corpus(name: "pathological-combining", bytes: [0x61] + fill(Array("\u{301}".utf8), size - 1)),
      Corpus(name: "pathological-ri-even", bytes: fill(ri, size / 4 * 4)),
      Corpus(name: "pathological-ri-odd", bytes: fill(ri, size / 4 * 4 - 4) + [0x78]),
      Corpus(name: "pathological-zwj-chain", bytes: fill(Array("\u{1F469}\u{200D}".utf8), size)),
      Corpus(name: "pathological-virama-chain", bytes: fill(Array("\u{915}\u{94D}".utf8), size)),
      Corpus(name: "pathological-crlf", bytes: fill(Array("\r\n\n\r\r\n\r".utf8), size)),
      Corpus(name: "pathological-high-bytes", bytes: fill(Array(0x80...0xFF), size)),
      Corpus(name: "pathological-truncated-4byte", bytes: fill([0xF0, 0x9F, 0x98], size)),
    ]
  }
}
