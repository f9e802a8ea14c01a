/// A named buffer of UTF-8 text to count.
struct Corpus {
  var name: String
  var bytes: [UInt8]

  /// Sentences in several scripts; corpora repeat them in a seeded random order, so that the
  /// text is not one period short enough for a branch predictor to learn.
  static let sentences: [String: [String]] = [
    "english": [
      "The quick brown fox jumps over the lazy dog. ",
      "Swift is a general-purpose programming language built using a modern approach.\n",
      "Counting characters correctly is harder than it looks; ask anyone who shipped a text field. ",
      "It was the best of times, it was the worst of times, it was the age of wisdom.\r\n",
    ],
    "chinese": [
      "一个汉字算一个字符，这是用户看到的长度。", "天气很好，我们去公园散步吧！\n",
      "中华人民共和国成立于一九四九年。", "请输入您的昵称（最多二十个字）：",
    ],
  ]

  /// `sentences[language]` repeated in seeded random order up to `size` bytes.
  static func synthetic(_ language: String, size: Int) -> Corpus {
    let pieces = sentences[language]!.map { Array($0.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size + 256)
    var state: UInt64 = 0x1234_5678
    while bytes.count < size {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes += pieces[Int(state >> 33) % pieces.count]
    }
    return Corpus(name: language, bytes: bytes)
  }
}
