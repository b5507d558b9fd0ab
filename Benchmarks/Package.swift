// swift-tools-version:6.0
import PackageDescription

// The benchmark suite is a package of its own, so that comparison peers
// (SwiftNIO, OpenCombine and the like) never become dependencies of the library.
//
//     swift run -c release --package-path Benchmarks closurekit-benchmarks [filter] [--tsv FILE]
//
// Fairness: the library and every peer are built with the same settings, plain
// `-c release` (`-O`, whole-module), Swift 6 language mode, and the library's
// platform floor. No flag applies to one side only.
let package = Package(
    name: "ClosureKitBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "ClosureKit", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        .executableTarget(
            name: "closurekit-benchmarks",
            dependencies: [
                .product(name: "ClosureKit", package: "ClosureKit"),
                .product(name: "ClosureKitFoundation", package: "ClosureKit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
