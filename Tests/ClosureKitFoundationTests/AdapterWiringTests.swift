import ClosureKit
import Foundation
import Testing

@testable import ClosureKitFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `DelegateProxy.adopt(_:objCSelectors:)` and `DelegateAdapter`
/// guarantee every ready-made Foundation proxy: its adapter forwards to it,
/// holds it weakly, stands in for it (so it is never its own real delegate,
/// which is why the adapters need no `$0 !== self` check), and answers
/// `responds(to:)` from its table.
@Suite("Foundation adapters: one wiring for every proxy")
struct AdapterWiringTests {
    /// Checks the wiring of a new `Proxy` whose adapter `adapter` reads.
    private func checkWiring<Proxy: DelegateProxy<Delegate>, Delegate>(
        _: Proxy.Type, table: ObjCSelectorTable<Delegate>, adapter: (Proxy) -> DelegateAdapter
    ) throws {
        var proxy: Proxy? = Proxy()
        let other = Proxy()
        let own = adapter(try #require(proxy))
        let othersAdapter = adapter(other)
        #expect(own.servedProxy === proxy)
        #expect(try #require(proxy).isStandIn(own))
        #expect(!(try #require(proxy).isStandIn(othersAdapter)))

        // Its own adapter is never its real delegate; another proxy's adapter can be.
        try #require(proxy).realDelegate = try #require(own as? Delegate)
        #expect(try #require(proxy).realDelegate == nil)
        try #require(proxy).realDelegate = try #require(othersAdapter as? Delegate)
        #expect(try #require(proxy).realDelegate as AnyObject? === othersAdapter)

        // Answers from its table: a protocol method yes or no, anything else nil.
        let objC = try #require(table.objCSelectors.first)
        #expect(own.respondsToProtocolMethod(named: objC) { $0 === othersAdapter } == true)
        #expect(own.respondsToProtocolMethod(named: "notAMethod:") { _ in true } == nil)

        // Weak: the adapter does not keep its proxy alive, and then answers no.
        proxy = nil
        #expect(own.servedProxy == nil)
        #expect(own.respondsToProtocolMethod(named: objC) { _ in true } == false)
    }

    @Test("every Foundation proxy wires its adapter the same way")
    func everyProxy() throws {
        try checkWiring(
            XMLParserDelegateProxy.self, table: XMLParserDelegateAdapter.objCSelectors, adapter: \.adapter)
        try checkWiring(StreamDelegateProxy.self, table: StreamDelegateAdapter.objCSelectors, adapter: \.adapter)
        try checkWiring(NSCacheDelegateProxy.self, table: NSCacheDelegateAdapter.objCSelectors, adapter: \.adapter)
        try checkWiring(
            FileManagerDelegateProxy.self, table: FileManagerDelegateAdapter.objCSelectors, adapter: \.adapter)
        try checkWiring(
            NSKeyedArchiverDelegateProxy.self, table: NSKeyedArchiverDelegateAdapter.objCSelectors, adapter: \.adapter)
        try checkWiring(
            NSKeyedUnarchiverDelegateProxy.self, table: NSKeyedUnarchiverDelegateAdapter.objCSelectors,
            adapter: \.adapter)
        try checkWiring(
            URLSessionDelegateProxy.self, table: URLSessionDelegateAdapter.objCSelectors, adapter: \.adapter)
    }

    @Test("the XMLParser adapter holds its proxy unretained, never weakly")
    func xmlParserUnretained() throws {
        let proxy = XMLParserDelegateProxy()
        // A weak reference would give the proxy a side table (see `UnretainedReference`).
        #expect(proxy.adapter.proxyObject == nil)
        #expect(proxy.adapter.servedProxy === proxy)
        let stream = StreamDelegateProxy()
        #expect(stream.adapter.proxyObject === stream)
    }

    @Test("an adapter chained to another proxy's adapter forwards there, once")
    func chainedAdapters() throws {
        let first = StreamDelegateProxy()
        let second = StreamDelegateProxy()
        first.realDelegate = second.streamDelegate
        let calls = Recorder<String>()
        let firstToken = first.implement(StreamDelegateProxy.selectors.handleEvent) { _, _ in calls.append("first") }
        let secondToken = second.implement(StreamDelegateProxy.selectors.handleEvent) { _, _ in calls.append("second") }
        // With a closure, the first proxy answers and the second is not asked.
        first.adapter.stream(InputStream(data: Data()), handle: .openCompleted)
        #expect(calls.values == ["first"])
        #expect(firstToken.cancel())
        // Without one, the message goes on to the second proxy's closure.
        first.adapter.stream(InputStream(data: Data()), handle: .openCompleted)
        #expect(calls.values == ["first", "second"])
        withExtendedLifetime(secondToken) {}
    }
}
