import Dispatch
import Testing

@testable import ClosureKit

/// The library's one lock excludes: threads that add to a plain counter under
/// it, contending all the while, lose no addition. On Linux the lock is
/// `Synchronization.Mutex`, or a pthread mutex when the thread sanitizer runs;
/// a run with and a run without the sanitizer cover both.
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
        #if !canImport(Darwin)
        // Without the sanitizer this is the lock that ships, which the
        // sanitizer cannot check: this test is its check.
        #expect(guarded.lock.usesPthreadMutex == Platform.threadSanitizerIsRunning)
        #endif
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
        #expect(guarded.lock.withLock { guarded.count } == 8 * 20_000)
        #expect(throws: Failure.self) { try guarded.lock.withLock { throw Failure() } }
        // Released by the throw: taking it again does not deadlock.
        #expect(guarded.lock.withLock { guarded.count + 1 } == 8 * 20_000 + 1)
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
