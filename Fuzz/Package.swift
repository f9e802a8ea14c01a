// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets (Scripts/fuzz builds them with `--sanitize fuzzer` and runs each for a while).
// Each checks an invariant and traps when it fails; a trap is a finding, saved by libFuzzer.
let package = Package(
  name: "TextLimitFuzz",
  dependencies: [.package(name: "swift-textlimit", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzCounting",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/FuzzCounting"),
    .executableTarget(
      name: "FuzzValidation",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/FuzzValidation"),
    .executableTarget(
      name: "FuzzPrefix",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/FuzzPrefix"),
    .executableTarget(
      name: "FuzzNonLossyASCII",
      dependencies: [.product(name: "TextCount", package: "swift-textlimit")],
      path: "Sources/FuzzNonLossyASCII"),
    .executableTarget(
      name: "FuzzTextLimit",
      dependencies: [.product(name: "TextLimit", package: "swift-textlimit")],
      path: "Sources/FuzzTextLimit"),
  ],
  swiftLanguageModes: [.v6]
)
