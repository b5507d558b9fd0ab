// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "ClosureKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ClosureKit", targets: ["ClosureKit"]),
        .library(name: "ClosureKitFoundation", targets: ["ClosureKitFoundation"]),
    ],
    targets: [
        // The core. Imports no Foundation (Dispatch and Synchronization are fine);
        // `.ci/run` fails if it does.
        .target(
            name: "ClosureKit",
            dependencies: ["ClosureKitShims"],
            exclude: [
                "DelegateProxy/README-for-proxy-authors.md", "Internal/Unsafe/README.md", "Isolation/README.md",
            ]
        ),
        // The C library calls Swift cannot make (variadic `syscall` and
        // `prctl`), as static inline functions; only Internal/Platform.swift
        // imports it.
        .target(name: "ClosureKitShims"),
        // Ready-made proxies for Foundation's delegate protocols.
        .target(
            name: "ClosureKitFoundation", dependencies: ["ClosureKit"], exclude: ["Internal/Unsafe/README.md"]
        ),

        .executableTarget(
            name: "closurekit-demo",
            dependencies: ["ClosureKit", "ClosureKitFoundation", "AnalyticsAspect"],
            path: "Examples/closurekit-demo"
        ),
        // An aspect that counts calls by name. Its reusable part is a target of
        // its own (not a product), so that the demo can call it too.
        .executableTarget(
            name: "analytics-aspect",
            dependencies: ["AnalyticsAspect"],
            path: "Examples/analytics-aspect",
            exclude: ["AnalyticsAspect"]
        ),
        .target(
            name: "AnalyticsAspect",
            dependencies: ["ClosureKit"],
            path: "Examples/analytics-aspect/AnalyticsAspect"
        ),
        .testTarget(name: "AnalyticsAspectTests", dependencies: ["AnalyticsAspect"]),
        .executableTarget(
            name: "xml-outline",
            dependencies: ["ClosureKitFoundation"],
            path: "Examples/xml-outline"
        ),

        .testTarget(name: "ClosureKitTests", dependencies: ["ClosureKit"]),
        // Runs an example executable as a subprocess, for the tests that
        // drive one as a person would.
        .target(name: "ExecutableTestSupport", path: "Tests/ExecutableTestSupport"),
        .testTarget(
            name: "ClosureKitFoundationTests",
            dependencies: ["ClosureKitFoundation", "ExecutableTestSupport"],
            resources: [.copy("Fixtures")]
        ),

        // An `@main async` executable, the Linux server shape: a main-actor
        // model's hooks, proxy veto and handler answer after an `await`, when
        // the main actor runs on a worker thread. Its test runs it.
        .executableTarget(
            name: "async-server",
            dependencies: ["ClosureKit"],
            path: "Examples/async-server"
        ),
        .testTarget(name: "AsyncHostTests", dependencies: ["async-server", "ExecutableTestSupport"]),

        // A terminal UI built on control events; its test drives it with a script.
        .executableTarget(
            name: "terminal-controls",
            dependencies: ["ClosureKit"],
            path: "Examples/terminal-controls"
        ),
        .testTarget(
            name: "TerminalControlsTests",
            dependencies: ["terminal-controls", "ExecutableTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
