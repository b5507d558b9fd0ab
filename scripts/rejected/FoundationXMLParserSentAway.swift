// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// XMLParser: a main-actor `onStartElement` closure joins the parser's region,
// so the parser is the main actor's from then on: a detached task may not
// parse it (the closure would run off the main actor, on main-actor state).
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
    Task.detached { _ = parser.parse() }
    return token
}
