#if DEBUG
import Testing

@testable import ClosureKit

// Apple systems before the 26 releases cannot tell the library that code runs
// on an actor other than the main one (`SwiftRuntime.isRunning(on:)` answers
// false there, as for a custom executor that does not implement
// `isIsolatingCurrentContext()`). The debug-only, task-local switch
// `SwiftRuntime.simulatesMissingExecutorCheck` takes that path on Linux, for
// the task that sets it only, so that the suites running beside this one keep
// the real answer.

/// An actor that registers closures using its state, as
/// `TransferNegotiator` does, and keeps its tokens, so that an event enqueued
/// to it still runs after the registration returned.
actor FallbackNegotiator {
    let owner = TransferOwner()
    private(set) var asked = 0
    private(set) var changes: [Int] = []
    private var tokens: [CancellationToken] = []

    /// A `.once` closure that answers `false`, and counts.
    func refuseOnce(options: RegistrationOptions = .once) {
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        tokens.append(
            proxy.implement(TransferProxy.selectors.shouldStart, options: options.union(.once)) { _ in
                self.asked += 1
                return false
            })
    }

    /// The owner asks its delegate from the actor's own code.
    func ask() -> Bool? { owner.shouldStart() }

    /// Observes `account.balance` with `.initial`, keeps the token, and
    /// returns what the handler had seen by the time `observe` returned.
    func observeInitial(_ account: ObservedAccount) -> [Int] {
        tokens.append(
            account.observe(\.balance, options: [.initial, .new]) { _, change in
                self.changes.append(change.newValue ?? -1)
            })
        return changes
    }

    /// Sets `account.balance` from the actor's own code, and returns what the
    /// handler had seen by the time the setter returned.
    func write(_ value: Int, to account: ObservedAccount) -> [Int] {
        account.balance = value
        return changes
    }

    /// Waits, on the actor, until `count` changes have arrived: the events
    /// enqueued to the actor run while it is suspended. Gives up after
    /// `limit` turns (a lost event fails the test instead of hanging it).
    func untilChanges(_ count: Int, limit: Int = 100_000) async -> [Int] {
        for _ in 0..<limit {
            if changes.count >= count { break }
            await Task.yield()
        }
        return changes
    }
}

@Suite("Another actor where the runtime cannot check its executor (Apple systems before the 26 releases)")
struct ExecutorCheckFallbackTests {
    @Test("an actor's .once answering closure answers its own code's message: the executor's own check decides")
    func answeringClosureAsksTheExecutor() async {
        let negotiator = FallbackNegotiator()
        await negotiator.refuseOnce()
        await SwiftRuntime.$simulatesMissingExecutorCheck.withValue(true) {
            #expect(await negotiator.ask() == false) // answered: `preconditionIsolated` confirmed the actor
            #expect(await negotiator.asked == 1)
            #expect(await negotiator.ask() == true) // used up now
        }
    }

    @Test("an actor's .once, .onItsActorOnly answering closure is passed over where the runtime cannot tell")
    func answeringClosureIsPassedOver() async {
        let negotiator = FallbackNegotiator()
        await negotiator.refuseOnce(options: .onItsActorOnly)
        await SwiftRuntime.$simulatesMissingExecutorCheck.withValue(true) {
            #expect(await negotiator.ask() == true) // passed over: the proxy's default
            #expect(await negotiator.ask() == true)
            #expect(await negotiator.asked == 0) // never called, and not used up
        }
        // Where the runtime can tell (Linux, Apple's 26 releases), it answers.
        #expect(await negotiator.ask() == false)
        #expect(await negotiator.asked == 1)
    }

    @Test("an actor's .initial observation of a Sendable object is enqueued, and runs after observe returns")
    func initialIsEnqueued() async {
        let negotiator = FallbackNegotiator()
        let account = ObservedAccount()
        account.balance = 5
        await SwiftRuntime.$simulatesMissingExecutorCheck.withValue(true) {
            #expect(await negotiator.observeInitial(account) == []) // not yet
            #expect(await negotiator.untilChanges(1) == [5]) // then, on the actor
        }
    }

    @Test("an actor's observer of a Sendable object is enqueued for a write its own code makes")
    func observerIsEnqueued() async {
        let negotiator = FallbackNegotiator()
        let account = ObservedAccount()
        await SwiftRuntime.$simulatesMissingExecutorCheck.withValue(true) {
            #expect(await negotiator.observeInitial(account) == [])
            #expect(await negotiator.untilChanges(1) == [0])
            #expect(await negotiator.write(7, to: account) == [0]) // the setter returned first
            #expect(await negotiator.untilChanges(2) == [0, 7])
        }
        // With the check, the same write runs the observer before the setter returns.
        #expect(await negotiator.write(8, to: account) == [0, 7, 8])
    }
}
#endif
