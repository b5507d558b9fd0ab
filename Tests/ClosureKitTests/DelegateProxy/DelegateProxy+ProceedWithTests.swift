import ClosureKit
import Testing

@Suite("DelegateProxy: proceed(with:) and replaceResult")
struct DelegateProxyProceedWithTests {
    /// An owner whose real delegate answers with the transfer's name.
    private func installed() -> (TransferOwner, NamingTransferDelegate, TransferProxy) {
        let owner = TransferOwner()
        let real = NamingTransferDelegate()
        owner.delegate = real
        owner.keepAlive = real
        return (owner, real, TransferProxy.proxy(for: owner, delegate: \.delegate))
    }

    // MARK: proceed(with:)

    @Test("changed arguments reach the next older instead closure")
    func changedArgumentsReachOlderClosure() {
        let (owner, real, proxy) = installed()
        let older = proxy.instead(TransferProxy.selectors.title) { invocation in
            "older saw \(invocation.arguments.name)"
        }
        let newer = proxy.instead(TransferProxy.selectors.title) { invocation in
            invocation.proceed(with: Transfer(name: "changed"))
        }
        #expect(owner.title() == "older saw changed")
        #expect(real.names.isEmpty)
        withExtendedLifetime((older, newer)) {}
    }

    @Test("changed arguments reach the real delegate, also through an older closure that proceeds")
    func changedArgumentsReachRealDelegate() {
        let (owner, real, proxy) = installed()
        let first = proxy.instead(TransferProxy.selectors.title) { invocation in
            invocation.proceed(with: Transfer(name: "changed"))
        }
        #expect(owner.title() == "real changed")
        #expect(real.names == ["changed"])
        let second = proxy.instead(TransferProxy.selectors.title) { invocation in
            invocation.proceed(with: Transfer(name: "outer"))
        }
        // The outer closure's arguments reach the inner one, which changes them again.
        #expect(owner.title() == "real changed")
        #expect(real.names == ["changed", "changed"])
        withExtendedLifetime((first, second)) {}

        let progress = proxy.instead(TransferProxy.selectors.didProgress) { invocation in
            invocation.proceed(with: (invocation.arguments.0, invocation.arguments.1 * 2))
        }
        owner.progress(0.25)
        #expect(real.fractions == [0.5])
        withExtendedLifetime(progress) {}
    }

    @Test("with no real delegate, proceed(with:) reaches the protocol's default")
    func changedArgumentsReachDefault() {
        let (owner, _, proxy) = installed()
        proxy.realDelegate = nil
        let token = proxy.instead(TransferProxy.selectors.title) { invocation in
            "[" + invocation.proceed(with: Transfer(name: "changed")) + "]"
        }
        #expect(owner.title() == "[default]")
        withExtendedLifetime(token) {}
    }

    @Test("before and after closures see the caller's arguments; the invocation keeps them too")
    func hooksSeeCallersArguments() {
        let (owner, real, proxy) = installed()
        let log = DelegateProxyTestLog()
        let before = proxy.before(TransferProxy.selectors.title) { log.append("before \($0.arguments.name)") }
        let instead = proxy.instead(TransferProxy.selectors.title) { invocation in
            let answer = invocation.proceed(with: Transfer(name: "changed"))
            log.append("instead still has \(invocation.arguments.name)")
            return answer
        }
        let after = proxy.after(TransferProxy.selectors.title) {
            log.append("after \($0.arguments.name) \($0.result!)")
        }
        #expect(owner.title() == "real changed")
        #expect(log.all == ["before transfer", "instead still has transfer", "after transfer real changed"])
        #expect(real.names == ["changed"])
        withExtendedLifetime((before, instead, after)) {}
    }

    @Test("under a combining rule the real delegate answered the caller's arguments first, and is not asked again")
    func combiningRuleAsksRealDelegateFirst() {
        let (owner, real, proxy) = installed()
        real.startAnswer = true
        let token = proxy.instead(TransferProxy.selectors.shouldStart) { invocation in
            // && : the real delegate's answer to the caller's arguments.
            invocation.proceed(with: Transfer(name: "changed"))
        }
        #expect(owner.shouldStart() == true)
        #expect(real.names == ["transfer"])
        withExtendedLifetime(token) {}
    }

    // MARK: replaceResult

    @Test("a replaced result reaches the caller through several after closures, the last replacement winning")
    func replacedResultThroughAfterClosures() {
        let (owner, _, proxy) = installed()
        let log = DelegateProxyTestLog()
        var tokens: [CancellationToken] = []
        tokens.append(proxy.after(TransferProxy.selectors.title) { log.append("after 1 sees \($0.result!)") })
        tokens.append(proxy.replaceResult(TransferProxy.selectors.title) { "A(\($0.result!))" })
        tokens.append(proxy.after(TransferProxy.selectors.title) { log.append("after 2 sees \($0.result!)") })
        tokens.append(proxy.replaceResult(TransferProxy.selectors.title) { "B(\($0.result!))" })
        tokens.append(proxy.after(TransferProxy.selectors.title) { log.append("after 3 sees \($0.result!)") })
        #expect(owner.title() == "B(A(real transfer))")
        #expect(
            log.all == [
                "after 1 sees real transfer", "after 2 sees A(real transfer)", "after 3 sees B(A(real transfer))",
            ])

        tokens[3].cancel()
        #expect(owner.title() == "A(real transfer)")
        tokens[1].cancel()
        #expect(owner.title() == "real transfer")
    }

    @Test("a replaced result is final: the combining rule is not applied to it again")
    func replacedResultIsNotCombined() {
        let (owner, real, proxy) = installed()
        real.startAnswer = false
        let instead = proxy.implement(TransferProxy.selectors.shouldStart) { _ in true }
        #expect(owner.shouldStart() == false) // false && true
        let replace = proxy.replaceResult(TransferProxy.selectors.shouldStart) { invocation in
            #expect(invocation.result == false)
            return true
        }
        #expect(owner.shouldStart() == true)
        withExtendedLifetime((instead, replace)) {}
    }

    @Test("replaceResult replaces an instead closure's answer and the default, and once runs once")
    func replacedResultOnce() {
        let (owner, _, proxy) = installed()
        proxy.realDelegate = nil
        let token = proxy.replaceResult(TransferProxy.selectors.priority, options: .once) { $0.result! + 5 }
        #expect(owner.priority() == 5)
        #expect(owner.priority() == 0)
        #expect(token.cancel() == false)
        let instead = proxy.implement(TransferProxy.selectors.priority) { _ in 7 }
        let replace = proxy.replaceResult(TransferProxy.selectors.priority) { $0.result! * 10 }
        #expect(owner.priority() == 70)
        #expect(proxy.responds(to: TransferProxy.selectors.priority))
        withExtendedLifetime((instead, replace)) {}
    }
}

/// A real delegate whose answers and records carry the transfer's name.
private final class NamingTransferDelegate: TransferDelegate, @unchecked Sendable {
    private let lock = TestLock()
    private var _names: [String] = []
    private var _fractions: [Double] = []
    var startAnswer = true
    var names: [String] { lock.withLock { _names } }
    var fractions: [Double] { lock.withLock { _fractions } }

    func transfer(_ transfer: Transfer, didProgress fraction: Double) {
        lock.withLock { _fractions.append(fraction) }
    }
    func transferShouldStart(_ transfer: Transfer) -> Bool {
        lock.withLock { _names.append(transfer.name) }
        return startAnswer
    }
    func title(for transfer: Transfer) -> String {
        lock.withLock { _names.append(transfer.name) }
        return "real \(transfer.name)"
    }
}
