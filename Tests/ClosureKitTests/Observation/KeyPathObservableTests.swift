import ClosureKit
import Dispatch
import Testing

/// Renders a change as text, for compact expectations.
private func describe<Value>(_ change: ObservedChange<Value>) -> String {
    let kind: String
    switch change.kind {
    case .initial: kind = "initial"
    case .prior: kind = "prior"
    case .change: kind = "change"
    }
    let old = change.oldValue.map { "\($0)" } ?? "nil"
    let new = change.newValue.map { "\($0)" } ?? "nil"
    return "\(kind) \(old) -> \(new)"
}

@Suite("Key-path observation")
struct KeyPathObservableTests {
    // MARK: - Options

    @Test("a set delivers the old and new values that the options ask for")
    func oldAndNew() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let both = account.observe(\.balance, options: [.old, .new]) { _, change in
            log.append("both " + describe(change))
        }
        let newOnly = account.observe(\.balance, options: .new) { _, change in log.append("new " + describe(change))
        }
        let oldOnly = account.observe(\.balance, options: .old) { _, change in log.append("old " + describe(change))
        }
        account.balance = 5
        #expect(log.entries == ["both change 0 -> 5", "new change nil -> 5", "old change 0 -> nil"])
        withExtendedLifetime((both, newOnly, oldOnly)) {}
    }

    @Test("with no options the callback still gets a well-formed change")
    func noOptions() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { object, change in
            #expect(object === account)
            #expect(change.keyPath == \ObservedAccount.balance)
            #expect(change.kind == .change)
            #expect(!change.isPrior && !change.isInitial)
            log.append(describe(change))
        }
        account.balance = 1
        #expect(log.entries == ["change nil -> nil"])
        withExtendedLifetime(token) {}
    }

    @Test("initial fires synchronously, before the registration returns")
    func initialIsSynchronous() throws {
        let account = ObservedAccount()
        account.balance = 7
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.initial, .new, .old]) { _, change in
            log.append(describe(change))
        }
        #expect(log.entries == ["initial nil -> 7"])
        account.balance = 8
        #expect(log.entries == ["initial nil -> 7", "change 7 -> 8"])
        withExtendedLifetime(token) {}
    }

    @Test("removing the observation inside the initial callback is safe and final")
    func removeInsideInitial() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.initial, .new]) { account, change in
            log.append(describe(change))
            account.removeAllHandlers()
        }
        #expect(log.entries == ["initial nil -> 0"])
        account.balance = 1
        #expect(log.count == 1)
        #expect(token.cancel() == false)
    }

    @Test("removing a nested observation inside its initial callback is safe")
    func removeNestedInsideInitial() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.owner.address.city, options: [.initial, .new]) { account, change in
            log.append(describe(change))
            account.removeAllHandlers()
        }
        account.owner.address.city = "Paris"
        account.owner = ObservedPerson(name: "Bob", city: "Rome")
        #expect(log.entries == ["initial nil -> London"])
        #expect(token.cancel() == false)
    }

    @Test("prior fires before the value is stored, then the change after it")
    func priorThenAfter() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.prior, .old, .new]) { account, change in
            // The prior callback sees the old value still stored.
            log.append(describe(change) + " stored \(account.balance)")
        }
        account.balance = 3
        account.balance = 4
        #expect(
            log.entries == [
                "prior 0 -> nil stored 0", "change 0 -> 3 stored 3",
                "prior 3 -> nil stored 3", "change 3 -> 4 stored 4",
            ])
        withExtendedLifetime(token) {}
    }

    @Test("prior and change callbacks of several observers keep registration order")
    func priorOrderAcrossObservers() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let first = account.observe(\.balance, options: .prior) { _, change in log.append("first \(change.kind)") }
        let second = account.observe(\.balance) { _, change in log.append("second \(change.kind)") }
        let third = account.observe(\.balance, options: .prior) { _, change in log.append("third \(change.kind)") }
        account.balance = 1
        #expect(log.entries == ["first prior", "third prior", "first change", "second change", "third change"])
        withExtendedLifetime((first, second, third)) {}
    }

    @Test("every set notifies, also a set of an equal value")
    func everySetNotifies() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.old, .new]) { _, change in log.append(describe(change)) }
        account.balance = 0
        account.balance = 0
        #expect(log.entries == ["change 0 -> 0", "change 0 -> 0"])
        withExtendedLifetime(token) {}
    }

    @Test("skippingEqualValues skips sets of an equal value, prior included")
    func skippingEqualValues() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.nickname, options: [.old, .new, .prior, .skippingEqualValues]) { _, change in
            log.append(describe(change))
        }
        account.nickname = nil
        account.nickname = "ada"
        account.nickname = "ada"
        account.nickname = nil
        #expect(
            log.entries == [
                "prior nil -> nil", #"change nil -> Optional("ada")"#, #"prior Optional("ada") -> nil"#,
                #"change Optional("ada") -> nil"#,
            ])
        withExtendedLifetime(token) {}
    }

    // `try holder.observe(\.opaque, options: .skippingEqualValues)` does not
    // compile ("'skippingEqualValues' is unavailable: skippingEqualValues
    // needs an Equatable value; …"): a value that is not Equatable takes
    // NonEquatableObservationOptions, which lack the option.
    @Test("a value that is not Equatable is observed with the other options, every set notifying")
    func nonEquatableValueNotifiesEverySet() throws {
        let holder = ObservedHolder()
        let log = ObservationLog<Int>()
        let token = holder.observe(\.opaque, options: [.new, .initial]) { _, change in
            log.append(change.newValue!.raw)
        }
        holder.opaque = ObservedOpaque(raw: 1)
        holder.opaque = ObservedOpaque(raw: 1)
        #expect(log.entries == [0, 1, 1])
        // The option's bit cannot be smuggled in through the raw value.
        #expect(
            NonEquatableObservationOptions(rawValue: 0xFF).rawValue & ObservationOptions.skippingEqualValues.rawValue
                == 0)
        withExtendedLifetime(token) {}
    }

    // A key path that reads no observable property, or reaches an object
    // through a property that is not one, traps at the registration:
    // ObservationMistakeTests.

    @Test("once ends the observation after its first callback")
    func once() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.new, .once]) { _, change in log.append(describe(change)) }
        account.balance = 1
        account.balance = 2
        #expect(log.entries == ["change nil -> 1"])
        #expect(token.cancel() == false)
    }

    @Test("once with initial counts the initial callback")
    func onceWithInitial() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.new, .initial, .once]) { _, change in
            log.append(describe(change))
        }
        account.balance = 1
        #expect(log.entries == ["initial nil -> 0"])
        #expect(token.cancel() == false)
    }

    // MARK: - Several key paths

    @Test("one registration covers several key paths and says which one changed")
    func severalKeyPaths() throws {
        let account = ObservedAccount()
        account.balance = 1
        let log = ObservationLog<String>()
        let token = account.observe([\.balance, \.owner.address.city.count], options: [.new, .initial]) {
            _, change in
            let name = change.keyPath == \ObservedAccount.balance ? "balance" : "city length"
            log.append("\(name) " + describe(change))
        }
        account.balance = 2
        account.owner.address.city = "Rome"
        #expect(
            log.entries == [
                "balance initial nil -> 1", "city length initial nil -> 6",
                "balance change nil -> 2", "city length change nil -> 4",
            ])
        #expect(token.cancel() == true)
        account.balance = 3
        #expect(log.count == 4)
        #expect(token.cancel() == false)
    }

    @Test("key paths of different types can share one registration")
    func heterogeneousKeyPaths() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe([\ObservedAccount.balance, \ObservedAccount.nickname], options: [.old, .new]) {
            _, change in
            log.append("\(change.keyPath == \ObservedAccount.balance ? "balance" : "nickname") \(change.newValue!)")
        }
        account.balance = 4
        account.balance = 4
        account.nickname = "x"
        #expect(log.entries == ["balance 4", "balance 4", "nickname Optional(\"x\")"])
        withExtendedLifetime(token) {}
    }

    // `observe([\.opaque], options: .skippingEqualValues)` and the same
    // option on key paths of different types do not compile, as for one key
    // path (scripts/rejected/SkippingEqualValues*.swift): the option is never
    // silently ignored.
    @Test("several key paths of one Equatable type skip equal values; of a non-Equatable one, every set notifies")
    func severalKeyPathsSkipEqualValuesOnlyWhenEquatable() throws {
        let account = ObservedAccount()
        let holder = ObservedHolder()
        let log = ObservationLog<String>()
        // A closure that does not use the value's type still gets the option.
        let counts = account.observe([\.balance, \.owner.name.count], options: [.skippingEqualValues]) { _, _ in
            log.append("count")
        }
        let opaque = holder.observe([\.opaque], options: .new) { _, change in
            log.append("opaque \(change.newValue!.raw)")
        }
        account.balance = 1
        account.balance = 1
        account.owner.name = "Bea"
        holder.opaque = ObservedOpaque(raw: 2)
        holder.opaque = ObservedOpaque(raw: 2)
        #expect(log.entries == ["count", "opaque 2", "opaque 2"])
        withExtendedLifetime((counts, opaque)) {}
    }

    @Test("once on several key paths ends all of them after the first callback")
    func onceAcrossKeyPaths() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe([\.balance, \.balance], options: .once) { _, change in
            log.append("\(change.kind)")
        }
        account.balance = 1
        account.balance = 2
        #expect(log.entries == ["change"])
        #expect(token.cancel() == false)
    }

    @Test("removeAllHandlers ends every observation of the object at once")
    func removeAll() throws {
        let account = ObservedAccount()
        let other = ObservedAccount(owner: account.owner)
        let log = ObservationLog<String>()
        let a = account.observe(\.balance) { _, _ in log.append("balance") }
        let b = account.observe(\.owner.name) { _, _ in log.append("owner name") }
        let c = other.observe(\.owner.name) { _, _ in log.append("other's owner name") }
        account.removeAllHandlers()
        account.balance = 1
        account.owner.name = "Grace"
        #expect(log.entries == ["other's owner name"])
        #expect(a.cancel() == false)
        #expect(b.cancel() == false)
        #expect(c.cancel() == true)
    }

    // MARK: - Nested key paths

    @Test("a nested key path notifies when its leaf changes")
    func nestedLeaf() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.owner.address.city, options: [.old, .new]) { _, change in
            log.append(describe(change))
        }
        account.owner.address.city = "Paris"
        #expect(log.entries == ["change London -> Paris"])
        withExtendedLifetime(token) {}
    }

    @Test("a nested key path re-wires when an intermediate object is replaced")
    func nestedRewiring() throws {
        let account = ObservedAccount()
        let oldOwner = account.owner
        let oldAddress = oldOwner.address
        let log = ObservationLog<String>()
        let token = account.observe(\.owner.address.city, options: [.old, .new, .prior]) { _, change in
            log.append(describe(change))
        }
        let newOwner = ObservedPerson(name: "Bob", city: "Rome")
        account.owner = newOwner
        #expect(log.entries == ["prior London -> nil", "change London -> Rome"])

        // The replaced intermediates no longer notify; the new ones do.
        oldOwner.address = ObservedAddress(city: "Oslo")
        oldAddress.city = "Lima"
        #expect(log.count == 2)
        newOwner.address.city = "Milan"
        #expect(log.entries.suffix(2) == ["prior Rome -> nil", "change Rome -> Milan"])
        newOwner.address = ObservedAddress(city: "Turin")
        #expect(log.entries.suffix(2) == ["prior Milan -> nil", "change Milan -> Turin"])
        #expect(log.count == 6)
        withExtendedLifetime(token) {}
    }

    @Test("a nested key path skips equal values of the whole path")
    func nestedSkipping() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.owner.address.city, options: [.new, .skippingEqualValues]) { _, change in
            log.append(describe(change))
        }
        account.owner = ObservedPerson(name: "Twin", city: "London")
        account.owner.address.city = "Paris"
        #expect(log.entries == ["change nil -> Paris"])
        withExtendedLifetime(token) {}
    }

    @Test("a computed property that reads observable ones can be observed")
    func computedProperty() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balanceText, options: [.old, .new]) { _, change in
            log.append(describe(change))
        }
        account.balance = 9
        #expect(log.entries == ["change 0 € -> 9 €"])
        withExtendedLifetime(token) {}
    }

    @Test("a subclass's key path to an inherited property observes it")
    func subclassKeyPath() throws {
        let savings = ObservedSavingsAccount()
        let log = ObservationLog<String>()
        let inherited = savings.observe(\.balance, options: [.old, .new]) { _, change in
            log.append("balance " + describe(change))
        }
        let own = savings.observe(\.rate, options: .new) { _, change in log.append("rate " + describe(change)) }
        savings.balance = 2
        savings.rate = 0.5
        #expect(log.entries == ["balance change 0 -> 2", "rate change nil -> 0.5"])
        withExtendedLifetime((inherited, own)) {}
    }

    // MARK: - Lifetime

    @Test("observations never keep the observed object alive")
    func doesNotRetain() throws {
        let ended = ObservationLog<String>()
        var account: ObservedAccount? = ObservedAccount()
        account!.onDeinit = { ended.append("ended") }
        weak let weakAccount = account
        let direct = account!.observe(\.balance) { _, _ in }
        let nested = account!.observe(\.owner.address.city) { _, _ in }
        account = nil
        #expect(weakAccount == nil)
        #expect(ended.entries == ["ended"])
        withExtendedLifetime((direct, nested)) {}
    }

    @Test("observations end with the observed object: no callback and no crash afterwards")
    func endsAtDeinit() throws {
        let log = ObservationLog<String>()
        let owner = ObservedPerson(name: "Ada", city: "London")
        var account: ObservedAccount? = ObservedAccount(owner: owner)
        let direct = account!.observe(\.balance) { _, _ in log.append("balance") }
        let nested = account!.observe(\.owner.address.city) { _, _ in log.append("city") }
        // While the account lives, both observations are called.
        account!.balance = 1
        owner.address.city = "Oslo"
        #expect(log.entries == ["balance", "city"])
        account = nil
        // The intermediates outlive the account; sets on them reach nobody.
        owner.address.city = "Paris"
        owner.address = ObservedAddress(city: "Rome")
        #expect(log.entries == ["balance", "city"])
        #expect(direct.cancel() == false)
        #expect(nested.cancel() == false)
    }

    @Test("an object that reuses a dead object's address never sees its observers")
    func addressReuse() throws {
        let log = ObservationLog<String>()
        var tokens: [CancellationToken] = []
        var reused = 0
        var observed = 0
        // Tests on other threads allocate too and may take the dead holders'
        // addresses first: a round that sees no reuse starts again.
        for _ in 0..<20 where reused == 0 {
            var addresses = Set<ObjectIdentifier>()
            for _ in 0..<50 {
                let holder = ObservedHolder()
                addresses.insert(ObjectIdentifier(holder))
                holder.observe(\.count) { _, _ in log.append("observer") }.store(in: &tokens)
                holder.count = 1
            }
            observed += 50
            // Each observer was called for its own object.
            #expect(log.count == observed)
            // New holders, each kept so that the next one takes another
            // address, until a few have taken a dead holder's address.
            var newcomers: [ObservedHolder] = []
            for _ in 0..<2_000 where reused < 3 {
                let holder = ObservedHolder()
                if addresses.contains(ObjectIdentifier(holder)) { reused += 1 }
                holder.count = 1
                newcomers.append(holder)
            }
            #expect(log.count == observed)
        }
        #expect(
            reused > 0 || runsUnderAddressSanitizer, "no new holder took a dead one's address, so nothing was checked")
    }

    // MARK: - Tokens

    @Test("cancel is idempotent and returns true only when it prevented something")
    func cancelIdempotent() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { _, _ in log.append("called") }
        let other = account.observe(\.balance) { _, _ in log.append("other") }
        #expect(token.isCancelled == false)
        #expect(token.cancel() == true)
        #expect(token.cancel() == false)
        #expect(token.isCancelled)
        account.balance = 1
        #expect(log.entries == ["other"])
        withExtendedLifetime(other) {}
    }

    @Test("releasing a token ends its observation")
    func releaseCancels() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        var token: CancellationToken? = account.observe(\.balance) { _, _ in log.append("called") }
        account.balance = 1
        token = nil
        account.balance = 2
        #expect(log.count == 1)
        _ = token
    }

    @Test("tokens are hashable and can be kept in a set")
    func tokensInSet() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        var tokens = Set<CancellationToken>()
        account.observe(\.balance) { _, _ in log.append("a") }.store(in: &tokens)
        account.observe(\.balance) { _, _ in log.append("b") }.store(in: &tokens)
        #expect(tokens.count == 2)
        account.balance = 1
        tokens.removeAll()
        account.balance = 2
        #expect(log.entries == ["a", "b"])
    }

    @Test("a callback may remove itself and later observers while it runs")
    func removalDuringDispatch() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let later = ObservationTokenBox()
        let me = ObservationTokenBox()
        me.token = account.observe(\.balance) { _, _ in
            log.append("first")
            #expect(me.token?.cancel() == true)
            #expect(later.token?.cancel() == true)
        }
        later.token = account.observe(\.balance) { _, _ in log.append("later") }
        account.balance = 1
        account.balance = 2
        #expect(log.entries == ["first"])
    }

    @Test("an observer added during a dispatch runs from the next set on")
    func additionDuringDispatch() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let added = ObservationTokenBox()
        let token = account.observe(\.balance, options: .new) { account, change in
            log.append("outer \(change.newValue!)")
            if added.token == nil {
                added.token = account.observe(\.balance, options: .new) { _, change in
                    log.append("added \(change.newValue!)")
                }
            }
        }
        account.balance = 1
        account.balance = 2
        #expect(log.entries == ["outer 1", "outer 2", "added 2"])
        withExtendedLifetime(token) {}
    }

    @Test("callbacks run with no library lock held: they may read and set observed properties")
    func noLockDuringCallback() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.new, .prior]) { account, change in
            log.append("\(change.kind) \(account.balance)")
            if change.kind == .change, account.balance < 3 {
                account.balance += 1 // re-entrant set: notifies again, synchronously
            }
        }
        account.balance = 1
        #expect(log.entries == ["prior 0", "change 1", "prior 1", "change 2", "prior 2", "change 3"])
        withExtendedLifetime(token) {}
    }

    // MARK: - Threads

    @Test("writers on many threads each produce exactly one notification per set")
    func concurrentWriters() throws {
        let account = ObservedAccount()
        let log = ObservationLog<Int>()
        let threads = 4
        let setsPerThread = 500
        let direct = account.observe(\.balance, options: .new) { _, change in log.append(change.newValue!) }
        let nested = account.observe(\.owner.name, options: .new) { _, _ in log.append(-1) }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<setsPerThread {
                account.balance = thread * setsPerThread + index
                if index % 10 == 0 { account.owner.name = "writer \(thread)" }
            }
        }
        let entries = log.entries
        #expect(entries.filter { $0 >= 0 }.count == threads * setsPerThread)
        #expect(Set(entries.filter { $0 >= 0 }).count == threads * setsPerThread)
        #expect(entries.filter { $0 < 0 }.count == threads * setsPerThread / 10)
        withExtendedLifetime((direct, nested)) {}
    }

    @Test("registering and cancelling while other threads set is safe")
    func concurrentRegistration() throws {
        let account = ObservedAccount()
        let log = ObservationLog<Int>()
        let steady = account.observe(\.balance) { _, _ in log.append(1) }
        let sets = 400
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread < 2 {
                for value in 0..<sets { account.balance = value }
            } else {
                for index in 0..<100 {
                    let token = account.observe(
                        index % 2 == 0 ? \ObservedAccount.balance : \.owner.address.city.count
                    ) { _, _ in }
                    if index % 3 == 0 { account.owner.address = ObservedAddress(city: "c\(index)") }
                    token.cancel()
                }
            }
        }
        #expect(log.count == 2 * sets)
        withExtendedLifetime(steady) {}
    }
}

/// A token slot that a callback can reach.
final class ObservationTokenBox: @unchecked Sendable {
    private let lock = ObservationTestLock()
    private var stored: CancellationToken?

    var token: CancellationToken? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    @Test("a nested key path through observable properties registers and follows its links")
    func nestedPathThroughObservableProperties() throws {
        let account = ObservedAccount()
        let cities = Probe()
        let token = account.observe(\.owner.address.city, options: [.new]) { _, change in
            cities.record(change.newValue ?? "?")
        }
        account.owner.address.city = "Paris"
        account.owner = ObservedPerson(name: "Bo", city: "Oslo")
        #expect(cities.events == ["Paris", "Oslo"])
        withExtendedLifetime(token) {}
    }

    @Test("a nested key path through an optional observable property registers and follows it")
    func optionalNestedPath() throws {
        let account = ObservedAccount()
        let names = Probe()
        let token = account.observe(\.coOwner?.name, options: [.new]) { _, change in
            names.record((change.newValue ?? nil) ?? "nil")
        }
        let partner = ObservedPerson(name: "Di", city: "Lima")
        account.coOwner = partner
        partner.name = "Dee"
        account.coOwner = nil
        #expect(names.events == ["Di", "Dee", "nil"])
        withExtendedLifetime(token) {}
    }
}
