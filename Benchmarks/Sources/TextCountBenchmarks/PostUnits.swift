import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Post lengths against the units they are built on, one thread, in turn in the same rounds:
/// X's (`.post(.x)`) beside `.weighted(.twitterV3)`, Mastodon's (`.post(.mastodon())`) beside
/// `.graphemes`. On text without a URL or mention a post length pays one scan for the bytes
/// that could start one (goal: at most 1.1× the plain unit's time); the `posts` corpus (short
/// posts, each with URLs and a mention) shows what finding them costs.
enum PostUnits {
  /// Short posts dense in URLs and mentions, over `size` bytes.
  static func posts(size: Int) -> Corpus {
    let samples = [
      "Check https://example.com/a/very/long/path?ref=feed ok 👍 ",
      "new post by @alice@example.social: see example.org/blog/2026 ",
      "日本語のテキスト https://ja.wikipedia.org/wiki/日本 と t.co/abc123 ",
      "RT @bob: gemini://gemini.example.space/docs is up (finally) ",
      "plain words between links, a sentence or two long, as posts have. ",
    ]
    var bytes: [UInt8] = []
    var index = 0
    while bytes.count < size {
      bytes += samples[index % samples.count].utf8
      index += 1
    }
    return Corpus(name: "posts", bytes: bytes)
  }

  static func run(corpora: [Corpus], repetitions: Int) {
    let pairs: [(plain: TextUnit, post: TextUnit)] = [
      (.weighted(.twitterV3), .post(.x)), (.graphemes, .post(.mastodon())),
    ]
    print(
      "post lengths, 1 thread: MB/s (best of \(repetitions) rounds, in turn), post / plain time")
    print(
      "corpus".padding(14)
        + ["twitter", "x", "x/twitter", "graphemes", "mastodon", "mastodon/graphemes"].map {
          $0.leftPadding(20)
        }.joined())
    let size = corpora.first.map { min($0.bytes.count, 16 << 20) } ?? 16 << 20
    let all = corpora.filter { !$0.isPathological } + [posts(size: size)]
    let only = getenv("TEXTLIMIT_POST_ONLY").map { String(cString: $0) }
    for corpus in all where only == nil || corpus.name == only {
      let bytes = corpus.bytes
      var cells: [String] = []
      for (plain, post) in pairs {
        let plainCounter = TextCounter(unit: plain, concurrency: 1)
        let postCounter = TextCounter(unit: post, concurrency: 1)
        let measured = Measurement.runInTurn(
          [
            ("\(plain)", { bytes.withUnsafeBytes { plainCounter.count(utf8: $0) } }),
            ("\(post)", { bytes.withUnsafeBytes { postCounter.count(utf8: $0) } }),
          ], on: corpus, repetitions: repetitions)
        let format = TextCountBenchmarks.format
        cells += [
          format(measured[0].bestMBps, 0), format(measured[1].bestMBps, 0),
          format(measured[1].best / measured[0].best, 2) + "×",
        ]
      }
      print(corpus.name.padding(14) + cells.map { $0.leftPadding(20) }.joined())
    }
  }
}
