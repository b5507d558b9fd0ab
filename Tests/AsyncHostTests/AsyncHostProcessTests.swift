import Foundation
import Testing

/// Runs the built `async-server` executable (an `@main … async` program) as a
/// subprocess and reads what it prints: in that host the main actor runs on a
/// worker thread after the first `await`, which `swift test` itself cannot
/// show for the main thread's case before it.
@Suite("async-server, an @main async executable")
struct AsyncHostProcessTests {
    /// The executable, next to the test binary in the build folder (`swift
    /// test` builds every product of the package).
    private static func executable() throws -> URL {
        #if os(Linux)
        let testBinary = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let folder = testBinary.deletingLastPathComponent()
        #else
        let bundle = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") })
        let folder = bundle.bundleURL.deletingLastPathComponent()
        #endif
        let url = folder.appendingPathComponent("async-server")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "async-server was not built next to the tests at \(url.path)")
        return url
    }

    @Test("main-actor hooks, a proxy veto and a control handler answer before and after an await")
    func answersAfterAwait() throws {
        let process = Process()
        process.executableURL = try Self.executable()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let answers = "search=[\"swift\"] veto=true handler-ran-synchronously=true"
        #expect(lines.contains("before await: \(answers)"), "\(lines)")
        #expect(lines.contains("after await: \(answers)"), "\(lines)")
        #expect(lines.last == "ok", "\(lines)")
        #expect(process.terminationStatus == 0)
        #if os(Linux)
        // The case this executable is for: the main actor off the main thread.
        #expect(lines.contains("after await: reached the main actor off the process's main thread=true"), "\(lines)")
        #endif
    }
}
