// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// The same as FoundationXMLParserSentAway.swift with the closure written as a method reference:
// the region form's `isolation` parameter makes Swift merge it into the
// owner's region as it merges a literal.
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

@MainActor
final class Model {
    var names: [String] = []
    func start(_ parser: XMLParser, _ name: String, _ uri: String?, _ qName: String?, _ attributes: [String: String]) {
        names.append(name)
    }
}

@MainActor
func load(_ data: Data, into model: Model) -> CancellationToken {
    let parser = XMLParser(data: data)
    let token = parser.onStartElement(model.start)
    Task.detached { _ = parser.parse() }
    return token
}
