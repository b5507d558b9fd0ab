import ClosureKit
import Testing

@Suite("DelegateProxy: order of one message")
struct DelegateProxyTests {
    /// An owner with a recording real delegate and an installed proxy.
    @Test("an instead closure answers a message in place of the real delegate")
    func insteadClosure() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let token = proxy.implement(TransferProxy.selectors.didProgress) { transfer, fraction in
            log.append("closure \(fraction)")
        }
        owner.progress(0.5)
        #expect(log.all == ["closure 0.5"])
        #expect(real.log.isEmpty)
        token.cancel()
        owner.progress(0.75)
        #expect(real.log == ["real progress 0.75"])
        #expect(log.all == ["closure 0.5"])
    }

    @Test("with no closure the real delegate answers, and with neither the protocol's default")
    func fallbackOrder() {
        let (owner, real, proxy) = installedTransferProxy()
        #expect(owner.title() == "real")
        #expect(real.log == ["real title"])
        proxy.realDelegate = nil
        #expect(owner.title() == "default")
        #expect(owner.shouldStart() == true)
        #expect(owner.priority() == 0)
    }

    @Test("before closures, then the implementation, then after closures, each in registration order")
    func fullOrder() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        var tokens: [CancellationToken] = []
        tokens.append(proxy.after(TransferProxy.selectors.didProgress) { _ in log.append("after 1") })
        tokens.append(proxy.before(TransferProxy.selectors.didProgress) { _ in log.append("before 1") })
        tokens.append(proxy.before(TransferProxy.selectors.didProgress) { _ in log.append("before 2") })
        tokens.append(proxy.after(TransferProxy.selectors.didProgress) { _ in log.append("after 2") })
        owner.progress(0.25)
        #expect(log.all == ["before 1", "before 2", "after 1", "after 2"])
        #expect(real.log == ["real progress 0.25"])

        tokens.append(proxy.implement(TransferProxy.selectors.didProgress) { _, _ in log.append("instead") })
        owner.progress(0.5)
        #expect(log.all.suffix(5) == ["before 1", "before 2", "instead", "after 1", "after 2"])
        #expect(real.log == ["real progress 0.25"])
    }

    @Test("hooks see the arguments, and after hooks see the result")
    func hooksSeeArgumentsAndResult() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let before = proxy.before(TransferProxy.selectors.title) { invocation in
            log.append("before \(invocation.arguments.name) result=\(String(describing: invocation.result))")
            #expect(invocation.position == .before)
            #expect(invocation.selector == TransferProxy.selectors.title)
        }
        let instead = proxy.implement(TransferProxy.selectors.title) { transfer in "closure for \(transfer.name)" }
        let after = proxy.after(TransferProxy.selectors.title) { invocation in
            log.append("after \(invocation.result ?? "nil")")
            #expect(invocation.position == .after)
        }
        #expect(owner.title() == "closure for transfer")
        #expect(log.all == ["before transfer result=nil", "after closure for transfer"])
        withExtendedLifetime((before, instead, after)) {}
    }

    @Test("after hooks see the real delegate's answer when no closure answers")
    func afterSeesRealDelegateResult() {
        let (owner, _, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let after = proxy.after(TransferProxy.selectors.priority) { invocation in log.append("\(invocation.result!)") }
        #expect(owner.priority() == 10)
        #expect(log.all == ["10"])
        withExtendedLifetime(after) {}
    }

    @Test("an instead closure can call through to the real delegate")
    func insteadCallsThroughToRealDelegate() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.instead(TransferProxy.selectors.title) { invocation in
            "wrapped(" + invocation.proceed() + ")"
        }
        #expect(owner.title() == "wrapped(real)")
        #expect(real.log == ["real title"])
        withExtendedLifetime(token) {}
    }

    @Test("an instead closure can call through to the protocol's default when there is no real delegate")
    func insteadCallsThroughToDefault() {
        let (owner, _, proxy) = installedTransferProxy()
        proxy.realDelegate = nil
        let token = proxy.instead(TransferProxy.selectors.title) { invocation in
            "wrapped(" + invocation.proceed() + ")"
        }
        #expect(owner.title() == "wrapped(default)")
        withExtendedLifetime(token) {}
    }

    @Test("instead closures chain: the newest answers and proceeds to the older one")
    func insteadChain() {
        let (owner, _, proxy) = installedTransferProxy()
        let older = proxy.instead(TransferProxy.selectors.title) { invocation in "older(" + invocation.proceed() + ")" }
        let newer = proxy.instead(TransferProxy.selectors.title) { invocation in "newer(" + invocation.proceed() + ")" }
        #expect(owner.title() == "newer(older(real))")
        newer.cancel()
        #expect(owner.title() == "older(real)")
        withExtendedLifetime(older) {}
    }

    @Test("proceed may be called more than once, each call asking what the closure replaced")
    func proceedTwice() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.instead(TransferProxy.selectors.title) { invocation in
            invocation.proceed() + "+" + invocation.proceed()
        }
        #expect(owner.title() == "real+real")
        #expect(real.log == ["real title", "real title"])
        withExtendedLifetime(token) {}
    }

    @Test("a one-shot instead closure in a chain answers once, then the older one answers")
    func onceInChain() {
        let (owner, _, proxy) = installedTransferProxy()
        let older = proxy.implement(TransferProxy.selectors.title) { _ in "older" }
        let newer = proxy.instead(TransferProxy.selectors.title, options: .once) { invocation in
            "newer(" + invocation.proceed() + ")"
        }
        #expect(owner.title() == "newer(older)")
        #expect(owner.title() == "older")
        #expect(newer.cancel() == false)
        withExtendedLifetime(older) {}
    }

    @Test("an instead closure removed by a before closure of the same message does not answer")
    func insteadRemovedByBefore() {
        let (owner, _, proxy) = installedTransferProxy()
        let holder = DelegateProxyTestBox<CancellationToken?>(nil)
        let before = proxy.before(TransferProxy.selectors.title) { _ in holder.value?.cancel() }
        holder.mutate { $0 = proxy.implement(TransferProxy.selectors.title) { _ in "closure" } }
        #expect(owner.title() == "real")
        withExtendedLifetime(before) {}
    }

    @Test("an instead closure that does not proceed suppresses what it replaced")
    func insteadSuppresses() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.instead(TransferProxy.selectors.didProgress) { _ in }
        owner.progress(1)
        #expect(real.log.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test("removeAll removes every closure and their tokens then prevent nothing")
    func removeAllClosures() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "closure" }
        let hook = proxy.before(TransferProxy.selectors.title) { _ in }
        proxy.removeAllHandlers()
        #expect(owner.title() == "real")
        #expect(real.log == ["real title"])
        #expect(token.cancel() == false)
        #expect(hook.cancel() == false)
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.title) == false)
    }

    @Test("the proxy's own API can be used from inside every closure: no library lock is held")
    func noLockHeldDuringClosures() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        let probe: @Sendable (String) -> Void = { label in
            // Each of these takes the proxy's lock; a held lock would deadlock.
            let inner = proxy.before(TransferProxy.selectors.shouldRetry) { _ in }
            _ = proxy.responds(to: TransferProxy.selectors.title)
            _ = proxy.realDelegate
            _ = proxy.hasHandlers(for: TransferProxy.selectors.title)
            inner.cancel()
            log.append(label)
        }
        let before = proxy.before(TransferProxy.selectors.title) { _ in probe("before") }
        let instead = proxy.instead(TransferProxy.selectors.title) { invocation in
            probe("instead")
            return invocation.proceed()
        }
        let after = proxy.after(TransferProxy.selectors.title) { _ in probe("after") }
        #expect(owner.title() == "real")
        #expect(log.all == ["before", "instead", "after"])
        #expect(real.log == ["real title"])
        withExtendedLifetime((before, instead, after)) {}
    }

    @Test("forward evaluates the arguments once per message, with closures or without")
    func argumentsBuiltOnlyForClosures() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        owner.keepAlive = real
        let proxy = ArgumentCountingProxy.proxy(for: owner, delegate: \.delegate)
        owner.progress(0.25)
        #expect(real.log == ["real progress 0.25"])
        #expect(proxy.evaluations.value == 1)

        let log = DelegateProxyTestLog()
        let before = proxy.before(TransferProxy.selectors.didProgress) { log.append("before \($0.arguments.1)") }
        let after = proxy.after(TransferProxy.selectors.didProgress) { log.append("after \($0.arguments.1)") }
        owner.progress(0.5)
        #expect(proxy.evaluations.value == 2)
        #expect(log.all == ["before 0.5", "after 0.5"])
        #expect(real.log == ["real progress 0.25", "real progress 0.5"])

        before.cancel()
        after.cancel()
        owner.progress(0.75)
        #expect(proxy.evaluations.value == 3)
        #expect(real.log.last == "real progress 0.75")
    }
}

/// A proxy whose one method counts how often its arguments are evaluated.
private final class ArgumentCountingProxy: DelegateProxy<any TransferDelegate>, TransferDelegate, SelectorDeclaring {
    /// The methods of `TransferProxy`: a second proxy class of the protocol may share a declaration.
    static var selectors: TransferProxy.Selectors { TransferProxy.selectors }
    let evaluations = DelaysCounter()

    func transfer(_ transfer: Transfer, didProgress fraction: Double) {
        forward(TransferProxy.selectors.didProgress, counted((transfer, fraction))) {
            $0.transfer($1.0, didProgress: $1.1)
        }
    }

    private func counted<T>(_ value: T) -> T {
        evaluations.increment()
        return value
    }
}
