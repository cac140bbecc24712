// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SitegenKit", targets: ["SitegenKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(
            name: "SitegenKit",
            dependencies: ["CMarkGFM"]
        ),
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SitegenKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SitegenKitTests",
            dependencies: [
                "SitegenKit", "sitegen",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                // The reference engine: page templates must render the same with both.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Site/__Snapshots__", "Site/README.md"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
