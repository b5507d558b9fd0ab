import Dispatch
import Testing

@testable import ClosureKit

@Suite("DelegateProxy: tokens")
struct DelegateProxyTokenTests {
    @Test("cancel is idempotent and returns true only the first time")
    func cancelIdempotent() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let token = proxy.before(TransferProxy.selectors.title) { _ in log.append("hook") }
        let other = proxy.before(TransferProxy.selectors.title) { _ in log.append("other") }
        #expect(!token.isCancelled)
        _ = owner.title()
        #expect(log.all == ["hook", "other"])
        #expect(token.cancel() == true)
        #expect(token.cancel() == false)
        #expect(token.isCancelled)
        _ = owner.title()
        #expect(log.all == ["hook", "other", "other"])
        withExtendedLifetime(other) {}
    }

    @Test("a once closure runs on the first message only, and its token then prevents nothing")
    func once() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let before = proxy.before(TransferProxy.selectors.title, options: .once) { _ in log.append("before") }
        let instead = proxy.implement(TransferProxy.selectors.title, options: .once) { _ in "once" }
        let after = proxy.after(TransferProxy.selectors.title, options: .once) { _ in log.append("after") }
        #expect(owner.title() == "once")
        #expect(owner.title() == "real")
        #expect(log.all == ["before", "after"])
        #expect(before.cancel() == false)
        #expect(instead.cancel() == false)
        #expect(after.cancel() == false)
    }

    @Test("a once closure runs exactly once when many threads send at the same time")
    func onceAcrossThreads() {
        for _ in 0..<10 {
            let (owner, _, proxy) = installedTransferProxy()
            let log = DelegateProxyTestLog()
            let token = proxy.before(TransferProxy.selectors.didProgress, options: .once) { _ in log.append("x") }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in owner.progress(0.1) }
            #expect(log.count == 1)
            #expect(token.cancel() == false)
        }
    }

    @Test("releasing a token removes its closure and releases the closure's captures")
    func releaseCancels() {
        let (owner, _, proxy) = installedTransferProxy()
        weak var weakCapture: Transfer?
        let holder = DelegateProxyTestBox<CancellationToken?>(nil)
        do {
            let capture = Transfer(name: "closure")
            weakCapture = capture
            let token = proxy.implement(TransferProxy.selectors.title) { _ in capture.name }
            holder.mutate { $0 = token }
        }
        #expect(owner.title() == "closure")
        #expect(weakCapture != nil)
        holder.mutate { $0 = nil }
        #expect(weakCapture == nil)
        #expect(owner.title() == "real")
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.title) == false)
    }

    @Test("tokens are hashable and can be kept in a set that removes every closure when emptied")
    func tokensInSet() {
        let (owner, _, proxy) = installedTransferProxy()
        var tokens = Set<CancellationToken>()
        proxy.implement(TransferProxy.selectors.title) { _ in "a" }.store(in: &tokens)
        proxy.before(TransferProxy.selectors.title) { _ in }.store(in: &tokens)
        proxy.after(TransferProxy.selectors.title) { _ in }.store(in: &tokens)
        #expect(tokens.count == 3)
        #expect(owner.title() == "a")
        tokens.removeAll()
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.title) == false)
        #expect(owner.title() == "real")
    }

    @Test("a closure that cancels itself while it runs is not called again")
    func cancelsItself() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let holder = DelegateProxyTestBox<CancellationToken?>(nil)
        let token = proxy.before(TransferProxy.selectors.title) { _ in
            log.append("hook")
            #expect(holder.value?.cancel() == true)
        }
        holder.mutate { $0 = token }
        _ = owner.title()
        _ = owner.title()
        #expect(log.all == ["hook"])
    }

    @Test("a closure removed by an earlier closure of the same message does not run")
    func removedDuringDispatch() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let later = DelegateProxyTestBox<[CancellationToken]>([])
        let first = proxy.before(TransferProxy.selectors.title) { _ in
            log.append("first")
            for token in later.value { token.cancel() }
        }
        let second = proxy.before(TransferProxy.selectors.title) { _ in log.append("second") }
        let instead = proxy.implement(TransferProxy.selectors.title) { _ in "instead" }
        let after = proxy.after(TransferProxy.selectors.title) { _ in log.append("after") }
        later.mutate { $0 = [second, instead, after] }
        #expect(owner.title() == "real")
        #expect(log.all == ["first"])
        #expect(real.log == ["real title"])
        withExtendedLifetime(first) {}
    }

    @Test(
        "argument observers (the conveniences' closures) run after the real delegate, in order, once, removable"
    )
    func argumentObservers() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let later = DelegateProxyTestBox<[CancellationToken]>([])
        let first = proxy.observeAfter(TransferProxy.selectors.title) { transfer in
            // What the real delegate had received when this observer ran.
            log.append("first \(transfer.name) after \(real.log.count) real")
            for token in later.value { token.cancel() }
        }
        let removed = proxy.observeAfter(TransferProxy.selectors.title) { _ in log.append("removed") }
        let once = proxy.observeAfter(TransferProxy.selectors.title, options: .once) { _ in log.append("once") }
        later.mutate { $0 = [removed] }
        #expect(owner.title() == "real")
        #expect(real.log == ["real title"])
        #expect(log.all == ["first transfer after 1 real", "once"])
        #expect(owner.title() == "real")
        #expect(log.all == ["first transfer after 1 real", "once", "first transfer after 2 real"])
        #expect(removed.cancel() == false)
        #expect(once.cancel() == false)
        // Without a real delegate the protocol's default answers.
        proxy.realDelegate = nil
        #expect(owner.title() == "default")
        #expect(log.count == 4)
        first.cancel()
        _ = owner.title()
        #expect(log.count == 4)
    }

    @Test("a closure added during a message runs from the next message on")
    func addedDuringDispatch() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let added = DelegateProxyTestBox<[CancellationToken]>([])
        let adder = proxy.before(TransferProxy.selectors.title, options: .once) { _ in
            log.append("adder")
            let token = proxy.before(TransferProxy.selectors.title) { _ in log.append("added") }
            let after = proxy.after(TransferProxy.selectors.title) { _ in log.append("added after") }
            added.mutate { $0 += [token, after] }
        }
        _ = owner.title()
        #expect(log.all == ["adder"])
        _ = owner.title()
        #expect(log.all == ["adder", "added", "added after"])
        withExtendedLifetime(adder) {}
    }

    @Test("a closure can add an instead closure that answers from the next message on")
    func addInsteadDuringDispatch() {
        let (owner, _, proxy) = installedTransferProxy()
        let added = DelegateProxyTestBox<[CancellationToken]>([])
        let adder = proxy.before(TransferProxy.selectors.title, options: .once) { _ in
            let token = proxy.implement(TransferProxy.selectors.title) { _ in "added" }
            added.mutate { $0.append(token) }
        }
        #expect(owner.title() == "real")
        #expect(owner.title() == "added")
        withExtendedLifetime(adder) {}
    }

    @Test("cancelling from many threads at once returns true exactly once")
    func concurrentCancel() {
        let (_, _, proxy) = installedTransferProxy()
        for _ in 0..<20 {
            let token = proxy.before(TransferProxy.selectors.title) { _ in }
            let wins = DelegateProxyTestBox(0)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                if token.cancel() { wins.mutate { $0 += 1 } }
            }
            #expect(wins.value == 1)
        }
    }
}
