// swift-tools-version: 6.1
import PackageDescription

// The benchmark harness: its own package, so that `swift test` at the top never builds it.
//   Scripts/make-corpora                      # once: ~64 MiB per corpus from Debian packages
//   swift run -c release TextCountBenchmarks [--repetitions N] [--json FILE] [--only a,b]
//   swift run -c release TextCountBenchmarks --sweep        # ns per call from 8 B to 1 MiB
//   swift run -c release TextCountBenchmarks --units        # every unit, beside graphemes
//   swift run -c release TextCountBenchmarks --post         # post lengths beside their units
//   swift run -c release TextCountBenchmarks --load         # 2 x cores threads at once
//   swift run -c release TextCountBenchmarks --file-units   # one read for several units
//   swift build -c release && Scripts/call-cost             # instructions per call (callgrind)
//   swift run -c release TextLimitBenchmarks [--keystrokes N]
let package = Package(
  name: "TextLimitBenchmarks",
  dependencies: [.package(name: "swift-textlimit", path: "..")],
  targets: [
    // A naive utf8proc loop to compare with (utf8proc_iterate + utf8proc_grapheme_break_stateful).
    .systemLibrary(
      name: "CUTF8ProcBenchmark", path: "Sources/CUTF8ProcBenchmark", pkgConfig: "libutf8proc",
      providers: [.apt(["libutf8proc-dev"])]),
    .executableTarget(
      name: "TextCountBenchmarks",
      dependencies: [
        .product(name: "TextCount", package: "swift-textlimit"), "ShortTextMethods",
        "CUTF8ProcBenchmark",
      ],
      path: "Sources/TextCountBenchmarks"),
    // The short-string methods the size sweep and the call-cost probe both measure.
    .target(
      name: "ShortTextMethods",
      dependencies: [
        .product(name: "TextCount", package: "swift-textlimit"),
        .product(name: "TextLimit", package: "swift-textlimit"),
      ],
      path: "Sources/ShortTextMethods"),
    // Callgrind's client requests (no-ops outside valgrind) for the call-cost probe.
    .target(name: "CCallgrind", path: "Sources/CCallgrind"),
    // The C API's textlimit_count per unit too (TextLimitCAPI's exported functions, the ones
    // libtextlimit.so's C symbols call).
    .executableTarget(
      name: "CallCost",
      dependencies: [
        "CCallgrind", "ShortTextMethods",
        .product(name: "TextLimitCAPI", package: "swift-textlimit"),
      ],
      path: "Sources/CallCost"),
    .executableTarget(
      name: "TextLimitBenchmarks",
      dependencies: [.product(name: "TextLimit", package: "swift-textlimit")],
      path: "Sources/TextLimitBenchmarks"),
  ],
  swiftLanguageModes: [.v6]
)
