// xml-outline: prints the element outline of an XML file, using only closures
// (no hand-written XMLParserDelegate).
//
//     swift run xml-outline path/to/file.xml
//     swift run xml-outline - < file.xml     # reads standard input
//     swift run xml-outline                 # outlines a bundled sample
//
// The outline itself is `XMLOutline.outline(ofContentsOf:line:)` in
// ClosureKitFoundation, built on `parser.onStartElement`, `onCharacters`,
// `onEndElement` and `onParseError` over a guarded parser
// (`XMLParser.guarded(stream:)`): the file is read as a stream and each
// line is printed as soon as it is known, so memory stays flat however big
// the file is. The demo (`swift run closurekit-demo`) calls the same code.
//
// Every failure prints one line, `xml-outline: FILE: problem`, and exits 1.
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") || arguments.count > 1 {
    print("usage: xml-outline [FILE.xml | -]")
    print("Prints the element outline of FILE.xml (- for standard input), or of a bundled sample.")
    exit(arguments.count > 1 ? 2 : 0)
}

func fail(_ name: String, _ problem: String) -> Never {
    FileHandle.standardError.write(Data("xml-outline: \(name): \(problem)\n".utf8))
    exit(1)
}

/// The problem with the file at `path` that makes outlining it pointless,
/// if any: missing, a directory, unreadable, empty, or not XML at all.
func problem(withFileAt path: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
    if isDirectory.boolValue { return "is a directory" }
    guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read (permission denied?)" }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)) ?? Data()
    if head.isEmpty { return "is empty" }
    return looksLikeXML(head) ? nil : "is not XML (it does not start with '<')"
}

/// Whether `head`, the first bytes of a file, can begin an XML document:
/// after an optional byte-order mark and whitespace comes `<`, and (unless
/// it is UTF-16 or UTF-32, which the BOM or the zero bytes around `<` say)
/// there is no NUL byte.
func looksLikeXML(_ head: Data) -> Bool {
    let bytes = [UInt8](head)
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
    if bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0, 0, 0, 0x3C]) {
        return true
    }
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    if rest.contains(0) { return false }
    return rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
}

let path = arguments.first
var wroteLine = false
let printLine = { (line: String) in
    wroteLine = true
    print(line)
}
do {
    switch path {
    case nil:
        print("(no file given: outlining the bundled sample)")
        print(try XMLOutline.outline(of: Data(sampleXML.utf8)), terminator: "")
    case "-":
        try XMLOutline.outline(of: InputStream(fileAtPath: "/dev/stdin") ?? InputStream(data: Data()), line: printLine)
        if !wroteLine { fail("standard input", "is empty or has no element") }
    case let path?:
        if let problem = problem(withFileAt: path) { fail(path, problem) }
        try XMLOutline.outline(ofContentsOf: URL(fileURLWithPath: path), line: printLine)
        if !wroteLine { fail(path, "is not XML (it has no element)") }
    }
} catch let error as XMLOutlineError {
    fail(path == "-" ? "standard input" : path ?? "sample", error.code == -1 ? error.message : error.description)
} catch {
    fail(path ?? "sample", "\(error)")
}
