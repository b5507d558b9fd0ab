import Dispatch
import Testing

@testable import ClosureKit

/// What the tests need of a counter.
private protocol TestedCounter: ~Copyable, Sendable {
    init()
    func load() -> UInt
    func increment()
    func decrement()
}

extension AtomicCounter: TestedCounter {}

/// `AtomicCounter` on its own: counts up, down and wraps, and loses no change
/// when many threads count at once.
@Suite("AtomicCounter")
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

    @Test("the counter counts up, down and wraps")
    func atomicBackedCounts() {
        Self.countsUpAndDown(AtomicCounter.self)
    }

    @Test("the counter loses no change when many threads count at once")
    func atomicBackedThreads() {
        Self.losesNoChangeAcrossThreads(AtomicCounter.self)
    }
}
