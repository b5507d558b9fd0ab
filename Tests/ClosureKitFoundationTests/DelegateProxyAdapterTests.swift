import ClosureKitFoundation
import Foundation
import Testing

// The proxy and adapter of the article "Writing a proxy for a delegate
// protocol of an Apple framework", as written there (and in
// Samples/Snippets/ClosureKitFoundation/WritingAProxyArticle.swift), with the public
// API only: this file does not import ClosureKitFoundation `@testable`.

/// Closures for `NSKeyedArchiverDelegate`.
final class ArchiverProxy: DelegateProxy<any NSKeyedArchiverDelegate>, SelectorDeclaring {
    struct Selectors {
        let willEncode = MethodSelector<(NSKeyedArchiver, Any), Any?>(
            "archiver(_:willEncode:)", objC: "archiver:willEncodeObject:")
        let didEncode = MethodSelector<(NSKeyedArchiver, Any?), Void>(
            "archiver(_:didEncode:)", objC: "archiver:didEncodeObject:")
        let willReplace = MethodSelector<(NSKeyedArchiver, Any?, Any?), Void>(
            "archiver(_:willReplace:withObject:)", objC: "archiver:willReplaceObject:withObject:")
        let willFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverWillFinish(_:)", objC: "archiverWillFinish:")
        let didFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverDidFinish(_:)", objC: "archiverDidFinish:")
    }
    static let selectors = Selectors()

    /// What the archiver holds as its delegate.
    let adapter = ArchiverAdapter()

    required init() {
        super.init()
        adapter.serve(self)
    }
}

/// An `NSObject` that adopts the protocol and forwards each method to the proxy.
final class ArchiverAdapter: DelegateProxyAdapter, NSKeyedArchiverDelegate {
    private typealias Proxy = ArchiverProxy

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        let answer = withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willEncode, (archiver, object), default: object) {
                // A real delegate without the method leaves the object as it is.
                guard let willEncode = optionalMethod($0.archiver(_:willEncode:)) else { return $1.1 }
                return willEncode($1.0, $1.1)
            }
        }
        return answer ?? object // the proxy has ended: the protocol's default
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.didEncode, (archiver, object)) {
                optionalMethod($0.archiver(_:didEncode:))?($1.0, $1.1)
            }
        }
    }

    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willReplace, (archiver, object, newObject)) {
                optionalMethod($0.archiver(_:willReplace:withObject:))?($1.0, $1.1, $1.2)
            }
        }
    }

    func archiverWillFinish(_ archiver: NSKeyedArchiver) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willFinish, archiver) {
                optionalMethod($0.archiverWillFinish(_:))?($1)
            }
        }
    }

    func archiverDidFinish(_ archiver: NSKeyedArchiver) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.didFinish, archiver) {
                optionalMethod($0.archiverDidFinish(_:))?($1)
            }
        }
    }
}

extension NSKeyedArchiver {
    /// The archiver's proxy, installed on first use.
    var archiverProxy: ArchiverProxy {
        .proxy(for: self, delegate: \.delegate)
    }
}

/// A class of the tests that the proxy redacts.
final class Secret: NSObject, NSCoding {
    override init() {}
    required init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}

/// A real delegate that records what it receives.
final class RecordingArchiverDelegate: NSObject, NSKeyedArchiverDelegate {
    let calls = Recorder<String>()
    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        calls.append("willEncode \(type(of: object))")
        return object
    }
    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {
        calls.append("didEncode \(object.map { "\(type(of: $0))" } ?? "nil")")
    }
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {
        calls.append("willReplace")
    }
    func archiverWillFinish(_ archiver: NSKeyedArchiver) { calls.append("willFinish") }
    func archiverDidFinish(_ archiver: NSKeyedArchiver) { calls.append("didFinish") }
}

/// A proxy served by an adapter, whose second selector has no Objective-C name.
final class UnnamedProxy: DelegateProxy<any NSKeyedArchiverDelegate>, SelectorDeclaring {
    struct Selectors {
        let willFinish = MethodSelector<NSKeyedArchiver, Void>("archiverWillFinish(_:)", objC: "archiverWillFinish:")
        let didFinish = MethodSelector<NSKeyedArchiver, Void>("archiverDidFinish(_:)")
    }
    static let selectors = Selectors()
    let adapter = ArchiverAdapter()
    required init() {
        super.init()
        adapter.serve(self)
    }
}

/// A proxy served by an adapter, whose two selectors share an Objective-C name.
final class TwiceNamedProxy: DelegateProxy<any NSKeyedArchiverDelegate>, SelectorDeclaring {
    struct Selectors {
        let willFinish = MethodSelector<NSKeyedArchiver, Void>("archiverWillFinish(_:)", objC: "archiverWillFinish:")
        let didFinish = MethodSelector<NSKeyedArchiver, Void>("archiverDidFinish(_:)", objC: "archiverWillFinish:")
    }
    static let selectors = Selectors()
    let adapter = ArchiverAdapter()
    required init() {
        super.init()
        adapter.serve(self)
    }
}

/// The public `DelegateProxyAdapter`, used as the article shows.
@Suite("DelegateProxyAdapter: a proxy of your own for an Objective-C delegate protocol")
struct DelegateProxyAdapterTests {
    @Test("installing the proxy makes its adapter the archiver's delegate and keeps the previous one")
    func installation() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let real = RecordingArchiverDelegate()
        archiver.delegate = real
        let proxy = archiver.archiverProxy
        #expect(archiver.delegate === proxy.adapter)
        #expect(proxy.standIn === proxy.adapter)
        #expect(proxy.realDelegate === real)
        #expect(archiver.archiverProxy === proxy)
        // The adapter is never the real delegate.
        proxy.realDelegate = archiver.delegate
        #expect(proxy.realDelegate == nil)
        proxy.realDelegate = real

        #expect(ArchiverProxy.uninstall(from: archiver, delegate: \.delegate) === proxy)
        #expect(archiver.delegate === real)
    }

    @Test("the article's sample redacts, logs, and leaves the real delegate its messages")
    func articleSample() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let real = RecordingArchiverDelegate()
        archiver.delegate = real
        let proxy = archiver.archiverProxy
        let encoded = Recorder<String>()
        let redact = proxy.implement(ArchiverProxy.selectors.willEncode) { _, object in
            (object as? Secret).map { _ in "redacted" as NSString } ?? object
        }
        let log = proxy.after(ArchiverProxy.selectors.didEncode) { invocation in
            encoded.append(invocation.arguments.1.map { "\($0)" } ?? "nil")
        }
        archiver.encode(Secret(), forKey: "secret")
        archiver.finishEncoding()

        // The closure answered willEncode in place of the real delegate; the
        // real delegate received every other message.
        #expect(!real.calls.values.contains { $0.hasPrefix("willEncode") })
        #expect(
            real.calls.values.contains("didEncode NSString") || real.calls.values.contains("didEncode __NSCFString"))
        #expect(real.calls.values.suffix(2) == ["willFinish", "didFinish"])
        #expect(encoded.values.contains("redacted"))
        let data = archiver.encodedData
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        #expect(unarchiver.decodeObject(forKey: "secret") as? String == "redacted")
        withExtendedLifetime((redact, log)) {}
    }

    @Test("responds(to:) by Objective-C name: a closure, or a real delegate that implements the method")
    func respondsByObjCName() {
        let proxy = ArchiverProxy()
        let adapter = proxy.adapter
        #expect(adapter.respondsToMethod(objCName: "archiverDidFinish:") { _ in true } == false)
        #expect(adapter.respondsToMethod(objCName: "archiverDidFinish(_:)") { _ in true } == nil)
        #expect(adapter.respondsToMethod(objCName: "description") { _ in true } == nil)

        let token = proxy.before(ArchiverProxy.selectors.didFinish) { _ in }
        #expect(adapter.respondsToMethod(objCName: "archiverDidFinish:") { _ in false } == true)
        #expect(adapter.respondsToMethod(objCName: "archiverWillFinish:") { _ in false } == false)
        #expect(token.cancel())

        let real = RecordingArchiverDelegate()
        proxy.realDelegate = real
        #expect(adapter.respondsToMethod(objCName: "archiverWillFinish:") { $0 === real } == true)
        #expect(adapter.respondsToMethod(objCName: "archiverWillFinish:") { _ in false } == false)
        withExtendedLifetime(real) {}
    }

    @Test("once its proxy has ended, the adapter forwards nothing and answers the protocol's defaults")
    func proxyEnded() throws {
        var proxy: ArchiverProxy? = ArchiverProxy()
        let adapter = try #require(proxy).adapter
        let token = try #require(proxy).implement(ArchiverProxy.selectors.willEncode) { _, _ in "replaced" }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(adapter.archiver(archiver, willEncode: "original") as? String == "replaced")
        proxy = nil
        #expect(adapter.archiver(archiver, willEncode: "original") as? String == "original")
        #expect(adapter.withProxy(ArchiverProxy.self) { $0 } == nil)
        #expect(adapter.respondsToMethod(objCName: "archiverDidFinish:") { _ in true } == false)
        withExtendedLifetime(token) {}
    }

    @Test("serving a proxy whose selector has no Objective-C name stops the program, naming it")
    func unnamedSelectorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = UnnamedProxy()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("UnnamedProxy is served by a DelegateProxyAdapter"), "\(message)")
        #expect(message.contains("these selectors have none: archiverDidFinish(_:)"), "\(message)")
    }

    @Test("serving a proxy with an Objective-C name declared twice stops the program, naming both methods")
    func duplicateNameTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TwiceNamedProxy()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "TwiceNamedProxy declares the Objective-C name archiverWillFinish: twice, for "
                    + "archiverWillFinish(_:) and archiverDidFinish(_:)"),
            "\(message)")
    }

    @Test("an adapter serves one proxy")
    func servesOne() async {
        await #expect(processExitsWith: .failure) {
            let proxy = ArchiverProxy()
            ArchiverProxy().adapter.serve(proxy)
        }
    }
}
