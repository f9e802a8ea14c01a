import TextCount

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 48's units against the ones they are measured beside, one thread, in turn in the same
/// rounds: the composers' lengths against the server's post lengths (goal: within 1.5× of
/// X's and Mastodon's time), SMS segments and words against grapheme clusters (goal: at least a
/// quarter of their throughput), `maxlength` beside UTF-16. `--new-units`; the corpora and the
/// `posts` corpus of `--post`, each cut to 16 MiB (`TEXTLIMIT_NEW_UNITS_MIB` another size).
enum NewUnits {
  static func run(corpora: [Corpus], repetitions: Int) {
    let units: [TextUnit] = [
      .graphemes, .utf16, .post(.x), .post(.mastodon()), .post(.mastodonComposer()),
      .post(.blueskyComposer), .smsSegments, .words, .htmlMaxLength,
    ]
    let mebibytes = getenv("TEXTLIMIT_NEW_UNITS_MIB").flatMap { Int(String(cString: $0)) } ?? 16
    let size = mebibytes << 20
    print("issue 48's units, 1 thread: MB/s (best of \(repetitions) rounds, in turn)")
    let ratios = [
      "composer/mastodon", "bluesky/mastodon", "bluesky/x", "sms/graphemes", "words/graphemes",
    ]
    print(
      "corpus".padding(10)
        + (units.map(\.description) + ratios).map { $0.leftPadding(12) }
        .joined())
    let all = corpora.filter { !$0.isPathological } + [PostUnits.posts(size: size)]
    for corpus in all {
      let bytes = Array(corpus.bytes.prefix(size))
      let cut = Corpus(name: corpus.name, bytes: bytes)
      let counters = units.map { TextCounter(unit: $0, concurrency: 1) }
      let measured = Measurement.runInTurn(
        counters.map { counter in
          ("\(counter.unit)", { bytes.withUnsafeBytes { counter.count(utf8: $0) } })
        }, on: cut, repetitions: repetitions)
      let mbps = measured.map(\.bestMBps)
      let format = TextCountBenchmarks.format
      // Time ratios for the composers (their time over the server's), throughput ratios for
      // SMS and words (theirs over graphemes').
      let cells =
        mbps.map { format($0, 0) } + [
          format(mbps[3] / mbps[4], 2) + "×", format(mbps[3] / mbps[5], 2) + "×",
          format(mbps[2] / mbps[5], 2) + "×", format(mbps[6] / mbps[0], 2) + "×",
          format(mbps[7] / mbps[0], 2) + "×",
        ]
      print(corpus.name.padding(10) + cells.map { $0.leftPadding(12) }.joined())
    }
  }
}
