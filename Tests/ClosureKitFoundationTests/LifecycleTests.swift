import ClosureKitFoundation
import Foundation
import Testing

@testable import ClosureKit

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Foundation proxies: lifecycle and threads")
struct LifecycleTests {
    final class Witness: @unchecked Sendable {}

    @Test("a parser's proxy and its closures end with the parser")
    func proxyEndsWithParser() throws {
        weak var weakProxy: XMLParserDelegateProxy?
        weak var weakWitness: Witness?
        var token: CancellationToken?
        do {
            let parser = XMLParser(data: Data("<a/>".utf8))
            let witness = Witness()
            weakWitness = witness
            token = parser.onStartElement { _, _, _, _, _ in withExtendedLifetime(witness) {} }
            weakProxy = parser.delegateProxy
            #expect(parser.parse())
        }
        // Whatever a parallel test's sweep takes, it hands to the end-of-life
        // queue in the same critical section: sweeping on that queue, then
        // draining it, ends the parser whoever swept it first (the helper of
        // ClosureKitTests' Probes.swift does the same).
        SideTable.endOfLifeQueue.sync { _ = ObjectLifetime.releaseEndedObjects() }
        SideTable.endOfLifeQueue.sync {}
        #expect(weakProxy == nil)
        #expect(weakWitness == nil)
        // The token outlived its proxy: cancelling it prevents nothing.
        #expect(token?.cancel() == false)
    }

    @Test("cancelling a token releases the closure and what it captured at once")
    func cancelReleasesCaptures() {
        let cache = NSCache<NSString, NSString>()
        weak var weakWitness: Witness?
        let token: CancellationToken
        do {
            let witness = Witness()
            weakWitness = witness
            token = cache.onEvict { _ in withExtendedLifetime(witness) {} }
        }
        #expect(weakWitness != nil)
        #expect(token.cancel())
        #expect(weakWitness == nil)
        #expect(!token.cancel())
    }

    @Test("many threads asking for one cache's proxy get the same instance")
    func oneProxyUnderConcurrency() {
        nonisolated(unsafe) let cache = NSCache<NSString, NSString>()
        let proxies = Recorder<ObjectIdentifier>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            proxies.append(ObjectIdentifier(cache.delegateProxy))
        }
        #expect(Set(proxies.values).count == 1)
        #expect(cache.delegate === cache.delegateProxy.cacheDelegate)
    }

    @Test("parsers on several threads at once each get their own events")
    func parallelParsers() throws {
        let reference = try Fixture.rss.referenceEvents().normalizingPrefixOrder()
        let data = try Fixture.rss.data()
        let mismatches = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let parser = XMLParser(data: data)
            parser.shouldProcessNamespaces = true
            parser.shouldReportNamespacePrefixes = true
            let log = ProxyEventLog(parser)
            _ = parser.parse()
            if log.events.normalizingPrefixOrder() != reference { mismatches.append(index) }
        }
        #expect(mismatches.values.isEmpty)
    }

    @Test("tokens registered on one thread can be cancelled on another while evictions run")
    func cancelWhileDispatching() {
        nonisolated(unsafe) let cache = NSCache<NSString, NSString>()
        cache.countLimit = 1
        let calls = Recorder<Int>()
        let tokens = (0..<8).map { index in cache.onEvict { _ in calls.append(index) } }
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                for index in 0..<200 { cache.setObject("v\(index)" as NSString, forKey: "k\(index)" as NSString) }
            } else {
                for token in tokens { token.cancel() }
            }
        }
        let before = calls.values.count
        cache.setObject("late" as NSString, forKey: "late")
        cache.setObject("later" as NSString, forKey: "later")
        #expect(calls.values.count == before)
    }
}
