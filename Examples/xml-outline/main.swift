// xml-outline: prints the element outline of an XML file, using only closures
// (no hand-written XMLParserDelegate).
//
//     swift run xml-outline path/to/file.xml
//     swift run xml-outline                 # outlines a bundled sample
//
// The outline itself is `XMLOutline.outline(of:)` in ClosureKitFoundation,
// built on `parser.onStartElement`, `onCharacters`, `onEndElement` and
// `onParseError`; the demo (`swift run closurekit-demo`) calls the same code.
import ClosureKitFoundation
import Foundation

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") || arguments.count > 1 {
    print("usage: xml-outline [FILE.xml]")
    print("Prints the element outline of FILE.xml, or of a bundled sample when no file is given.")
    exit(arguments.count > 1 ? 2 : 0)
}

let data: Data
if let path = arguments.first {
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("xml-outline: cannot read \(path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
} else {
    print("(no file given: outlining the bundled sample)")
    data = Data(sampleXML.utf8)
}

do {
    print(try XMLOutline.outline(of: data), terminator: "")
} catch {
    FileHandle.standardError.write(Data("xml-outline: \(error)\n".utf8))
    exit(1)
}
