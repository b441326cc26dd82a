// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "piec",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "piec", targets: ["piec"]),
        .executable(name: "piec-preview", targets: ["piec-preview"]),
        .executable(name: "piec-render", targets: ["piec-render"]),
        .library(name: "PieCore", targets: ["PieCore"]),
        // For Fuzz/ (FuzzMarkdown: the Markdown block finder of `piec md`).
        .library(name: "PieDriver", targets: ["PieDriver"]),
        // `swift package piec-build`: for packages that keep chart specs (see README).
        .plugin(name: "PiecBuild", targets: ["PiecBuild"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // PiePreview names their types (Logger, HTTPResponse.Status); Hummingbird requires them too.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        // PiePreview reads a failed listen's errno from NIOCore's IOError (Hummingbird's own dependency).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Test only (SafetyTests): property-based testing on top of Swift Testing.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // libyaml from the system (apt: libyaml-dev, brew: libyaml). Only PieYAML imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // zlib from the system (apt: zlib1g-dev; part of the macOS SDK): PieDriver's native git
        // object reader (`GitStore`) inflates loose and packed objects with it.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // `piec-render` only: librsvg (with cairo) rasterises and prints frames, giflib and
        // libwebp encode animations. apt: librsvg2-dev libgif-dev libwebp-dev; brew: librsvg
        // giflib webp. `piec` links none of them.
        .systemLibrary(
            name: "CRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // Leaf: the one JSON writer (JSONValue, JSONStream), the one number formatter, the byte
        // buffer every output file is written into, and the JSON reading the driver needs.
        .target(name: "PieJSON"),
        // Source files, locations, diagnostics, renderers. Re-exports PieJSON.
        .target(name: "PieDiagnostics", dependencies: ["PieJSON"]),
        // libyaml event loop -> located node tree.
        .target(name: "PieYAML", dependencies: ["CYAML", "PieDiagnostics"]),
        // Spec AST, key tables (also the JSON Schema), lowering and validation.
        .target(name: "PieSpec", dependencies: ["PieYAML", "PieDiagnostics", "PieJSON"]),
        // Layout, transition plan, SVG/CSS/HTML/manifest codegen. Pure: no I/O.
        .target(name: "PieCore", dependencies: ["PieSpec", "PieDiagnostics", "PieJSON"]),
        // Disk, atomic writes, git, scheduling. The only library that does I/O.
        .target(name: "PieDriver", dependencies: ["CZlib", "PieCore", "PieSpec", "PieYAML", "PieDiagnostics", "PieJSON"]),
        // `piec watch --serve`: the live preview server (Hummingbird), kept apart so the driver
        // and its tests build without it.
        .target(name: "PiePreview", dependencies: [
            "PieDriver",
            // XMLEscape: the one escaper of user text in markup.
            "PieCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        // The command line (all subcommands, a table-driven argument parser), shared by both
        // executables. No Foundation: it is in `piec`'s start-up path.
        .target(name: "PiecCLI", dependencies: ["PieDriver", "PieCore", "PieSpec", "PieJSON"]),
        // Pure pixels: RGBA images, the GIF palette quantiser and ordered dithering (no C).
        .target(name: "PieRaster"),
        // Frames (static SVGs) to PNG and PDF (librsvg + cairo), GIF (giflib, PieRaster's
        // palette), animated WebP (libwebp's WebPAnimEncoder) and MP4 (the ffmpeg program).
        .target(name: "PieRender", dependencies: ["CRSVG", "CGIF", "CWebP", "PieRaster", "PieDriver", "PieDiagnostics"]),
        // `piec`: no preview server linked in (start-up time); `watch --serve` execs piec-preview.
        .executableTarget(name: "piec", dependencies: ["PiecCLI"]),
        // `piec-preview`: the same command line with the Hummingbird preview server.
        .executableTarget(
            name: "piec-preview",
            dependencies: ["PiecCLI", "PiePreview", "PieDriver"]
        ),
        // `piec-render`: the same command line with PieRender linked in; `piec render` (to
        // anything but SVG) and `piec md --gif` exec it.
        .executableTarget(name: "piec-render", dependencies: ["PiecCLI", "PieRender", "PieDriver"]),
        // `swift package --allow-writing-to-package-directory piec-build [ARGS]`: `piec build`
        // in the package directory with piec built from this package.
        .plugin(
            name: "PiecBuild",
            capability: .command(
                intent: .custom(verb: "piec-build", description: "Build the package's piec chart specs (default: specs/) into bundles."),
                permissions: [.writeToPackageDirectory(reason: "piec build writes the chart bundles (default: out/).")]
            ),
            dependencies: ["piec"]
        ),
        // The golden-file check shared by the test targets (PIEC_UPDATE_FIXTURES=1 rewrites).
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        .testTarget(name: "PieJSONTests", dependencies: ["PieJSON", "PieDiagnostics"]),
        .testTarget(name: "PieYAMLTests", dependencies: ["PieYAML", "PieDiagnostics"]),
        .testTarget(name: "PieSpecTests", dependencies: ["PieSpec", "PieYAML", "PieDiagnostics", "PieJSON", "GoldenFiles"]),
        .testTarget(name: "PieCoreTests", dependencies: ["PieCore", "PieSpec", "PieDiagnostics", "PieJSON", "GoldenFiles"]),
        .testTarget(name: "PieDriverTests", dependencies: ["PieDriver", "PieCore", "PieSpec", "PieDiagnostics", "PieJSON"]),
        .testTarget(name: "CLITests", dependencies: ["PieDriver", "PieCore"]),
        // The reference pages under docs/reference (golden style) are checked here.
        .testTarget(name: "PiecCLITests", dependencies: ["PiecCLI", "PieDriver", "PieCore", "PieSpec", "GoldenFiles"]),
        .testTarget(name: "WatchTests", dependencies: ["PieDriver", "PieCore"]),
        .testTarget(name: "PreviewTests", dependencies: ["PiePreview", "PieDriver"]),
        .testTarget(name: "RenderTests", dependencies: ["PieRaster", "PieRender", "PieDriver", "PieSpec"]),
        // Adversarial suite: fuzz regressions, property tests, output safety, limits.
        .testTarget(
            name: "SafetyTests",
            dependencies: ["PieCore", "PieSpec", "PieDiagnostics", "PieDriver",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
