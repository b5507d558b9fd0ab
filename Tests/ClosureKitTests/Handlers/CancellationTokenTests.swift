import Testing

@testable import ClosureKit

@Suite("CancellationToken")
struct CancellationTokenTests {
    @Test("cancel returns true the first time only, and only if it prevented something")
    func cancelIsIdempotent() {
        let probe = Probe()
        let list = HandlerList<@Sendable () -> Void>()
        let token = list.add { probe.record("cancelled") }
        let kept = list.add { probe.record("kept") }
        #expect(token.isCancelled == false)
        #expect(token.cancel() == true)
        #expect(token.isCancelled == true)
        #expect(token.cancel() == false)
        list.forEach { $0() }
        #expect(probe.events == ["kept"])
        withExtendedLifetime(kept) {}
    }

    @Test("cancelling after the list went away prevents nothing")
    func cancelAfterListEnded() {
        var list: HandlerList<@Sendable () -> Void>? = HandlerList()
        let token = list!.add {}
        list = nil
        #expect(token.cancel() == false)
        #expect(token.isCancelled == true)
    }

    @Test("a released token cancels its registration")
    func releaseCancels() {
        let probe = Probe()
        let list = HandlerList<@Sendable () -> Void>()
        var token: CancellationToken? = list.add { probe.increment() }
        list.forEach { $0() }
        #expect(probe.count == 1)
        _ = token
        token = nil
        #expect(list.isEmpty)
        list.forEach { $0() }
        #expect(probe.count == 1)
    }

    @Test("tokens are hashable by identity and can be stored in a set or an array")
    func storage() {
        let list = HandlerList<@Sendable () -> Void>()
        var set = Set<CancellationToken>()
        var array: [CancellationToken] = []
        do {
            let first = list.add {}
            let second = list.add {}
            first.store(in: &set)
            second.store(in: &set)
            first.store(in: &set)
            #expect(set.count == 2)
            #expect(first != second)
            #expect(set.contains(first) && set.contains(second))
            second.store(in: &array)
            #expect(array.count == 1)
            #expect(array[0] == second)
        }
        set.removeAll()
        // `second` is still held by the array; `first` was only in the set.
        #expect(list.count == 1)
        array.removeAll()
        #expect(list.isEmpty)
    }

    @Test("a token dropped from its set cancels")
    func setRemovalCancels() {
        let list = HandlerList<@Sendable () -> Void>()
        var set = Set<CancellationToken>()
        list.add {}.store(in: &set)
        list.add {}.store(in: &set)
        #expect(list.count == 2)
        set.removeAll()
        #expect(list.count == 0)
    }

    @Test("a closure token runs its action once, on cancel or release")
    func closureToken() {
        let probe = Probe()
        let token = CancellationToken { probe.increment() }
        #expect(token.cancel() == true)
        #expect(token.cancel() == false)
        #expect(probe.count == 1)
        do {
            let released = CancellationToken { probe.increment() }
            _ = released
        }
        #expect(probe.count == 2)
    }

    @Test("an inert token prevents nothing")
    func inert() {
        let token = CancellationToken.inert()
        #expect(token.cancel() == false)
        #expect(token.isCancelled == true)
        // Unlike a token with an action, which prevents its action once.
        let probe = Probe()
        let live = CancellationToken { probe.increment() }
        #expect(live.isCancelled == false)
        #expect(live.cancel() == true)
        #expect(probe.count == 1)
    }

    @Test("cancel from many threads at once returns true exactly once")
    func concurrentCancel() {
        for _ in 0..<200 {
            let list = HandlerList<@Sendable () -> Void>()
            let token = list.add {}
            let wins = Probe()
            concurrently(8) { _ in
                if token.cancel() { wins.increment() }
            }
            #expect(wins.count == 1)
        }
    }
}
