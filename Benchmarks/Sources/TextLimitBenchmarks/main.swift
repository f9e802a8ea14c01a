import Foundation
import TextCount
import TextLimit

// Per-keystroke latency of TextLimiter against document size, next to what recounting the whole
// text costs (the stateless TextLimit hook, and String.count). Median of many keystrokes.
//   swift run -c release TextLimitBenchmarks [--keystrokes N] [--post]
// --post: X's and Mastodon's post lengths instead of graphemes and bytes, on text with URLs and
// mentions.

var keystrokes = 300
var postRules = false
var sizes = [1 << 10, 16 << 10, 256 << 10, 1 << 20, 4 << 20]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  if argument == "--keystrokes", let value = arguments.popFirst().flatMap(Int.init) {
    keystrokes = value
  }
  if argument == "--post" { postRules = true }
  if argument == "--smoke" {  // CI: a quick run that still checks the limiter beats recounting
    keystrokes = 30
    sizes = [1 << 10, 1 << 20]
  }
}

let paragraph =
  "TextLimit keeps every field under its limit. 中文输入法在组字时不会被截断。👍🏽 Emoji stay whole. Русский текст. "
let postParagraph = " See https://example.com/a/b?c=d by @bob@example.social, example.org too. "
@MainActor func document(bytes: Int) -> String {
  var text = ""
  while text.utf8.count < bytes { text += paragraph + (postRules ? postParagraph : "") }
  return text
}

func microseconds(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  let elapsed = clock.now - start
  return (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// A text field as the adapters see one: its text is the truth, read before every decision.
final class BenchmarkHost: TextInputHost {
  var limitHostText: String
  var limitHostSelectedRange: NSRange
  var limitHostMarkedTextRange: NSRange? { nil }
  init(_ text: String) {
    limitHostText = text
    limitHostSelectedRange = NSRange(location: text.utf16.count / 2, length: 0)
  }
  func limitHostReplace(_ range: NSRange, withText text: String) { apply(range, text) }
  /// The system applying an edit (not timed: it is the field's cost, not the limiter's).
  func apply(_ range: NSRange, _ text: String) {
    let units = limitHostText.utf16
    let lower = units.index(units.startIndex, offsetBy: range.location)
    let upper = units.index(lower, offsetBy: range.length)
    limitHostText.replaceSubrange(lower..<upper, with: text)
    limitHostSelectedRange = NSRange(location: range.location + text.utf16.count, length: 0)
  }
}

func format(_ value: Double) -> String {
  value < 10 ? String(format: "%.2f", value) : String(format: "%.0f", value)
}

print(
  "keystroke latency in µs (median of \(keystrokes)); limit "
    + (postRules
      ? "40,000,000 in X's and in Mastodon's post lengths"
      : "10,000,000 graphemes + 40,000,000 UTF-8 bytes"))
print(
  "document   limiter type   limiter at-limit   limiter didChange   host keystroke   stateless hook   String.count"
)
/// The medians of one document size, in µs: typing, at the limit, didChange, a keystroke through
/// a host, the stateless hook (recounting), String.count.
struct Row {
  var typing, rejected, didChange, throughHost, stateless, recount: Double
  /// How many keystrokes cost as much as one recount, through a host and typing alone.
  var ratios: (host: Double, typing: Double) { (stateless / throughHost, stateless / typing) }
}

@MainActor func measure(size: Int) -> Row {
  let text = document(bytes: size)
  let limit = TextLimit(
    postRules
      ? [
        .init(maxLength: 40_000_000, unit: .post(.x)),
        .init(maxLength: 40_000_000, unit: .post(.mastodon())),
      ]
      : [.init(maxLength: 10_000_000, unit: .graphemes), .init(maxLength: 40_000_000, unit: .utf8)])
  let limiter = TextLimiter(limit: limit, text: text)
  var caret = text.utf16.count / 2
  var typing: [Double] = []
  for _ in 0..<keystrokes {
    typing.append(
      microseconds {
        _ = limiter.shouldChangeText(in: NSRange(location: caret, length: 0), replacementText: "x")
      })
    caret += 1
  }
  // At the limit: every keystroke is rejected.
  let full = TextLimiter(limit: TextLimit(maxLength: text.count), text: text)
  // With a handler set, as the README's examples set one: every refused keystroke is reported.
  var events = 0
  full.onLimitReached = { _ in events += 1 }
  var rejected: [Double] = []
  for _ in 0..<keystrokes {
    rejected.append(
      microseconds {
        _ = full.shouldChangeText(
          in: NSRange(location: text.utf16.count / 2, length: 0), replacementText: "x")
      })
  }
  precondition(events == keystrokes, "every keystroke at the limit is reported")
  // didChange when the host's text is what the limiter expects (the usual case).
  let current = limiter.text
  var didChange: [Double] = []
  for _ in 0..<min(keystrokes, 50) {
    didChange.append(
      microseconds {
        _ = limiter.textDidChange(current, selectedRange: NSRange(location: caret, length: 0))
      })
  }
  // A whole keystroke through a host (the adapters' path): shouldChange, which first checks the
  // limiter's copy against the host's text, then didChange. The host applying the edit is not
  // timed. After each, what the limiter saves: the stateless hook recounting a text of the same
  // size (the prebuilt one, whose UTF-16 index is already built, so that only the recount is
  // timed). Timed in the same iterations, the two meet the same load on a shared machine and the
  // same caches (the host's edit has just gone through its whole text), so the gate below
  // compares like with like.
  let host = BenchmarkHost(text)
  let hosted = TextLimiter(limit: limit, text: text)
  hosted.onLimitReached = { _ in }
  var throughHost: [Double] = []
  var stateless: [Double] = []
  for keystroke in 0..<keystrokes {
    let range = host.limitHostSelectedRange
    var accepted = false
    var time = microseconds {
      accepted = hosted.shouldChange(host, in: range, replacementText: "x")
    }
    if accepted { host.apply(range, "x") }
    time += microseconds { hosted.didChange(host) }
    throughHost.append(time)
    if keystroke < 30 {
      let place = NSRange(location: 10, length: 0)
      stateless.append(
        microseconds { _ = limit.shouldChangeText(text, in: place, replacementText: "x") })
    }
  }
  var recount: [Double] = []
  for _ in 0..<min(keystrokes, 15) {
    recount.append(microseconds { _ = text.count })
  }
  return Row(
    typing: median(typing), rejected: median(rejected), didChange: median(didChange),
    throughHost: median(throughHost), stateless: median(stateless), recount: median(recount))
}

/// The gate: from 1 MiB, a keystroke (alone, and through a host) costs under a tenth of the
/// stateless hook's recount. Times on a shared machine only ever grow, so a size under the gate
/// is measured again, up to twice, keeping its best ratios, before it fails; a failure says by
/// how much it missed.
var proportionalToTheEdit = true
var hostBudget = ""
for size in sizes {
  var row = measure(size: size)
  if size >= 1 << 20 {
    var best = row.ratios
    var attempt = 1
    while min(best.host, best.typing) < 10 && attempt < 3 {
      let again = measure(size: size)
      print(
        "\(size >> 20) MiB measured again (\(attempt)): recount / keystroke "
          + "\(format(again.ratios.host)) through a host, \(format(again.ratios.typing)) typing")
      if again.ratios.host > best.host { best.host = again.ratios.host }
      if again.ratios.typing > best.typing { best.typing = again.ratios.typing }
      if min(again.ratios.host, again.ratios.typing) >= min(row.ratios.host, row.ratios.typing) {
        row = again
      }
      attempt += 1
    }
    if best.host < 10 {
      print(
        "FAIL: a keystroke through a host in \(size) bytes costs 1/\(format(best.host)) of a"
          + " recount (\(format(row.throughHost)) µs against \(format(row.stateless)) µs); the gate"
          + " is under 1/10")
      proportionalToTheEdit = false
    }
    if best.typing < 10 {
      print(
        "FAIL: a keystroke in \(size) bytes costs 1/\(format(best.typing)) of a recount"
          + " (\(format(row.typing)) µs against \(format(row.stateless)) µs); the gate is under 1/10"
      )
      proportionalToTheEdit = false
    }
  }
  if size == 1 << 20 {
    // The budget is absolute; on a shared machine only the ratio to recounting is a safe gate.
    hostBudget =
      "a keystroke through a host in 1 MiB: \(format(row.throughHost)) µs "
      + (row.throughHost < 100 ? "(under the 100 µs budget)" : "(OVER the 100 µs budget)")
  }
  let name = size >= 1 << 20 ? "\(size >> 20) MiB" : "\(size >> 10) KiB"
  print(
    name.padding(toLength: 10, withPad: " ", startingAt: 0) + " "
      + [row.typing, row.rejected, row.didChange, row.throughHost, row.stateless, row.recount]
      .map { format($0) }
      .enumerated().map {
        $1.padding(toLength: [14, 18, 19, 16, 16, 12][$0], withPad: " ", startingAt: 0)
      }
      .joined(separator: " "))
}
print(hostBudget)
if !proportionalToTheEdit { exit(1) }
print(
  "TextLimiter keystrokes in 1 MiB+ texts, alone and through a host, cost under a tenth of a recount"
)
