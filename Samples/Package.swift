// swift-tools-version:6.0
import PackageDescription

// The documentation's code samples, compiled. Each file under Snippets/ is a
// SwiftPM snippet (an executable of its own) that holds samples of the README,
// the DocC articles or the doc comments verbatim; `scripts/check-samples`
// checks that every sample is held by one. They live in a package of their own
// so that the root package's `swift build` and `swift test` do not build them;
// CI builds this package with warnings as errors:
//
//     swift build --package-path Samples -Xswiftc -warnings-as-errors
let package = Package(
    name: "ClosureKitSamples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // Snippets can import the library products of their own package only:
        // this one depends on ClosureKit's two products, which makes both
        // modules importable, as a reader's `import ClosureKit` expects.
        .library(name: "SampleSupport", targets: ["SampleSupport"])
    ],
    dependencies: [
        .package(name: "ClosureKit", path: "..")
    ],
    targets: [
        .target(
            name: "SampleSupport",
            dependencies: [
                .product(name: "ClosureKit", package: "ClosureKit"),
                .product(name: "ClosureKitFoundation", package: "ClosureKit"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
