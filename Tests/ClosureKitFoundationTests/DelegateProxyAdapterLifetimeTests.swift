import ClosureKitFoundation
import Dispatch
import Foundation
import Testing

/// What the threads of one test share; each field is written before the
/// semaphore that publishes it is signalled.
private final class Shared: @unchecked Sendable {
    var proxy: ArchiverProxy?
    weak var ended: ArchiverProxy?
    var aliveAfterDrop = false
    var answer: String?
    var adapter: ArchiverAdapter?
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    let started = DispatchSemaphore(value: 0)
    let dropped = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
}

@Suite("DelegateProxyAdapter: the proxy's lifetime")
struct DelegateProxyAdapterLifetimeTests {
    @Test("a proxy dropped on another thread while a message runs lives until the message returns, then ends")
    func droppedDuringMessage() throws {
        let shared = Shared()
        shared.proxy = ArchiverProxy()
        shared.ended = shared.proxy
        let token = try #require(shared.proxy).implement(ArchiverProxy.selectors.willEncode) { _, _ in
            shared.started.signal()
            shared.dropped.wait()
            // The last reference outside the message is gone: the message
            // holds the proxy.
            shared.aliveAfterDrop = shared.ended != nil
            return "replaced"
        }
        let sender = try #require(shared.proxy).adapter
        shared.adapter = sender
        Thread.detachNewThread {
            shared.answer = shared.adapter?.archiver(shared.archiver, willEncode: "original") as? String
            shared.finished.signal()
        }
        shared.started.wait()
        shared.proxy = nil
        shared.dropped.signal()
        shared.finished.wait()
        #expect(shared.aliveAfterDrop)
        #expect(shared.answer == "replaced")
        #expect(shared.ended == nil)
        #expect(sender.archiver(shared.archiver, willEncode: "original") as? String == "original")
        #expect(token.cancel() == false)
    }

    @Test("a proxy and its adapter end together: neither keeps the other alive")
    func noCycle() {
        weak var proxyLeft: ArchiverProxy?
        weak var adapterLeft: ArchiverAdapter?
        do {
            let proxy = ArchiverProxy()
            proxyLeft = proxy
            adapterLeft = proxy.adapter
            #expect(proxy.adapter.withProxy(ArchiverProxy.self) { $0 } === proxy)
        }
        #expect(proxyLeft == nil)
        #expect(adapterLeft == nil)
    }
}
