import Testing

@testable import ClosureKit

private let number = AssociationKey<Int>("number")
private let reporter = AssociationKey<DeinitReporter>("reporter")
private let label = AssociationKey<String>("label")

@Suite("Association", .serialized)
struct AssociationTests {
    @Test("a strong value comes back as the same instance", arguments: [false, true])
    func strongIdentity(adopter: Bool) {
        let object: AnyObject = adopter ? LifetimeObject() : PlainObject()
        let probe = Probe()
        let value = DeinitReporter("value", probe: probe)
        Association.set(value, for: reporter, on: object)
        #expect(Association.value(for: reporter, on: object) === value)
        Association.set(value, for: reporter, on: object, policy: .strong)
        #expect(Association.value(for: reporter, on: object) === value)
    }

    @Test("a strong value is kept alive by its object")
    func strongKeepsAlive() {
        let probe = Probe()
        let object = LifetimeObject()
        Association.set(DeinitReporter("value", probe: probe), for: reporter, on: object)
        #expect(probe.events.isEmpty)
        #expect(Association.value(for: reporter, on: object)?.name == "value")
    }

    @Test("a weak value reads nil once it is released", arguments: [false, true])
    func weakReadsNil(adopter: Bool) {
        let object: AnyObject = adopter ? LifetimeObject() : PlainObject()
        let probe = Probe()
        var value: DeinitReporter? = DeinitReporter("weak", probe: probe)
        Association.set(value, for: reporter, on: object, policy: .weak)
        #expect(Association.value(for: reporter, on: object) === value)
        value = nil
        #expect(probe.events == ["deinit weak"])
        #expect(Association.value(for: reporter, on: object) == nil)
    }

    @Test("associating nil removes the value and releases it")
    func nilRemoves() {
        let object = PlainObject()
        let probe = Probe()
        Association.set(DeinitReporter("gone", probe: probe), for: reporter, on: object)
        Association.set(3, for: number, on: object)
        #expect(Association.count(on: object) == 2)
        Association.set(nil, for: reporter, on: object)
        #expect(probe.events == ["deinit gone"])
        #expect(Association.value(for: reporter, on: object) == nil)
        #expect(Association.value(for: number, on: object) == 3)
        #expect(Association.removeValue(for: number, from: object) == 3)
        #expect(Association.value(for: number, on: object) == nil)
        #expect(Association.count(on: object) == 0)
    }

    @Test("remove-all releases every value of one object and no other's")
    func removeAll() {
        let object = LifetimeObject()
        let other = LifetimeObject()
        Association.set(1, for: number, on: object)
        Association.set("a", for: label, on: object)
        Association.set(2, for: number, on: other)
        Association.removeAll(from: object)
        #expect(Association.value(for: number, on: object) == nil)
        #expect(Association.value(for: label, on: object) == nil)
        #expect(Association.value(for: number, on: other) == 2)
    }

    @Test("switching a key between strong and weak is safe", arguments: [false, true])
    func policySwitch(adopter: Bool) {
        let object: AnyObject = adopter ? LifetimeObject() : PlainObject()
        let probe = Probe()
        var value: DeinitReporter? = DeinitReporter("switch", probe: probe)
        for round in 0..<100 {
            Association.set(value, for: reporter, on: object, policy: round.isMultiple(of: 2) ? .strong : .weak)
            #expect(Association.value(for: reporter, on: object) === value)
        }
        // The last write (round 99) was weak: releasing ours releases it.
        value = nil
        #expect(probe.events == ["deinit switch"])
        #expect(Association.value(for: reporter, on: object) == nil)
        Association.set(DeinitReporter("strong again", probe: probe), for: reporter, on: object, policy: .strong)
        #expect(Association.value(for: reporter, on: object)?.name == "strong again")
    }

    @Test("keys with the same name are distinct; the value type is part of the key")
    func keysAreDistinct() {
        let object = PlainObject()
        let first = AssociationKey<Int>("same")
        let second = AssociationKey<Int>("same")
        Association.set(1, for: first, on: object)
        Association.set(2, for: second, on: object)
        #expect(Association.value(for: first, on: object) == 1)
        #expect(Association.value(for: second, on: object) == 2)
        #expect(first != second)
        #expect(first.description == "AssociationKey<Int>(same)")
    }

    @Test("a key's identity is the key made, not its name: copies are equal, a key made again reads nothing")
    func keyIdentityIsTheInstance() {
        let object = PlainObject()
        let original = AssociationKey<Int>("score")
        let copy = original
        Association.set(7, for: original, on: object)
        #expect(copy == original)
        #expect(Set([original, copy]).count == 1)
        #expect(Association.value(for: copy, on: object) == 7)
        // What a computed `static var` key does: a new key per access.
        func madeAgain() -> AssociationKey<Int> { AssociationKey<Int>("score") }
        #expect(madeAgain() != original)
        #expect(Association.value(for: madeAgain(), on: object) == nil)
    }

    @Test("an adopter's values are released when it ends, deterministically")
    func adopterReleasesValues() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        Association.set(DeinitReporter("value", probe: probe), for: reporter, on: object!)
        object = nil
        #expect(probe.events == ["deinit value"])
    }

    @Test("another object's values are released by a sweep after it ends")
    func plainReleasesValuesOnSweep() {
        let probe = Probe()
        var object: PlainObject? = PlainObject()
        Association.set(DeinitReporter("value", probe: probe), for: reporter, on: object!)
        object = nil
        releaseEndedObjects()
        #expect(probe.events == ["deinit value"])
    }

    @Test("100,000 churned short-lived objects never see a dead object's value, and the table stays bounded")
    func addressReuse() {
        let key = AssociationKey<Int>("generation")
        var stale = 0
        var addresses = Set<ObjectIdentifier>()
        var reused = 0
        for generation in 0..<100_000 {
            let object = PlainObject()
            if !addresses.insert(ObjectIdentifier(object)).inserted { reused += 1 }
            if let seen = Association.value(for: key, on: object) {
                stale += 1
                _ = seen
            }
            Association.set(generation, for: key, on: object)
            #expect(Association.value(for: key, on: object) == generation)
        }
        #expect(stale == 0)
        // Addresses were reused (after the sweeps that dropped dead entries),
        // so the check above had something to check.
        #expect(reused > 0 || runsUnderAddressSanitizer)
        // The amortised sweeps alone keep the table bounded while objects
        // churn, each adding an entry: not one entry per churned object.
        #expect(SideTable.entryCount <= 4 * SideTable.sweepFloor)
        // The sweep keeps the table bounded, not one entry per churned object.
        releaseEndedObjects()
        #expect(SideTable.entryCount < 1_000)
    }

    @Test("churned adopters never see a dead object's value either")
    func addressReuseAdopters() {
        let key = AssociationKey<Int>("generation")
        var stale = 0
        var addresses = Set<ObjectIdentifier>()
        var reused = 0
        for generation in 0..<100_000 {
            let object = LifetimeObject()
            if !addresses.insert(ObjectIdentifier(object)).inserted { reused += 1 }
            if Association.value(for: key, on: object) != nil { stale += 1 }
            Association.set(generation, for: key, on: object)
            #expect(Association.value(for: key, on: object) == generation)
        }
        #expect(stale == 0)
        #expect(reused > 0 || runsUnderAddressSanitizer)
    }

    @Test("10,000 concurrent set, get and remove operations lose no update")
    func concurrentOperations() {
        let shared = PlainObject()
        let adopter = LifetimeObject()
        let keys = (0..<16).map { AssociationKey<Int>("k\($0)") }
        concurrently(10_000) { index in
            let key = keys[index % keys.count]
            let target: AnyObject = index.isMultiple(of: 2) ? shared : adopter
            switch index % 3 {
            case 0:
                Association.set(index, for: key, on: target)
            case 1:
                _ = Association.value(for: key, on: target)
            default:
                // A private object per operation: set, read back, remove.
                let own = PlainObject()
                Association.set(index, for: key, on: own)
                #expect(Association.value(for: key, on: own) == index)
                #expect(Association.removeValue(for: key, from: own) == index)
            }
        }
        // No lost update: each thread increments its own key's counter on a
        // shared object under contention from every other thread.
        let counterKeys = (0..<8).map { AssociationKey<Locked<Int>>("c\($0)") }
        for key in counterKeys { Association.set(Locked(0), for: key, on: shared) }
        concurrently(10_000) { index in
            let counter = Association.value(for: counterKeys[index % 8], on: shared)
            counter?.withLock { $0 += 1 }
        }
        let total = counterKeys.reduce(0) { sum, key in
            sum + (Association.value(for: key, on: shared)?.withLock { $0 } ?? 0)
        }
        #expect(total == 10_000)
    }

    @Test("concurrent writers on distinct keys of one object each keep their last write")
    func concurrentWritersKeepLastWrite() {
        let object = PlainObject()
        let keys = (0..<100).map { AssociationKey<Int>("w\($0)") }
        concurrently(100) { index in
            for round in 0..<100 {
                Association.set(round, for: keys[index], on: object)
            }
        }
        for key in keys { #expect(Association.value(for: key, on: object) == 99) }
        #expect(Association.count(on: object) == 100)
    }
}
