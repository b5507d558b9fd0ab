import ClosureKit
import Testing

// A method whose only closure is a nonisolated `implement` closure is
// answered by calling that closure directly (`DelegateProxyBase._forward`);
// these tests pin that path at its edges: the closure removing itself,
// registering another, and the general path taking over as soon as a second
// closure joins it, with the first closure still part of it. A `.once`
// closure alone is `ProxyInsteadChainTests`'; one registered from an actor,
// which must not answer elsewhere, `ExactIsolationTests`'.

@Suite("DelegateProxy: one closure that answers alone")
struct DelegateProxySoleClosureTests {
    @Test("it answers in place of the real delegate, and cancelling it gives the message back to the real delegate")
    func answersThenCancelled() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "closure" }
        #expect(owner.title() == "closure")
        #expect(owner.title() == "closure")
        #expect(real.log.isEmpty)
        #expect(token.cancel() == true)
        #expect(owner.title() == "real")
        #expect(real.log == ["real title"])
    }

    @Test("cancelling itself while it answers: this message is its answer, the next goes to the real delegate")
    func cancelsItself() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let holder = DelegateProxyTestBox<CancellationToken?>(nil)
        let token = proxy.implement(TransferProxy.selectors.title) { _ in
            log.append("closure")
            #expect(holder.value?.cancel() == true)
            return "closure"
        }
        holder.mutate { $0 = token }
        #expect(owner.title() == "closure")
        #expect(owner.title() == "real")
        #expect(log.all == ["closure"])
        #expect(real.log == ["real title"])
        #expect(token.cancel() == false)
    }

    @Test("a closure it registers while it answers answers from the next message on, the newer first")
    func registersAnother() {
        let (owner, _, proxy) = installedTransferProxy()
        let added = DelegateProxyTestBox<[CancellationToken]>([])
        let first = proxy.implement(TransferProxy.selectors.title) { _ in
            if added.value.isEmpty {
                let token = proxy.instead(TransferProxy.selectors.title) { invocation in
                    "newer, then " + invocation.proceed()
                }
                added.mutate { $0.append(token) }
            }
            return "first"
        }
        #expect(owner.title() == "first")
        #expect(owner.title() == "newer, then first")
        added.value[0].cancel()
        #expect(owner.title() == "first")
        withExtendedLifetime(first) {}
    }

    @Test("with a before and an after closure beside it, all three run, in order, each once")
    func besideHooks() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let instead = proxy.implement(TransferProxy.selectors.title) { _ in
            log.append("closure")
            return "closure"
        }
        #expect(owner.title() == "closure")
        let before = proxy.before(TransferProxy.selectors.title) { _ in log.append("before") }
        let after = proxy.after(TransferProxy.selectors.title) { invocation in
            log.append("after \(invocation.result ?? "none")")
        }
        #expect(owner.title() == "closure")
        #expect(log.all == ["closure", "before", "closure", "after closure"])
        #expect(real.log.isEmpty)
        before.cancel()
        after.cancel()
        #expect(owner.title() == "closure")
        #expect(log.all == ["closure", "before", "closure", "after closure", "closure"])
        withExtendedLifetime(instead) {}
    }

    @Test("an older instead closure that proceeds reaches it, and it answers for the chain")
    func innermostLink() {
        let (owner, real, proxy) = installedTransferProxy()
        let inner = proxy.implement(TransferProxy.selectors.title) { _ in "inner" }
        let outer = proxy.instead(TransferProxy.selectors.title) { invocation in
            "outer(" + invocation.proceed() + ")"
        }
        #expect(owner.title() == "outer(inner)")
        #expect(real.log.isEmpty)
        outer.cancel()
        #expect(owner.title() == "inner")
        withExtendedLifetime(inner) {}
    }
}
