import Dispatch
import Testing

@testable import ClosureKit

/// What the tests need of a counter, so that one test body checks both kinds.
private protocol TestedCounter: ~Copyable, Sendable {
    init()
    func load() -> UInt
    func increment()
    func decrement()
}

extension LockBackedCounter: TestedCounter {}
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension AtomicBackedCounter: TestedCounter {}

/// Both counters behind `AtomicCounter`, each on its own, on every platform
/// where it exists: the build picks one per platform, so the other is only
/// exercised here.
@Suite("AtomicCounter: the lock-backed and the Atomic-backed counter")
struct AtomicCounterTests {
    private static func countsUpAndDown<Counter: TestedCounter & ~Copyable>(_: Counter.Type) {
        let counter = Counter()
        #expect(counter.load() == 0)
        counter.increment()
        counter.increment()
        #expect(counter.load() == 2)
        counter.decrement()
        #expect(counter.load() == 1)
        counter.decrement()
        counter.decrement()
        // Wrapping, never a trap: a count is compared for change, not size.
        #expect(counter.load() == UInt.max)
        counter.increment()
        #expect(counter.load() == 0)
    }

    private static func losesNoChangeAcrossThreads<Counter: TestedCounter & ~Copyable>(_: Counter.Type) {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<10_000 {
                if worker.isMultiple(of: 2) {
                    counter.increment()
                } else {
                    counter.increment()
                    counter.increment()
                    counter.decrement()
                }
                _ = counter.load()
            }
        }
        #expect(counter.load() == 80_000)
    }

    @Test("the lock-backed counter counts up, down and wraps")
    func lockBackedCounts() {
        Self.countsUpAndDown(LockBackedCounter.self)
    }

    @Test("the lock-backed counter loses no change when many threads count at once")
    func lockBackedThreads() {
        Self.losesNoChangeAcrossThreads(LockBackedCounter.self)
    }

    @Test("the Atomic-backed counter counts up, down and wraps")
    func atomicBackedCounts() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        Self.countsUpAndDown(AtomicBackedCounter.self)
    }

    @Test("the Atomic-backed counter loses no change when many threads count at once")
    func atomicBackedThreads() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        Self.losesNoChangeAcrossThreads(AtomicBackedCounter.self)
    }
}
