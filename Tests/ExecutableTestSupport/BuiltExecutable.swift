import Dispatch
import Foundation

/// One of this package's executables, as `swift test` builds it: next to the
/// test binary in the build folder (`swift test` builds every product of the
/// package). The tests of the example executables run them as a person would,
/// as a subprocess, and read what they print.
public struct BuiltExecutable: Sendable {
    /// What a run printed, and how it ended.
    public struct Run: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// The executable was not found where `swift test` builds it.
    public struct NotBuilt: Error, CustomStringConvertible {
        public let description: String
    }

    public let url: URL

    /// The executable `name` of the build folder the running test binary is in.
    public init(_ name: String) throws {
        #if os(Linux)
        let testBinary = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let folder = testBinary.deletingLastPathComponent()
        #else
        guard let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) else {
            throw NotBuilt(description: "no .xctest bundle is loaded, so \(name)'s build folder is unknown")
        }
        let folder = bundle.bundleURL.deletingLastPathComponent()
        #endif
        url = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw NotBuilt(description: "\(name) was not built next to the tests at \(url.path)")
        }
    }

    /// Runs the executable with `arguments`; `input`, when given, is its
    /// standard input, written on another thread and closed after it;
    /// without `input` its standard input is the null device, so it reads end
    /// of input at once. Returns when it has exited. Standard error is read on
    /// another thread from the start, while standard output is read here, so
    /// that no pipe fills and blocks the child, whatever order it writes and
    /// reads in.
    public func run(_ arguments: [String] = [], input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errors = ErrorsReader(stderr.fileHandleForReading)
        let written = DispatchGroup()
        if let input {
            _ = Self.ignoringBrokenPipes
            let handle = stdin.fileHandleForWriting
            let data = Data(input.utf8)
            DispatchQueue.global().async(group: written) {
                // A child that exits before reading all its input fails the
                // write; the child's status, output and errors tell the test
                // more than that error would.
                try? handle.write(contentsOf: data)
                try? handle.close()
            }
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        written.wait()
        return Run(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors.wait(), as: UTF8.self))
    }
}

extension BuiltExecutable {
    /// Ignores SIGPIPE in the test process, once, so that a write to a child
    /// that has stopped reading fails rather than ending the test run: the
    /// signal's default action ends the writer (exit status 141).
    private static let ignoringBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}

/// Reads a pipe to its end on another thread.
private final class ErrorsReader: @unchecked Sendable {
    // Written once on the reading thread before `done` is signalled; read
    // after `wait()` has seen the signal.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
