// swift-tools-version: 6.1
import PackageDescription

// libutf8proc backs the fast path on Linux only: an Apple app cannot ship a Homebrew library,
// and no iOS SDK has pkg-config, so Apple builds use the Swift backend whatever the trait says.
// `TEXTCOUNT_UTF8PROC` is the compile-time gate: the trait on, and Linux.
let utf8procPlatforms: [Platform] = [.linux]

// Same settings as CMakeLists.txt: Swift 6 mode, internal imports by default, member import
// visibility, the libutf8proc gate. Keep the two in step.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .define(
    "TEXTCOUNT_UTF8PROC", .when(platforms: utf8procPlatforms, traits: ["SystemUTF8Proc"])),
]

let package = Package(
  name: "swift-textlimit",
  defaultLocalization: "en",
  // Every API used is available at these minimums or behind `if #available` (README, "Apple
  // platforms"); Scripts/check-apple checks the known newer ones.
  platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  products: [
    .library(name: "TextCount", targets: ["TextCount"]),
    .library(name: "TextLimit", targets: ["TextLimit"]),
    .executable(name: "textlimit", targets: ["TextLimitCLI"]),
    // The C API (Sources/TextLimitCAPI/include/textlimit.h) as a shared library, for C, Python
    // (the textlimit package, pyproject.toml) and anything with a C FFI.
    .library(name: "TextLimitCAPI", type: .dynamic, targets: ["TextLimitCAPI"]),
  ],
  traits: [
    .trait(
      name: "SystemUTF8Proc",
      description:
        "Link the system libutf8proc and use it as the fast counting backend (Linux only)."),
    .default(enabledTraits: ["SystemUTF8Proc"]),
  ],
  targets: [
    .systemLibrary(
      name: "CUTF8Proc",
      pkgConfig: "libutf8proc",
      providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]),
    // The fast path's SIMD kernels, written in C (AVX-512 or AVX2 on x86-64, chosen at run time;
    // NEON on 64-bit ARM); in every build: they read the generated tables, not libutf8proc.
    .target(name: "CTextCountKernels"),
    .target(
      name: "TextCount",
      dependencies: [
        .target(
          name: "CUTF8Proc",
          condition: .when(platforms: utf8procPlatforms, traits: ["SystemUTF8Proc"])),
        "CTextCountKernels",
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "TextLimit",
      dependencies: ["TextCount"],
      resources: [.process("Resources")],
      swiftSettings: swiftSettings),
    .target(
      name: "TextLimitCAPI",
      dependencies: ["TextCount"],
      // The self-contained library's export list, for the linker (Scripts/build-c-library).
      exclude: ["textlimit.map"],
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
      dependencies: ["TextLimitCLI", "TestSupport"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
