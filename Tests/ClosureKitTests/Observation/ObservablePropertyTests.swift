import ClosureKit
import Dispatch
import Testing

/// Runs `body` when it ends.
private final class EndingValue: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    deinit { body() }
}

private final class EndingHolder: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var value: EndingValue? = nil
    @ObservableProperty var count = 0
}

/// Who observes the object whose property is set: each takes its own path
/// through a set.
enum ReplacedValueObservers: CaseIterable, Sendable {
    case none
    case plain
    case priorOnAnotherProperty
    case priorOnThisProperty
}

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

    @Test(
        "a value replaced by a set ends after the set gave up the lock: its deinit can read and set the object",
        arguments: ReplacedValueObservers.allCases)
    func replacedValueEndsOutsideTheLock(observers: ReplacedValueObservers) {
        let holder = EndingHolder()
        let log = ObservationLog<String>()
        var tokens: [CancellationToken] = []
        if observers != .none {
            holder.observe(\.value, options: observers == .priorOnThisProperty ? .prior : []) { _, change in
                log.append("\(change.kind)")
            }.store(in: &tokens)
        }
        if observers == .priorOnAnotherProperty {
            holder.observe(\.count, options: .prior) { _, _ in }.store(in: &tokens)
        }
        holder.value = EndingValue { [unowned holder] in
            // Under the lock, this read would stop the process ("Recursive
            // call to lock").
            log.append(holder.value == nil ? "ended after the set" : "ended before the set")
            holder.count += 1
        }
        holder.value = nil
        #expect(log.entries.filter { $0.hasPrefix("ended") } == ["ended after the set"])
        #expect(holder.count == 1)
        #expect(log.entries.contains("change") == (observers != .none))
        withExtendedLifetime(tokens) {}
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
