import ClosureKit
import Testing

@Suite("ObservedChange")
struct ObservedChangeTests {
    @Test("a change made by hand reports what it was given")
    func memberwise() {
        let change = ObservedChange<Int>(keyPath: \ObservedAccount.balance, kind: .prior, oldValue: 1, newValue: nil)
        #expect(change.keyPath == \ObservedAccount.balance)
        #expect(change.keyPath != \ObservedAccount.owner)
        #expect(change.isPrior)
        #expect(!change.isInitial)
        #expect(change.oldValue == 1)
        #expect(change.newValue == nil)
    }

    @Test("the kinds of one observation: initial, then prior and change for each set")
    func kinds() throws {
        let account = ObservedAccount()
        let log = ObservationLog<ObservedChange<Int>.Kind>()
        let token = account.observe(\.balance, options: [.initial, .prior]) { _, change in log.append(change.kind) }
        account.balance = 1
        #expect(log.entries == [.initial, .prior, .change])
        withExtendedLifetime(token) {}
    }

    @Test("an initial change carries no old value, a prior change no new value")
    func valuesByKind() throws {
        let account = ObservedAccount()
        account.balance = 5
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.initial, .prior, .old, .new]) { _, change in
            log.append("\(change.kind) \(String(describing: change.oldValue)) \(String(describing: change.newValue))")
        }
        account.balance = 6
        #expect(log.entries == ["initial nil Optional(5)", "prior Optional(5) nil", "change Optional(5) Optional(6)"])
        withExtendedLifetime(token) {}
    }

    @Test("the key path is the one registered, also for a nested path")
    func registeredKeyPath() throws {
        let account = ObservedAccount()
        let log = ObservationLog<Bool>()
        let token = account.observe(\.owner.address.city) { _, change in
            log.append(change.keyPath == \ObservedAccount.owner.address.city)
        }
        account.owner.address.city = "Paris"
        #expect(log.entries == [true])
        withExtendedLifetime(token) {}
    }
}
