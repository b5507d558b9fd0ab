import ExecutableTestSupport
import Foundation
import Testing

/// Runs the built `xml-outline` executable on bad inputs, as a person would,
/// and reads the one line it prints.
@Suite("xml-outline, the executable")
struct XMLOutlineProcessTests {
    private static func run(_ path: String) throws -> (status: Int32, output: String, errors: String) {
        let run = try BuiltExecutable("xml-outline").run([path])
        return (run.status, run.output, run.errors)
    }

    /// Removes the folder that ``file(_:_:)`` made for `path`.
    private static func removeFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard folder.lastPathComponent.hasPrefix("xml-outline-") else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A temporary folder holding a file with `contents`.
    private static func file(_ name: String, _ contents: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xml-outline-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    @Test(
        "each bad input gets one line naming the file and the problem, and status 1",
        arguments: [
            ("missing", "no such file"),
            ("directory", "is a directory"),
            ("empty", "is empty"),
            ("binary", "is not XML"),
            ("text", "is not XML"),
            ("malformed", "malformed XML at line 3, column 5: tag name mismatch (error 76)"),
        ])
    func badInput(kind: String, problem: String) throws {
        let path: String
        switch kind {
        case "missing":
            path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).xml").path
        case "directory": path = FileManager.default.temporaryDirectory.path
        case "empty": path = try Self.file("empty.xml", Data())
        case "binary":
            path = try Self.file("image.xml", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]))
        case "text": path = try Self.file("notes.xml", Data("just some words\n".utf8))
        default: path = try Self.file("bad.xml", Data("<a>\n  <b>\n</a>\n".utf8))
        }
        defer { Self.removeFolder(of: path) }
        let (status, output, errors) = try Self.run(path)
        #expect(status == 1)
        // The outline streams: the lines before a parse error are printed.
        #expect(output == (kind == "malformed" ? "a\n  b\n" : ""))
        #expect(errors.hasPrefix("xml-outline: \(path): \(problem)"), "\(errors)")
        #expect(errors.filter { $0 == "\n" }.count == 1, "\(errors)")
    }

    @Test("a document whose DTD crashes Foundation's parser is outlined")
    func guardedDTD() throws {
        let path = try Self.file("a.xml", Data("<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED>]><a b=\"1\"/>".utf8))
        defer { Self.removeFolder(of: path) }
        let (status, output, errors) = try Self.run(path)
        #expect(status == 0)
        #expect(output == "a b=\"1\"\n")
        #expect(errors.isEmpty)
    }
}
