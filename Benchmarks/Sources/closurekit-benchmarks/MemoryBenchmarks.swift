import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

// Peak memory of parsing a document of more than 50 MB from a file, through
// the guarded stream parser (what `XMLOutline` and `xml-outline` use) and
// through Foundation's own `XMLParser(contentsOf:)`, which also reads the file
// as a stream but is not guarded. Each parse runs in a child process of its
// own (this executable, started with `--xml-peak`), so that its peak resident
// memory (VmHWM) is its own and no other row's.

/// The process's peak resident memory in kilobytes (VmHWM), or 0 where
/// /proc is missing.
private func peakKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// The child's work: parses `path` the way `mode` says, counting elements,
/// and prints how far the peak resident memory grew, in kilobytes.
func xmlPeakChild(mode: String, path: String) -> Never {
    let before = peakKilobytes()
    let parser: XMLParser?
    switch mode {
    case "guarded-stream": parser = InputStream(fileAtPath: path).map { XMLParser.guarded(stream: $0) }
    case "foundation-contents-of": parser = XMLParser(contentsOf: URL(fileURLWithPath: path))
    default: parser = nil
    }
    guard let parser else {
        FileHandle.standardError.write("--xml-peak: unknown mode \(mode) or unreadable \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    final class Count: @unchecked Sendable { var elements = 0 }
    let count = Count()
    let token = parser.onStartElement { _, _, _, _, _ in count.elements += 1 }
    let parsed = parser.parse()
    withExtendedLifetime(token) {}
    guard parsed, count.elements > 1_000_000 else {
        FileHandle.standardError.write(
            "--xml-peak: the parse failed after \(count.elements) elements\n".data(using: .utf8)!)
        exit(1)
    }
    print(peakKilobytes() - before)
    exit(0)
}

/// Writes a document of at least `megabytes` MB to `url`, a chunk at a time.
private func writeLargeDocument(to url: URL, megabytes: Int) throws -> Int {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.write(contentsOf: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog>\n".utf8))
    var written = 0
    var index = 0
    while written < megabytes << 20 {
        var chunk = ""
        for _ in 0..<1_000 {
            chunk +=
                "  <item id=\"\(index)\" kind=\"closure\"><title>Item \(index)</title><note>a &amp; b</note></item>\n"
            index += 1
        }
        let data = Data(chunk.utf8)
        try handle.write(contentsOf: data)
        written += data.count
    }
    try handle.write(contentsOf: Data("</catalog>\n".utf8))
    return written
}

/// Runs this executable as `--xml-peak MODE PATH` and returns the peak
/// growth it printed, in MB.
private func peakGrowth(mode: String, path: String) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = ["--xml-peak", mode, path]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return .nan }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let kilobytes = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { return .nan }
    return kilobytes / 1_024
}

let memorySuite = Suite(capability: "memory") {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("closurekit-benchmarks-\(getpid()).xml")
    defer { try? FileManager.default.removeItem(at: url) }
    guard let size = try? writeLargeDocument(to: url, megabytes: 52) else { return [] }
    let name = String(format: "XMLParser, %.0f MB file: peak memory growth", Double(size) / 1_048_576)
    // Interleaved child processes, three of each; the minimum and median growth.
    var guarded: [Double] = []
    var foundation: [Double] = []
    for _ in 0..<3 {
        guarded.append(peakGrowth(mode: "guarded-stream", path: url.path))
        foundation.append(peakGrowth(mode: "foundation-contents-of", path: url.path))
    }
    func measurement(_ values: [Double]) -> Measurement {
        let sorted = values.sorted()
        return Measurement(min: sorted.first ?? .nan, median: sorted[sorted.count / 2])
    }
    return [
        Row(
            capability: "memory", name: name + ", guarded stream (flat: at most 64 MB)", metric: "MB",
            ours: measurement(guarded), peer: "XMLParser(contentsOf:), unguarded",
            peerValue: measurement(foundation), target: .atMost(64 / max(measurement(foundation).min, 1)))
    ]
}
