// swift-tools-version: 6.1
import PackageDescription

/// A libFuzzer target in `Sources/<name>` that uses one of the package's libraries.
func fuzzTarget(_ name: String, uses library: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: library, package: "swift-textlimit")],
    path: "Sources/\(name)")
}

// libFuzzer targets (Scripts/fuzz builds them with `--sanitize fuzzer` and runs each for a while).
// Each checks an invariant and traps when it fails; a trap is a finding, saved by libFuzzer.
let package = Package(
  name: "TextLimitFuzz",
  dependencies: [.package(name: "swift-textlimit", path: "..")],
  targets: [
    fuzzTarget("FuzzCounting", uses: "TextCount"),
    fuzzTarget("FuzzValidation", uses: "TextCount"),
    fuzzTarget("FuzzPrefix", uses: "TextCount"),
    fuzzTarget("FuzzNonLossyASCII", uses: "TextCount"),
    fuzzTarget("FuzzTextLimit", uses: "TextLimit"),
  ],
  swiftLanguageModes: [.v6]
)
