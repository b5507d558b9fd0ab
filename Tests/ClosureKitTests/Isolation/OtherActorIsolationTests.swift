import ClosureKit
import Testing

/// An actor other than the main one, registering closures that use its
/// state. A proxy message or a property write made by the actor's own code
/// takes no isolation parameter: the library learns that it runs on the actor
/// from the runtime, and answers, or runs the closure, at once.
actor TransferNegotiator {
    let owner = TransferOwner()
    private(set) var asked = 0
    private(set) var changes: [Int] = []
    private var tokens: [CancellationToken] = []

    /// A `.once` closure that answers `false`, and counts; calls made off
    /// the actor pass it over (`.onItsActorOnly`).
    func refuseOnce() {
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        tokens.append(
            proxy.implement(TransferProxy.selectors.shouldStart, options: [.once, .onItsActorOnly]) { _ in
                self.asked += 1
                return false
            })
    }

    /// The owner asks its delegate from the actor's own code.
    func ask() -> Bool? { owner.shouldStart() }

    /// Observes `account.balance` with `.initial`, and returns what the
    /// handler had seen by the time `observe` returned.
    func observeInitial(_ account: ObservedAccount) throws -> [Int] {
        let token = account.observe(\.balance, options: [.initial, .new]) { _, change in
            self.changes.append(change.newValue ?? -1)
        }
        defer { token.cancel() }
        return changes
    }

    /// Observes `account.balance`, sets it, and returns what the handler
    /// had seen by the time the setter returned.
    func writeAndSee(_ account: ObservedAccount) throws -> [Int] {
        let token = account.observe(\.balance, options: .new) { _, change in
            self.changes.append(change.newValue ?? -1)
        }
        defer { token.cancel() }
        account.balance = 7
        account.balance = 8
        return changes
    }
}

@Suite("Another actor's closures: exact on that actor, passed over elsewhere when asked to")
struct OtherActorIsolationTests {
    @Test("an actor's .once proxy closure answers a message sent on that actor, not one sent elsewhere")
    func proxyAnswersOnItsActor() async {
        let negotiator = TransferNegotiator()
        await negotiator.refuseOnce()
        let owner = negotiator.owner
        let answer = FlagBox()
        blockingOnBackgroundThread { answer.value = owner.shouldStart() }
        #expect(answer.value == true) // passed over: the proxy's default
        #expect(await negotiator.asked == 0) // and not used up
        #expect(await negotiator.ask() == false) // answered, on the actor
        #expect(await negotiator.asked == 1)
        #expect(await negotiator.ask() == true) // used up now
        #expect(await negotiator.asked == 1)
    }

    @Test("an actor's observer runs before the setter returns for a write made on that actor")
    func observerRunsAtOnceOnItsActor() async throws {
        let negotiator = TransferNegotiator()
        let account = ObservedAccount()
        let seen = try await negotiator.writeAndSee(account)
        #expect(seen == [7, 8])
    }

    // What `ObservationOptions.initial` documents: before `observe` returns,
    // wherever the runtime can tell that the registration runs on the actor
    // (here, and on Apple's 26 releases). Where it cannot, the callback is
    // enqueued: `ExecutorCheckFallbackTests.initialIsEnqueued`.
    @Test("an actor's .initial observation of a Sendable object runs before observe returns")
    func initialRunsAtOnceOnItsActor() async throws {
        let negotiator = TransferNegotiator()
        let account = ObservedAccount()
        account.balance = 5
        let seen = try await negotiator.observeInitial(account)
        #expect(seen == [5])
    }
}
