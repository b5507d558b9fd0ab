// The usual XMLParser closures, with a captured local var, compile both in
// main-actor code and in nonisolated code: the closure joins the parser's
// region, so it needs no Sendable ceremony.
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

@MainActor
final class Model {
    var names: [String] = []

    func load(_ data: Data) -> [String] {
        var elements: [String] = []
        let parser = XMLParser(data: data)
        let token = parser.onStartElement { _, name, _, _, _ in
            elements.append(name)
            self.names.append(name)
        }
        _ = parser.parse()
        token.cancel()
        return elements
    }
}

func elements(of data: Data) -> [String] {
    var elements: [String] = []
    let parser = XMLParser(data: data)
    let token = parser.onStartElement { _, name, _, _, _ in elements.append(name) }
    _ = parser.parse()
    token.cancel()
    return elements
}

// Nonisolated closures go with the parser to another task, as a whole region.
func elementsElsewhere(of data: Data) async -> Int {
    let parser = XMLParser(data: data)
    let counter = Counter()
    let token = parser.onStartElement { _, _, _, _, _ in counter.value += 1 }
    return await Task.detached {
        _ = parser.parse()
        token.cancel()
        return counter.value
    }.value
}

final class Counter {
    var value = 0
}
