// swift-tools-version:6.0
import PackageDescription

// The test targets are compiled without optimisation in a release build too: CI builds the
// tests once, in release (scripts/release), and optimising test code only costs build time.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SitegenExport", targets: ["SitegenExport"]),
        .library(name: "SitegenKit", targets: ["SitegenKit"]),
        .library(name: "SitegenSample", targets: ["SitegenSample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The reference the template engine is compared with, byte for byte (tests only).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // zlib: gzip-compressed exports (`export.json.gz`) are read and written.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libvips: the photo pipeline (Sources/SitegenKit/Photos) decodes, rotates, strips
        // and encodes photos with it. Loaded with dlopen when a build has a photo to encode,
        // not linked (Sources/CVips/vips_api.h says why); declarations-check.c is compiled
        // by the tests against libvips' headers (libvips-dev), not built into sitegen.
        .target(name: "CVips", exclude: ["declarations-check.c"]),
        // CRC-32C with the processor's instruction, for the managed Firestore export's reader.
        .target(name: "CCRC32C"),
        // UTS #39's confusable skeleton from the ICU inside Swift's Foundation, for the
        // audit's look-alike usernames (`username_confusable`).
        .target(name: "CSkeleton", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The Mustache engine: templates and typed values in, bytes out; knows nothing of the site.
        .target(name: "MustacheEngine"),
        // The library is split by capability; each arrow points at what a target may use:
        //
        //     SitegenExport  <-  SitegenKit  <-  SitegenSample
        //           ^                ^                ^
        //           +-------- sitegen (the CLI) ------+
        //
        // SitegenExport is the export's side: reading exports (JSON, gzip, Cloud Firestore),
        // the model and [schema] mapping, the audit, the repair and its writers, and the small
        // utilities every side uses (Shared/: errors, interruption, hashing). It depends on no
        // other sitegen target, so `audit` and `inspect` need neither the renderer nor the
        // photo pipeline.
        .target(
            name: "SitegenExport",
            dependencies: ["CZlib", "CCRC32C", "CSkeleton"]
        ),
        // SitegenKit is the site's side, under the library's old name because it is what a
        // user of the library builds a site with: the build pipeline (Site*.swift), the site's
        // config file (sitegen.toml), rendering and themes, photos and the site's output
        // (the manifest, the previous site, the switch, merge). sitegen.toml is read here, as
        // one file, because most of what it checks is the site's (tile, language, sizes);
        // the export's side takes its [schema] as a value (`Schema.Mapping`).
        .target(
            name: "SitegenKit",
            dependencies: ["SitegenExport", "CMarkGFM", "CVips", "MustacheEngine", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // SitegenSample paints sample exports and their photos (`sitegen sample`, `sitegen
        // init --sample`); it needs the site's side for the Storage folder's layout and the
        // config's defaults, and nothing of the site needs it.
        // Optimised in debug builds too: unoptimised, its painter and JPEG encoder took minutes
        // of the test run for `init --sample`'s 178 photos (docs/performance.md, "The sample").
        .target(
            name: "SitegenSample",
            dependencies: ["SitegenExport", "SitegenKit", "CZlib"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The preview server of `sitegen serve` (kept out of SitegenKit: only the CLI needs Hummingbird).
        .target(
            name: "SitegenServer",
            dependencies: [
                "SitegenExport", "SitegenKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Released self-contained: the Swift runtime and Foundation linked in by a release
        // build's link flags here, not by `--static-swift-stdlib`, so that CI's one release
        // build also builds the tests, which link the shared runtime (scripts/release,
        // docs/ci.md). The modules are compiled against the shared runtime's, whose
        // Foundation names none of its own archives: they are named here.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SitegenExport", "SitegenKit", "SitegenSample", "SitegenServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                        "-l_FoundationCollections", "-lFoundationEssentials", "-lFoundationInternationalization",
                        "-lswiftSynchronization",
                    ],
                    .when(platforms: [.linux], configuration: .release)
                )
            ]
        ),
        // The fuzz target over the loader, audit, repair, renderer and Markdown (scripts/fuzz);
        // built without libFuzzer it replays files (the fuzz regression tests).
        .executableTarget(
            name: "sitegen-fuzz",
            dependencies: ["SitegenExport", "SitegenKit"],
            path: "Sources/SitegenFuzz"
        ),
        // The profile page the engine is measured on (sitegen-bench) and checked on (the tests).
        .target(name: "EngineBenchPage", dependencies: ["MustacheEngine"]),
        // The template engine's speed on one page (scripts/bench-engine); not a test.
        .executableTarget(
            name: "sitegen-bench",
            dependencies: ["MustacheEngine", "EngineBenchPage"],
            path: "Sources/SitegenBench"
        ),
        // One test target per library target; the fixtures and the helpers every suite uses
        // (temporary folders, running the built `sitegen`) are in SitegenTestSupport. The
        // tests run the `sitegen` that `swift test` builds beside them and import none of its
        // code: depending on the executable would give the tests' bundle its link flags.
        .target(
            name: "SitegenTestSupport",
            path: "Tests/SitegenTestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SitegenExportTests",
            dependencies: ["SitegenExport", "SitegenTestSupport"],
            swiftSettings: testSettings
        ),
        // The export side's suites that run the CLI, read [schema] from sitegen.toml or
        // paint their input with the sample (Tests/SitegenKitTests/Export) are here too.
        .testTarget(
            name: "SitegenKitTests",
            dependencies: [
                "SitegenKit", "SitegenExport", "SitegenSample", "SitegenTestSupport", "SitegenServer",
                "MustacheEngine", "EngineBenchPage",
                // Tests read published photos back through libvips.
                "CVips",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                // The reference engine: page templates must render the same with both.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Site/__Snapshots__", "Site/README.md"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "SitegenSampleTests",
            dependencies: ["SitegenSample", "SitegenKit", "SitegenExport", "SitegenTestSupport"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "SitegenServerTests",
            dependencies: ["SitegenServer", "SitegenTestSupport"],
            swiftSettings: testSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
