// The libFuzzer target behind `scripts/fuzz-xml`: arbitrary bytes through a
// guarded XMLParser with a closure on every event, then through XMLOutline
// (from data and from a stream). Any crash, hang or sanitizer report is a
// bug in the guard or the proxy. Not part of the package: the script builds
// it against the package's modules.
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let flags = data.first ?? 0

    let parser = XMLParser.guarded(data: data)
    parser.shouldProcessNamespaces = flags & 1 != 0
    parser.shouldReportNamespacePrefixes = flags & 2 != 0
    var events = 0
    let tokens = [
        parser.onStartDocument { _ in events += 1 },
        parser.onEndDocument { _ in events += 1 },
        parser.onStartElement { _, name, namespace, qualified, attributes in
            events += name.count + (namespace?.count ?? 0) + (qualified?.count ?? 0) + attributes.count
        },
        parser.onEndElement { _, name, _, _ in events += name.count },
        parser.onCharacters { _, string in events += string.count },
        parser.onIgnorableWhitespace { _, string in events += string.count },
        parser.onCDATA { _, block in events += block.count },
        parser.onComment { _, comment in events += comment.count },
        parser.onProcessingInstruction { _, target, data in events += target.count + (data?.count ?? 0) },
        parser.onStartMappingPrefix { _, prefix, uri in events += prefix.count + uri.count },
        parser.onEndMappingPrefix { _, prefix in events += prefix.count },
        parser.onDeclaration { _, declaration in events += "\(declaration)".count },
        parser.onResolveExternalEntity { _, _, _ in nil },
        parser.onParseError { parser, _ in events += parser.lineNumber + parser.columnNumber },
        parser.onValidationError { _, _ in events += 1 },
    ]
    _ = parser.parse()
    withExtendedLifetime(tokens) {}

    _ = try? XMLOutline.outline(of: data)
    var lines = 0
    _ = try? XMLOutline.outline(of: InputStream(data: data)) { _ in lines += 1 }
    return events < 0 || lines < 0 ? 1 : 0
}
