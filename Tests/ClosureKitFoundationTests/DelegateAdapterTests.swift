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

/// What every adapter answers when Foundation asks `responds(to:)`. On Apple
/// platforms the override that receives the `Selector` only passes its name to
/// `respondsToProtocolMethod(named:realDelegateResponds:)`, so these tests,
/// run on Linux, check everything an Apple platform answers but that one line.
@Suite("DelegateAdapter: the answer to responds(to:) for each Foundation adapter")
struct DelegateAdapterTests {
    /// Checks every method of `table` on `adapter`, whose proxy is `proxy`,
    /// and that a name outside the protocol is left to `NSObject`.
    private func checkEveryMethod<Delegate>(
        of adapter: DelegateAdapter, proxy: DelegateProxy<Delegate>, table: ObjCSelectorTable<Delegate>,
        realDelegate: Delegate
    ) throws {
        let neverAsked: (AnyObject) -> Bool = { _ in
            Issue.record("asked about a real delegate that is not there")
            return true
        }
        for name in ["init", "respondsToSelector:", "parser:foundNothing:"] {
            #expect(adapter.respondsToProtocolMethod(named: name, realDelegateResponds: neverAsked) == nil, "\(name)")
        }
        #expect(!table.objCSelectors.isEmpty)
        for objC in table.objCSelectors {
            let method = try #require(table.entries[objC]).name
            // Neither a closure nor a real delegate: Foundation skips the method.
            #expect(adapter.respondsToProtocolMethod(named: objC, realDelegateResponds: neverAsked) == false, "\(objC)")

            // A closure for the method, and only while it is registered.
            let token = try proxy.hook(method, at: .before) { (_: Invocation<Any, Any>) in }
            #expect(adapter.respondsToProtocolMethod(named: objC, realDelegateResponds: neverAsked) == true, "\(objC)")
            #expect(token.cancel())
            #expect(adapter.respondsToProtocolMethod(named: objC, realDelegateResponds: neverAsked) == false, "\(objC)")

            // A real delegate: what it implements decides, and it is the one asked.
            proxy.realDelegate = realDelegate
            let asked = Recorder<Bool>()
            let implements = adapter.respondsToProtocolMethod(named: objC) {
                asked.append($0 === realDelegate as AnyObject)
                return true
            }
            #expect(implements == true, "\(objC)")
            #expect(adapter.respondsToProtocolMethod(named: objC) { _ in false } == false, "\(objC)")
            #expect(asked.values == [true], "\(objC)")
            proxy.realDelegate = nil
        }
    }

    /// Checks that an adapter whose proxy has ended answers no for the
    /// protocol's methods.
    private func checkEndedProxy<Proxy: DelegateProxy<Delegate>, Delegate>(
        _: Proxy.Type, table: ObjCSelectorTable<Delegate>, adapter: (Proxy) -> DelegateAdapter
    ) throws {
        var proxy: Proxy? = Proxy()
        let kept = adapter(try #require(proxy))
        let method = try #require(table.entries[table.objCSelectors[0]]).name
        let token = try #require(proxy).hook(method, at: .before) { (_: Invocation<Any, Any>) in }
        proxy = nil
        #expect(kept.respondsToProtocolMethod(named: table.objCSelectors[0]) { _ in true } == false)
        withExtendedLifetime(token) {}
    }

    @Test("the XMLParser adapter answers for exactly the methods with closures or a real delegate")
    func xmlParser() throws {
        let proxy = XMLParserDelegateProxy()
        let real = XMLParserDelegateAdapter()
        let table = XMLParserDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(XMLParserDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the Stream adapter answers for exactly the methods with closures or a real delegate")
    func stream() throws {
        let proxy = StreamDelegateProxy()
        let real = StreamDelegateAdapter()
        let table = StreamDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(StreamDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the NSCache adapter answers for exactly the methods with closures or a real delegate")
    func cache() throws {
        let proxy = NSCacheDelegateProxy()
        let real = NSCacheDelegateAdapter()
        let table = NSCacheDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(NSCacheDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the FileManager adapter answers for exactly the methods with closures or a real delegate")
    func fileManager() throws {
        let proxy = FileManagerDelegateProxy()
        let real = FileManagerDelegateAdapter()
        let table = FileManagerDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(FileManagerDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the NSKeyedArchiver adapter answers for exactly the methods with closures or a real delegate")
    func keyedArchiver() throws {
        let proxy = NSKeyedArchiverDelegateProxy()
        let real = NSKeyedArchiverDelegateAdapter()
        let table = NSKeyedArchiverDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(NSKeyedArchiverDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the NSKeyedUnarchiver adapter answers for exactly the methods with closures or a real delegate")
    func keyedUnarchiver() throws {
        let proxy = NSKeyedUnarchiverDelegateProxy()
        let real = NSKeyedUnarchiverDelegateAdapter()
        let table = NSKeyedUnarchiverDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(NSKeyedUnarchiverDelegateProxy.self, table: table, adapter: \.adapter)
    }

    @Test("the URLSession adapter answers for exactly the methods with closures or a real delegate")
    func urlSession() throws {
        let proxy = URLSessionDelegateProxy()
        let real = URLSessionDelegateAdapter()
        let table = URLSessionDelegateAdapter.objCSelectors
        try checkEveryMethod(of: proxy.adapter, proxy: proxy, table: table, realDelegate: real)
        try checkEndedProxy(URLSessionDelegateProxy.self, table: table, adapter: \.adapter)
    }
}
