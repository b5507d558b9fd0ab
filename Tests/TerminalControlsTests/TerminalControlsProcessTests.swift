import Foundation
import Testing

/// Runs the built `terminal-controls` executable with its standard input
/// piped from a script, as `printf … | swift run terminal-controls` does, and
/// reads what it prints.
@Suite("terminal-controls, the executable")
struct TerminalControlsProcessTests {
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
        let url = folder.appendingPathComponent("terminal-controls")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "terminal-controls was not built next to the tests at \(url.path)")
        return url
    }

    private static func run(_ arguments: [String] = [], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("piped keys drive the panel, which prints ANSI frames and a farewell")
    func pipedScript() throws {
        // Play, then Mute, then the slider up three steps (which un-mutes).
        let (status, output) = try Self.run(input: " j jjlll")
        #expect(status == 0)
        #expect(output.hasPrefix("\u{1B}[?25l\u{1B}[H\u{1B}[2J"))
        #expect(output.contains("\u{1B}[7m"))
        #expect(output.contains("Volume [###-------] 3"))
        #expect(output.contains("Status: \u{1B}[32mplaying"))
        #expect(output.hasSuffix("Bye. Final volume 3, playing.\n"))
    }

    @Test("scripted input may be split into lines, and the end of input ends the session")
    func linesAndEndOfInput() throws {
        let (status, output) = try Self.run(input: "jjj\nl\nl\n")
        #expect(status == 0)
        #expect(output.hasSuffix("Bye. Final volume 7, stopped.\n"))
    }
}
