#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar on standard error, shown only when standard error is a terminal and the input
/// is large (over 256 MiB): never in a pipe or a log.
struct ProgressBar {
  static let threshold = 256 << 20
  static let isTerminal = isatty(STDERR_FILENO) == 1

  let label: String
  private var shown = false
  private var lastDraw = 0.0

  init(label: String) { self.label = label }

  mutating func update(_ done: Int, of total: Int) {
    guard Self.isTerminal, total > Self.threshold else { return }
    let now = Self.seconds()
    guard now - lastDraw >= 0.1 || done == total else { return }
    lastDraw = now
    shown = true
    let fraction = min(1, Double(done) / Double(total))
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    let gib = { (bytes: Int) in String(Double(bytes * 10 / (1 << 30)) / 10) }
    Terminal.write(
      "\r\(label) [\(bar)] \(Int(fraction * 100))% \(gib(done))/\(gib(total)) GiB",
      to: STDERR_FILENO)
  }

  mutating func finish() {
    if shown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
    shown = false
  }

  private static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
