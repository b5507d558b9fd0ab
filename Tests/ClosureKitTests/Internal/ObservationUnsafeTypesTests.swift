import Testing

@testable import ClosureKit

/// The self-tests of observation's unsafe types in Internal/Unsafe: each is
/// read back through its unsafe path and compared with the safe answer.
@Suite("Observation's unsafe types: BorrowedReference, PinnedKeyPath, ObservedValues, observedRoot")
struct ObservationUnsafeTypesTests {
    private final class Target {
        var calls = 0
    }

    private final class Root: KeyPathObservable {
        let observationStorage = ObservationStorage()
        @ObservableProperty var value = 0
    }

    @Test("a borrowed reference lends the object it holds, and keeps it alive as long as the value lives")
    func borrowedReference() {
        weak var weakTarget: Target?
        var reference: BorrowedReference<Target>?
        do {
            let target = Target()
            weakTarget = target
            reference = BorrowedReference(target)
        }
        #expect(weakTarget != nil)
        let same = reference!.withBorrowed { target -> Bool in
            target.calls += 1
            return target === weakTarget
        }
        #expect(same)
        #expect(weakTarget?.calls == 1)
        reference = nil
        #expect(weakTarget == nil)
    }

    @Test("a pinned key path reads back the key path it pinned, in one word")
    func pinnedKeyPath() throws {
        let keyPath: AnyKeyPath = \Root.value
        // The pins are process-wide and permanent: a test that fills them
        // (`UserCodeOutsideLocksTests`) may have run first, and then pinning
        // a new key path is refused, which is the only case it may be.
        guard let pinned = PinnedKeyPath(pinning: keyPath) else {
            #expect(KeyPathPins.count == KeyPathPins.capacity)
            return
        }
        #expect(pinned.keyPath === keyPath)
        #expect(ObservedKeyPath(pinned: pinned).keyPath == keyPath)
        #expect(MemoryLayout<PinnedKeyPath>.size == MemoryLayout<AnyKeyPath>.size)
    }

    @Test("observed values read back the old and new value as their type, and an initial value as its new value")
    func observedValues() {
        ObservedValues.with(old: "old", new: "new") { values in
            #expect(values.oldValue(as: String.self) == "old")
            #expect(values.newValue(as: String.self) == "new")
            #expect(!values.areEqual(==, as: String.self))
        }
        ObservedValues.with(old: [1, 2], new: [1, 2]) { values in
            #expect(values.areEqual(==, as: [Int].self))
        }
        ObservedValues.with(initial: 7) { values in
            #expect(values.newValue(as: Int.self) == 7)
        }
    }

    @Test("observedRoot returns the very object it is given, as its type")
    func observedRootIsTheObject() {
        let root = Root()
        let object: AnyObject = root
        #expect(observedRoot(object, as: Root.self) === root)
    }
}
