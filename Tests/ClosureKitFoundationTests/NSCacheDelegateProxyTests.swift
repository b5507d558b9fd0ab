import ClosureKitFoundation
import Foundation
import Testing

@Suite("NSCacheDelegateProxy on NSCache")
struct NSCacheDelegateProxyTests {
    final class Entry: NSObject {
        let name: String
        init(_ name: String) { self.name = name }
    }

    final class EvictionCollector: NSObject, NSCacheDelegate, @unchecked Sendable {
        var evicted: [String] = []
        func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
            evicted.append((obj as? Entry)?.name ?? "?")
        }
    }

    /// Fills a cache past its count limit, removes an entry, then empties it.
    static func exercise(_ cache: NSCache<NSString, Entry>) {
        cache.countLimit = 2
        for index in 0..<5 {
            cache.setObject(Entry("e\(index)"), forKey: "k\(index)" as NSString)
        }
        cache.removeObject(forKey: "k4")
        cache.removeAllObjects()
    }

    @Test("the eviction closure gets each evicted object, typed, exactly as a hand-written delegate does")
    func evictionsMatchHandWrittenDelegate() {
        let reference = NSCache<NSString, Entry>()
        let collector = EvictionCollector()
        reference.delegate = collector
        Self.exercise(reference)
        #expect(!collector.evicted.isEmpty)

        let cache = NSCache<NSString, Entry>()
        let evicted = Recorder<String>()
        let token = cache.onEvict { entry in evicted.append(entry.name) }
        Self.exercise(cache)
        withExtendedLifetime(token) {}

        #expect(evicted.values == collector.evicted)
    }

    @Test("the previous delegate keeps receiving the evicted objects, before the closure")
    func realDelegateFirst() {
        let reference = NSCache<NSString, Entry>()
        let alone = EvictionCollector()
        reference.delegate = alone
        Self.exercise(reference)

        let cache = NSCache<NSString, Entry>()
        let collector = EvictionCollector()
        cache.delegate = collector
        let order = Recorder<Int>()
        let token = cache.onEvict { _ in order.append(collector.evicted.count) }
        #expect(cache.delegateProxy.realDelegate === collector)
        Self.exercise(cache)
        withExtendedLifetime(token) {}

        #expect(!collector.evicted.isEmpty)
        // What the delegate receives through the proxy is what it receives on its own.
        #expect(collector.evicted == alone.evicted)
        #expect(!collector.evicted.contains("?"))
        #expect(order.values == Array(1...collector.evicted.count))
    }

    @Test("one proxy per cache; uninstalling restores the previous delegate")
    func installAndUninstall() {
        let cache = NSCache<NSString, Entry>()
        let collector = EvictionCollector()
        cache.delegate = collector
        let proxy = cache.delegateProxy
        #expect(cache.delegateProxy === proxy)
        #expect(NSCacheDelegateProxy.proxy(for: cache) === proxy)
        #expect(cache.delegate !== collector)
        #expect(NSCacheDelegateProxy.uninstall(from: cache) === proxy)
        #expect(cache.delegate === collector)
        #expect(NSCacheDelegateProxy.existingProxy(for: cache) == nil)
    }

    @Test("a one-shot eviction closure runs once; a cancelled one never")
    func onceAndCancel() {
        let cache = NSCache<NSString, Entry>()
        let onceCalls = Recorder<String>()
        let cancelledCalls = Recorder<String>()
        let once = cache.onEvict(options: .once) { onceCalls.append($0.name) }
        let cancelled = cache.onEvict { cancelledCalls.append($0.name) }
        #expect(cancelled.cancel() == true)
        Self.exercise(cache)
        #expect(onceCalls.values.count == 1)
        #expect(cancelledCalls.values.isEmpty)
        #expect(once.cancel() == false)
    }

    @Test("evictions on many threads at once reach the closure once each")
    func concurrentEvictions() {
        // NSCache is thread-safe (and Sendable on Apple platforms).
        nonisolated(unsafe) let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let evicted = Recorder<String>()
        let token = cache.onEvict { evicted.append($0.name) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<50 {
                cache.setObject(Entry("t\(thread)-\(index)"), forKey: "t\(thread)-\(index)" as NSString)
            }
        }
        withExtendedLifetime(token) {}
        // The count limit is not strict on Apple platforms; it is on Linux.
        #expect(!evicted.values.isEmpty)
        #expect(Set(evicted.values).count == evicted.values.count)
    }
}
