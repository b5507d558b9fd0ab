import Dispatch
import Testing

@testable import ClosureKit

/// The library's one lock excludes: threads that add to a plain counter under
/// it, contending all the while, lose no addition. The lock is the one that
/// ships in every build (on Linux `Synchronization.Mutex`, which tells the
/// thread sanitizer what it does): under the sanitizer, a lock that let two
/// threads into the critical section at once would also be reported as a
/// race on `count`, since nothing would order their additions.
@Suite("Lock")
struct LockTests {
    /// A counter that only the lock guards.
    private final class Guarded: @unchecked Sendable {
        let lock = Lock()
        var count = 0
        deinit { lock.destroy() }
    }

    @Test("lock() and unlock() exclude each other across threads")
    func lockAndUnlockExclude() {
        let guarded = Guarded()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                guarded.lock.lock()
                guarded.count += 1
                guarded.lock.unlock()
            }
        }
        #expect(guarded.count == 8 * 20_000)
    }

    @Test("withLock excludes, returns the body's result and releases the lock when the body throws")
    func withLockExcludesAndReleasesOnThrow() throws {
        struct Failure: Error {}
        let guarded = Guarded()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { guarded.lock.withLock { guarded.count += 1 } }
        }
        // Results bound first: a closure inside `#expect` took the type
        // checker over a second of every cold build.
        let total: Int = guarded.lock.withLock { guarded.count }
        #expect(total == 160_000)
        #expect(throws: Failure.self) { try guarded.lock.withLock { throw Failure() } }
        // Released by the throw: taking it again does not deadlock.
        let again: Int = guarded.lock.withLock { guarded.count + 1 }
        #expect(again == 160_001)
    }

    @Test("the striped locks are shared by address and exclude like any other")
    func stripes() {
        let object = Guarded()
        #expect(Lock.striped(for: object).raw == Lock.striped(for: object).raw)
        let stripe = Lock.striped(for: object)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { stripe.withLock { object.count += 1 } }
        }
        #expect(object.count == 4 * 10_000)
    }
}
