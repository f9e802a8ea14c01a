// swift-tools-version: 6.1
import PackageDescription

// The benchmark harness: its own package, so that `swift test` at the top never builds it.
//   swift run -c release TextCountBenchmarks [--size MiB] [--repetitions N] [--json FILE]
//   swift run -c release TextLimitBenchmarks [--keystrokes N]
let package = Package(
  name: "TextLimitBenchmarks",
  dependencies: [.package(name: "swift-textlimit", path: "..")],
  targets: [
    .executableTarget(
      name: "TextCountBenchmarks",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/TextCountBenchmarks"),
    .executableTarget(
      name: "TextLimitBenchmarks",
      dependencies: [.product(name: "TextLimit", package: "swift-textlimit")],
      path: "Sources/TextLimitBenchmarks"),
  ],
  swiftLanguageModes: [.v6]
)
