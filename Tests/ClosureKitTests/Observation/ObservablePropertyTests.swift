import ClosureKit
import Dispatch
import Testing

@Suite("ObservableProperty")
struct ObservablePropertyTests {
    @Test("reads and writes behave like a stored property")
    func storedPropertySemantics() {
        let account = ObservedAccount()
        #expect(account.balance == 0)
        account.balance = 42
        #expect(account.balance == 42)
        account.tags.append("a")
        account.tags += ["b"]
        #expect(account.tags == ["a", "b"])
        account.nickname = "n"
        #expect(account.nickname == "n")
    }

    @Test("reading an observed property notifies nobody")
    func readsDoNotNotify() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { _, _ in log.append("set") }
        _ = account.balance
        _ = account.balanceText
        #expect(log.count == 0)
        withExtendedLifetime(token) {}
    }

    @Test("a compound update is one read and one set: it notifies once")
    func compoundUpdateNotifiesOnce() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.tags, options: [.old, .new]) { _, change in
            log.append("\(change.oldValue!) -> \(change.newValue!)")
        }
        account.tags.append("x")
        account.balance += 1
        #expect(log.entries == [#"[] -> ["x"]"#])
        withExtendedLifetime(token) {}
    }

    @Test("observing one property does not notify for another")
    func propertiesAreIndependent() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { _, _ in log.append("balance") }
        account.nickname = "x"
        account.tags = ["t"]
        #expect(log.count == 0)
        account.balance = 1
        #expect(log.entries == ["balance"])
        withExtendedLifetime(token) {}
    }

    @Test("observing one instance does not notify for another of the same type")
    func instancesAreIndependent() throws {
        let first = ObservedAccount()
        let second = ObservedAccount()
        let log = ObservationLog<String>()
        let token = first.observe(\.balance) { _, _ in log.append("first") }
        second.balance = 1
        #expect(log.count == 0)
        first.balance = 1
        #expect(log.entries == ["first"])
        withExtendedLifetime(token) {}
    }

    @Test("a property that is not marked stays unobservable: it reaches no observer")
    func plainPropertiesDoNotNotify() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { _, _ in log.append("balance") }
        account.plain = 3
        #expect(log.count == 0)
        account.balance = 3
        #expect(log.entries == ["balance"])
        withExtendedLifetime(token) {}
    }

    @Test("a value replaced by a set is released, also when it is an object")
    func replacedValuesAreReleased() throws {
        let account = ObservedAccount()
        weak var oldOwner: ObservedPerson?
        do {
            let owner = ObservedPerson(name: "Old", city: "X")
            oldOwner = owner
            account.owner = owner
        }
        let token = account.observe(\.owner) { _, _ in }
        account.owner = ObservedPerson(name: "New", city: "Y")
        #expect(oldOwner == nil)
        withExtendedLifetime(token) {}
    }

    @Test("reads and writes from many threads are safe")
    func concurrentReadsAndWrites() throws {
        let account = ObservedAccount()
        let log = ObservationLog<Int>()
        let token = account.observe(\.tags, options: .new) { _, change in log.append(change.newValue!.count) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<300 {
                if thread % 2 == 0 {
                    account.tags = Array(repeating: "t", count: index % 5)
                } else {
                    _ = account.tags.count
                    _ = account.balanceText
                }
            }
        }
        #expect(log.count == 600)
        withExtendedLifetime(token) {}
    }
}
