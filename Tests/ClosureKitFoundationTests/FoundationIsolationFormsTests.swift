import ClosureKitFoundation
import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

// The closures of ClosureKitFoundation's conveniences follow the isolation
// rule of ClosureKit's Isolation article: on an object that is not Sendable
// (XMLParser, Stream, NSCache) the closure joins the object's region and runs
// during the send, in the registrant's isolation; a cache of Sendable objects
// also takes a @Sendable closure whose objects are enqueued to its actor.

/// An object that is `Sendable`: its evictions may reach a main-actor closure
/// from another thread.
final class SharedEntry: NSObject, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// An object that is not `Sendable`.
final class PlainEntry: NSObject {
    var name: String
    init(_ name: String) { self.name = name }
}

/// Runs `body` on another thread while the caller waits.
private func blockingElsewhere(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        body()
        done.signal()
    }
    done.wait()
}

/// Waits on the main actor, yielding, until `condition` holds (bounded).
@MainActor
private func untilMain(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// Made anew for each use: a global constant's storage would be reported by
/// LeakSanitizer at exit.
private var document: Data {
    Data(
        """
        <?xml version="1.0"?>
        <!DOCTYPE feed [<!ELEMENT title (#PCDATA)>]>
        <feed><title>One</title><title>Two</title></feed>
        """.utf8)
}

@Suite("Foundation conveniences: the region form on objects that are not Sendable")
@MainActor
struct FoundationRegionFormTests {
    final class Model {
        var titles: [String] = []
        var declarations = 0
    }

    @Test("on the main actor the XMLParser closures use main-actor state and local vars, during the parse")
    func mainActorParser() {
        let model = Model()
        var elements: [String] = []
        var text = ""
        let parser = XMLParser(data: document)
        let tokens = [
            parser.onStartElement { _, name, _, _, _ in
                elements.append(name)
                text = ""
            },
            parser.onCharacters { _, string in text += string },
            parser.onEndElement { _, name, _, _ in if name == "title" { model.titles.append(text) } },
            parser.onDeclaration { _, _ in model.declarations += 1 },
        ]
        #expect(parser.parse())
        #expect(elements == ["feed", "title", "title"])
        #expect(model.titles == ["One", "Two"])
        #expect(model.declarations == 1)
        tokens.forEach { $0.cancel() }
    }

    @Test("from nonisolated code the XMLParser closures capture a local var")
    nonisolated func nonisolatedParser() {
        var elements: [String] = []
        let parser = XMLParser(data: document)
        let token = parser.onStartElement { _, name, _, _, _ in elements.append(name) }
        #expect(parser.parse())
        #expect(elements == ["feed", "title", "title"])
        token.cancel()
    }

    @Test("a parser with nonisolated closures goes to another task as a whole, closures and captures with it")
    nonisolated func parserSentWithItsClosures() async {
        final class Count { var value = 0 }
        let parser = XMLParser(data: document)
        let count = Count()
        let token = parser.onStartElement { _, _, _, _, _ in count.value += 1 }
        let elements = await Task.detached {
            _ = parser.parse()
            token.cancel()
            return count.value
        }.value
        #expect(elements == 3)
    }

    @Test("a main-actor closure answers the parser's entity requests on the main actor, and once runs once")
    func mainActorAnswers() throws {
        var asked: [String] = []
        let parser = XMLParser(data: document)
        let token = parser.onResolveExternalEntity(options: .once) { _, name, _ in
            asked.append(name)
            return Data("<x/>".utf8)
        }
        let delegate = try #require(parser.delegate)
        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == Data("<x/>".utf8))
        #expect(delegate.parser(parser, resolveExternalEntityName: "f", systemID: nil) == nil)
        #expect(asked == ["e"])
        token.cancel()
    }

    @Test("the typed selectors of XMLParserDelegateProxy take main-actor closures of the region form")
    func typedSelectorsOnTheMainActor() {
        let model = Model()
        let parser = XMLParser(data: document)
        let proxy = parser.delegateProxy
        let token = proxy.after(XMLParserDelegateProxy.selectors.foundCharacters) { invocation in
            model.titles.append(invocation.arguments.1)
        }
        _ = parser.parse()
        #expect(model.titles == ["One", "Two"])
        token.cancel()
    }

    @Test("a main-actor XMLParser closure reached off the main actor stops the program")
    func offTheMainActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var names: [String] = []
                let parser = XMLParser(data: Data("<a/>".utf8))
                let token = parser.onStartElement { _, name, _, _, _ in names.append(name) }
                // Smuggled past the compiler, as the gaps the Isolation
                // article lists do.
                nonisolated(unsafe) let smuggled = parser
                blockingElsewhere { _ = smuggled.parse() }
                withExtendedLifetime(token) {}
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
    }

    @Test("a main-actor handler stored in a plain function type is the main actor's: parsed elsewhere, it stops")
    func storedHandlerOffTheMainActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var names: [String] = []
                let parser = XMLParser(data: Data("<a/>".utf8))
                // Stored first: the value carries no actor; its registrant's is used.
                let handler: (XMLParser, String, String?, String?, [String: String]) -> Void = { _, name, _, _, _ in
                    names.append(name)
                }
                let token = parser.onStartElement(handler)
                nonisolated(unsafe) let smuggled = parser
                blockingElsewhere { _ = smuggled.parse() }
                withExtendedLifetime(token) {}
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
    }

    @Test("a main-actor method registered from another actor on an XMLParser is refused at the registration")
    func anotherActorsMethodIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ParserRegistrar().register(ElementNames())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor but was registered from ParserRegistrar"), "\(message)")
    }

    @Test("on the main actor a stream's closures run during its events; a filtered once closure runs once")
    func mainActorStream() {
        let pair = BoundStreamPair(bufferSize: 64)
        var events: [Stream.Event] = []
        var opened = 0
        let tokens = [
            pair.output.onEvent { _, event in events.append(event) },
            pair.output.onEvent(.openCompleted, options: .once) { _, _ in opened += 1 },
        ]
        pair.output.open()
        #expect(pair.pump { events.contains(.hasSpaceAvailable) })
        pair.output.close()
        #expect(events.first == .openCompleted)
        #expect(opened == 1)
        tokens.forEach { $0.cancel() }
    }

    @Test("objects that are not Sendable: a main-actor eviction closure runs during the eviction")
    func plainEvictions() {
        let cache = NSCache<NSString, PlainEntry>()
        cache.countLimit = 1
        var evicted: [String] = []
        let token = cache.onEvict { entry in
            entry.name += "!"
            evicted.append(entry.name)
        }
        cache.setObject(PlainEntry("a"), forKey: "a")
        cache.setObject(PlainEntry("b"), forKey: "b")
        // Which object goes is Foundation's choice; that it went during the
        // send, and was changed by the closure, is the point.
        #expect(evicted.count == 1)
        #expect(evicted.allSatisfy { $0.hasSuffix("!") })
        token.cancel()
    }

    @Test("Sendable objects: a main-actor eviction closure gets evictions made elsewhere, enqueued")
    func sendableEvictions() async {
        let cache = NSCache<NSString, SharedEntry>()
        cache.countLimit = 1
        var evicted: [String] = []
        let token = cache.onEvict { entry in evicted.append(entry.name) }
        await Task.detached {
            cache.setObject(SharedEntry("a"), forKey: "a")
            cache.setObject(SharedEntry("b"), forKey: "b")
            cache.setObject(SharedEntry("c"), forKey: "c")
        }.value
        #expect(await untilMain { evicted.count == 2 })
        #expect(Set(evicted).isSubset(of: ["a", "b", "c"]))
        token.cancel()
    }

    @Test("Sendable objects, from nonisolated code: the closure runs on the evicting thread")
    nonisolated func sendableEvictionsNonisolated() {
        let cache = NSCache<NSString, SharedEntry>()
        cache.countLimit = 1
        let evicted = Mutex<[String]>([])
        let token = cache.onEvict { entry in evicted.withLock { $0.append(entry.name) } }
        cache.setObject(SharedEntry("a"), forKey: "a")
        cache.setObject(SharedEntry("b"), forKey: "b")
        #expect(evicted.withLock { $0.count } == 1)
        token.cancel()
    }
}

/// A main-actor model whose method receives start tags.
@MainActor
final class ElementNames {
    var names: [String] = []
    func start(_ parser: XMLParser, _ name: String, _ uri: String?, _ qName: String?, _ attributes: [String: String]) {
        names.append(name)
    }
}

/// Registers a main-actor model's method from another actor.
actor ParserRegistrar {
    func register(_ model: ElementNames) {
        let parser = XMLParser(data: Data("<a/>".utf8))
        parser.onStartElement(model.start).cancel()
    }
}
