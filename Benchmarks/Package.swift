// swift-tools-version:6.0
import PackageDescription

// The benchmark suite is a package of its own, so that comparison peers
// (OpenCombine and the like) never become dependencies of the library.
//
//     swift run -c release --package-path Benchmarks closurekit-benchmarks [filter] [--tsv FILE]
let package = Package(
    name: "ClosureKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ClosureKit", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "closurekit-benchmarks",
            dependencies: [
                .product(name: "ClosureKit", package: "ClosureKit"),
                .product(name: "ClosureKitFoundation", package: "ClosureKit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked", "-wmo"])]
        ),
    ],
    swiftLanguageModes: [.v5]
)
