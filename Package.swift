// swift-tools-version: 6.1
import PackageDescription

// Same settings as CMakeLists.txt: Swift 6 mode, internal imports by default, member import
// visibility. Keep the two in step.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "swift-textlimit",
  products: [
    .library(name: "TextCount", targets: ["TextCount"]),
    .library(name: "TextLimit", targets: ["TextLimit"]),
    .executable(name: "textlimit", targets: ["TextLimitCLI"]),
  ],
  traits: [
    .trait(
      name: "SystemUTF8Proc",
      description: "Link the system libutf8proc and use it as the fast counting backend."),
    .default(enabledTraits: ["SystemUTF8Proc"]),
  ],
  targets: [
    .systemLibrary(
      name: "CUTF8Proc",
      pkgConfig: "libutf8proc",
      providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]),
    // The fast path's SIMD kernels, written in C (AVX2, chosen at run time).
    .target(name: "CTextCountKernels"),
    .target(
      name: "TextCount",
      dependencies: [
        .target(name: "CUTF8Proc", condition: .when(traits: ["SystemUTF8Proc"])),
        .target(name: "CTextCountKernels", condition: .when(traits: ["SystemUTF8Proc"])),
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "TextLimit",
      dependencies: ["TextCount"],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "TextLimitCLI",
      dependencies: ["TextCount"],
      swiftSettings: swiftSettings),
    // Helpers both test targets share: a seeded generator, the generator-script check.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    .testTarget(
      name: "TextCountTests",
      dependencies: ["TextCount", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TextLimitTests",
      dependencies: ["TextLimit", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TextLimitCLITests",
      dependencies: ["TextLimitCLI"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
