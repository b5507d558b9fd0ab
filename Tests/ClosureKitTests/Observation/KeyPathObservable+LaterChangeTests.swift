import Testing

@testable import ClosureKit

/// The rules of a notification hold however often the property changed
/// before: each test changes it several times first, then changes the
/// observations from inside a callback.
@Suite("KeyPathObservable: later changes")
struct KeyPathObservableLaterChangeTests {
    @Test("on a later change, a callback that ends later observations stops them for that same change")
    func cancelLaterObservations() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let armed = Locked(false)
        let later = Locked<[CancellationToken]>([])
        let first = account.observe(\.balance) { account, _ in
            log.append("first \(account.balance)")
            if armed.withLock({ $0 }) { for token in later.withLock({ $0 }) { #expect(token.cancel()) } }
        }
        later.withLock {
            $0 = [
                account.observe(\.balance) { account, _ in log.append("second \(account.balance)") },
                account.observe(\.balanceText) { account, _ in log.append("text \(account.balance)") },
            ]
        }
        for value in 1...3 { account.balance = value }
        #expect(log.entries.count == 9)
        armed.withLock { $0 = true }
        account.balance = 4
        #expect(log.entries.last == "first 4")
        #expect(log.entries.count == 10)
        armed.withLock { $0 = false }
        account.balance = 5
        #expect(Array(log.entries.suffix(2)) == ["first 4", "first 5"])
        withExtendedLifetime(first) {}
    }

    @Test("on a later change, removeAllHandlers from a callback stops every later one")
    func removeAllDuringChange() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let armed = Locked(false)
        let tokens = [
            account.observe(\.balance) { account, _ in
                log.append("first \(account.balance)")
                if armed.withLock({ $0 }) { account.removeAllHandlers() }
            },
            account.observe(\.balance) { account, _ in log.append("second \(account.balance)") },
        ]
        for value in 1...3 { account.balance = value }
        armed.withLock { $0 = true }
        account.balance = 4
        account.balance = 5
        #expect(log.entries.count == 7)
        #expect(log.entries.last == "first 4")
        #expect(tokens.allSatisfy { !$0.cancel() })
    }

    @Test("a once observation added after many changes is called for the next change only")
    func onceAfterManyChanges() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let steady = account.observe(\.balance) { account, _ in log.append("steady \(account.balance)") }
        for value in 1...3 { account.balance = value }
        let once = account.observe(\.balance, options: .once) { account, _ in log.append("once \(account.balance)")
        }
        for value in 4...6 { account.balance = value }
        #expect(log.entries.suffix(4) == ["steady 4", "once 4", "steady 5", "steady 6"])
        #expect(once.cancel() == false)
        withExtendedLifetime(steady) {}
    }
}
