// swift-tools-version: 6.1
import PackageDescription

// The benchmark harness: its own package, so that `swift test` at the top never builds it.
//   swift run -c release textcount-bench [--size MiB] [--repetitions N] [--json FILE]
let package = Package(
  name: "TextCountBenchmarks",
  dependencies: [.package(name: "swift-textlimit", path: "..")],
  targets: [
    .executableTarget(
      name: "TextCountBenchmarks",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/TextCountBenchmarks",
    ),
  ],
  swiftLanguageModes: [.v6]
)
