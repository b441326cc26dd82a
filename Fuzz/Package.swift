// swift-tools-version:6.0
// libFuzzer targets for piec. A separate package (like swift-protobuf's FuzzTesting) so the
// main package never builds with sanitizers: run `scripts/fuzz.sh`, which builds this with
// `swift build -c release --sanitize=fuzzer`
// (and -sanitize=fuzzer,address for FUZZ_CONFIG=asan).
import PackageDescription

let package = Package(
    name: "PiecFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "piec", path: ".."),
    ],
    targets: [
        // The output invariants (shared with Tests/SafetyTests through a symlink) and the
        // one-input driver both fuzz targets call.
        .target(name: "FuzzSupport", dependencies: [.product(name: "PieCore", package: "piec"),
                                                    .product(name: "PieDriver", package: "piec")]),
        // bytes -> Compiler.compile -> diagnostics or bundle.
        .executableTarget(name: "FuzzCompile", dependencies: ["FuzzSupport"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // bytes split at a 0x00 separator: the second half compiled with the first as previous.
        .executableTarget(name: "FuzzTransition", dependencies: ["FuzzSupport"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // any bytes -> a valid spec and an edited second version (SpecBytes): structure-aware.
        .executableTarget(name: "FuzzSpecPair", dependencies: ["FuzzSupport"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // bytes -> the ```piec blocks of a Markdown document and their rewritten references.
        .executableTarget(name: "FuzzMarkdown", dependencies: ["FuzzSupport"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
