import Testing

@testable import ClosureKit

/// The rules of a message hold however often the selector was messaged
/// before: each test sends the same message several times first, then
/// changes the proxy's closures from inside one of them.
@Suite("DelegateProxy: later messages")
struct DelegateProxyLaterMessageTests {
    @Test("on a later message, a closure that cancels later ones stops them in that same message")
    func cancelLaterClosures() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let armed = DelegateProxyTestBox(false)
        let later = DelegateProxyTestBox<[CancellationToken]>([])
        let first = proxy.before(TransferProxy.selectors.title) { _ in
            log.append("first")
            if armed.value { for token in later.value { #expect(token.cancel()) } }
        }
        let second = proxy.before(TransferProxy.selectors.title) { _ in log.append("second") }
        let instead = proxy.implement(TransferProxy.selectors.title) { _ in "instead" }
        let after = proxy.after(TransferProxy.selectors.title) { _ in log.append("after") }
        later.mutate { $0 = [second, instead, after] }
        for _ in 0..<3 { #expect(owner.title() == "instead") }
        #expect(log.all == Array(repeating: ["first", "second", "after"], count: 3).flatMap { $0 })

        armed.mutate { $0 = true }
        #expect(owner.title() == "real")
        #expect(log.count == 10)
        #expect(log.all.last == "first")
        #expect(real.log == ["real title"])
        armed.mutate { $0 = false }
        #expect(owner.title() == "real")
        #expect(log.all.suffix(2) == ["first", "first"])
        withExtendedLifetime(first) {}
    }

    @Test("on a later message, removeAll from a closure stops every later closure")
    func removeAllDuringMessage() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let armed = DelegateProxyTestBox(false)
        let tokens = [
            proxy.before(TransferProxy.selectors.title) { _ in
                log.append("first")
                if armed.value { proxy.removeAllHandlers() }
            },
            proxy.before(TransferProxy.selectors.title) { _ in log.append("second") },
            proxy.after(TransferProxy.selectors.title) { _ in log.append("after") },
        ]
        for _ in 0..<3 { _ = owner.title() }
        #expect(log.count == 9)
        armed.mutate { $0 = true }
        #expect(owner.title() == "real")
        #expect(log.count == 10)
        #expect(log.all.last == "first")
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.title) == false)
        _ = owner.title()
        #expect(log.count == 10)
        #expect(real.log.count == 5)
        #expect(tokens.allSatisfy { !$0.cancel() })
    }

    @Test("a one-shot closure added after many messages runs once, even when a closure sends the message again")
    func onceAfterManyMessages() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let nest = DelegateProxyTestBox(false)
        let outer = proxy.before(TransferProxy.selectors.title) { _ in
            log.append("outer")
            let send = nest.value
            nest.mutate { $0 = false }
            if send { _ = owner.title() }
        }
        for _ in 0..<3 { _ = owner.title() }
        let once = proxy.after(TransferProxy.selectors.title, options: .once) { _ in log.append("once") }
        for _ in 0..<3 { _ = owner.title() }
        nest.mutate { $0 = true }
        let onceNested = proxy.before(TransferProxy.selectors.title, options: .once) { _ in log.append("once nested") }
        _ = owner.title()
        _ = owner.title()
        #expect(
            log.all == [
                "outer", "outer", "outer",
                "outer", "once", "outer", "outer",
                "outer", "outer", "once nested",
                "outer",
            ])
        #expect(once.cancel() == false)
        #expect(onceNested.cancel() == false)
        withExtendedLifetime(outer) {}
    }
}
