import ClosureKit
import Testing

@Suite("ResultCombining")
struct ResultCombiningTests {
    @Test("a should method defaults to &&, and both answers are asked, the real delegate first")
    func shouldDefaultsToAnd() {
        #expect(TransferProxy.selectors.shouldStart.combining.description == "&&")
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        real.startAnswer = true
        let token = proxy.implement(TransferProxy.selectors.shouldStart) { _ in
            log.append("closure")
            return false
        }
        #expect(owner.shouldStart() == false)
        #expect(real.log == ["real shouldStart"])
        #expect(log.all == ["closure"])

        real.startAnswer = false
        let yes = proxy.implement(TransferProxy.selectors.shouldStart) { _ in true }
        token.cancel()
        #expect(owner.shouldStart() == false)
        // Both are called even when the real delegate already said no.
        #expect(real.log == ["real shouldStart", "real shouldStart"])
        real.startAnswer = true
        #expect(owner.shouldStart() == true)
        withExtendedLifetime(yes) {}
    }

    @Test("|| answers true when either says true, asking both")
    func orRule() {
        let (owner, real, proxy) = installedTransferProxy()
        let log = DelegateProxyTestLog()
        real.retryAnswer = true
        let token = proxy.implement(TransferProxy.selectors.shouldRetry) { _ in
            log.append("closure")
            return false
        }
        #expect(owner.shouldRetry() == true)
        #expect(log.all == ["closure"])
        real.retryAnswer = false
        #expect(owner.shouldRetry() == false)
        #expect(real.log == ["real shouldRetry", "real shouldRetry"])
        withExtendedLifetime(token) {}
    }

    @Test("closure wins: only the closure is asked")
    func closureWins() {
        #expect(TransferProxy.selectors.title.combining.description == "closure wins")
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "closure" }
        #expect(owner.title() == "closure")
        #expect(real.log.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test("a custom rule combines the real delegate's answer with the closure's")
    func customRule() {
        let (owner, real, proxy) = installedTransferProxy()
        let token = proxy.implement(TransferProxy.selectors.priority) { _ in 5 }
        #expect(owner.priority() == 15)
        #expect(real.log == ["real priority"])
        withExtendedLifetime(token) {}
    }

    @Test("with only one answer available, that answer is used under every rule")
    func singleAnswer() {
        let (owner, _, proxy) = installedTransferProxy()
        proxy.realDelegate = nil
        let start = proxy.implement(TransferProxy.selectors.shouldStart) { _ in false }
        let priority = proxy.implement(TransferProxy.selectors.priority) { _ in 5 }
        #expect(owner.shouldStart() == false)
        #expect(owner.priority() == 5)
        withExtendedLifetime((start, priority)) {}
    }

    @Test("under a combining rule, proceed returns the real delegate's answer without asking it again")
    func proceedUnderCombining() {
        let (owner, real, proxy) = installedTransferProxy()
        real.priorityAnswer = 7
        let token = proxy.instead(TransferProxy.selectors.priority) { invocation in invocation.proceed() * 2 }
        #expect(owner.priority() == 7 + 14)
        #expect(real.log == ["real priority"])
        withExtendedLifetime(token) {}
    }

    @Test("a Bool method without should in its name defaults to closure wins; an explicit rule overrides the default")
    func defaults() {
        let plain = MethodSelector<Int, Bool>("isEnabled(_:)")
        #expect(plain.combining.description == "closure wins")
        let explicit = MethodSelector<Int, Bool>("shouldOpen(_:)", combining: .or)
        #expect(explicit.combining.description == "||")
        let should = MethodSelector<Int, Bool>("ShouldOpen(_:)")
        #expect(should.combining.description == "&&")
    }
}
