import TextCount

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `textlimit`: count, check and truncate text in files and streams.
@main
enum TextLimitTool {
  static let help = """
    USAGE: textlimit <subcommand> [<options>] [<file>...]

    Counts, checks and truncates text as Swift's String counts it (grapheme clusters by default:
    what users see), in files of any size or on standard input.

    SUBCOMMANDS:
      count                   Print the length of each file (or line) in one or more units.
      check                   Exit 1 if a file (or line) is over a limit, listing what is.
      truncate                Write each file (or line) cut to the longest prefix that fits.
      publish                 Write each file (or line) as Bluesky's app publishes it.

    OPTIONS:
      -h, --help              Show this help (or a subcommand's, after its name).
      --version               Print the version.

    See 'textlimit <subcommand> --help' for a subcommand's options.

    """

  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs a command line and returns the exit status (0 success, 1 over a limit, 2 error).
  static func run(_ arguments: [String]) -> Int32 {
    guard let subcommand = arguments.first else {
      Terminal.write(help, to: STDERR_FILENO)
      return 2
    }
    do throws(UsageError) {
      switch subcommand {
      case "count": return try CountCommand.run(Array(arguments.dropFirst()))
      case "check": return try CheckCommand.run(Array(arguments.dropFirst()))
      case "truncate": return try TruncateCommand.run(Array(arguments.dropFirst()))
      case "publish": return try PublishCommand.run(Array(arguments.dropFirst()))
      case "-h", "--help", "help":
        Terminal.write(help)
        return 0
      case "--version":
        Terminal.write(
          "textlimit \(TextCounter.packageVersion) (\(TextCounter.backendDescription))\n"
            + "grapheme classes: \(TextCounter.graphemeClassesDescription)\n"
            + "SIMD kernels: \(TextCounter.vectorKernelsDescription)\n")
        return 0
      default:
        let known = ["count", "check", "truncate", "publish"]
        let closest = known.min { editDistance(subcommand, $0) < editDistance(subcommand, $1) }!
        throw UsageError("unknown subcommand '\(subcommand)' (did you mean '\(closest)'?)")
      }
    } catch {
      Terminal.error(error.description)
      return 2
    }
  }
}
