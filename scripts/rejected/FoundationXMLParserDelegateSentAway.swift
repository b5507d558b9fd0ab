// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// XMLParser: the parser's delegate object (`parserDelegate`) is no way around
// the region rule. The proxy is not Sendable and shares the parser's region, and so does
// the object it hands out: a detached task may not make it another parser's
// delegate once a main-actor closure is registered.
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

@MainActor
final class Model {
    var names: [String] = []
}

@MainActor
func load(_ data: Data, into model: Model) -> CancellationToken {
    let parser = XMLParser(data: data)
    let token = parser.onStartElement { _, name, _, _, _ in model.names.append(name) }
    let delegate = parser.delegateProxy.parserDelegate
    Task.detached {
        let other = XMLParser(data: data)
        other.delegate = delegate
        _ = other.parse()
    }
    return token
}
