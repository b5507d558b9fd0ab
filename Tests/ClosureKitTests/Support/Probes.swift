import Dispatch

@testable import ClosureKit

/// A thread-safe counter and event log for tests.
final class Probe: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var _events: [String] = []
    private var _count = 0

    func record(_ event: String) {
        lock.withLock {
            _events.append(event)
            _count += 1
        }
    }

    func increment() {
        lock.withLock { _count += 1 }
    }

    var events: [String] { lock.withLock { _events } }
    var count: Int { lock.withLock { _count } }
}

/// An object that reports its own deinitialisation.
final class DeinitReporter: @unchecked Sendable {
    let name: String
    let probe: Probe

    init(_ name: String, probe: Probe) {
        self.name = name
        self.probe = probe
    }

    deinit { probe.record("deinit \(name)") }
}

/// A class that knows nothing of ClosureKit.
final class PlainObject: @unchecked Sendable {
    var payload = 0
}

/// A class that adopts Lifetime.
final class LifetimeObject: Lifetime, @unchecked Sendable {
    let lifetimeStorage = LifetimeStorage()
}

/// Runs `body(i)` for `0..<iterations` on many threads at once.
func concurrently(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
}

/// Ends every object that ended before this call and that the process-wide
/// side table holds: with no waiting and no retry.
///
/// Any association or lifetime call, in any test running in parallel, may
/// sweep, and take this test's ended entry out of the table first. Whatever
/// such a sweep takes, it hands to the end-of-life queue in the same critical
/// section (see `SideTable`). So this sweeps on that queue, which serializes
/// it with the queue's own sweeps and with every other test's call of this
/// function, and then drains the queue once more, for what an operation
/// swept and handed over just before this sweep took the lock. Tests sweep
/// only through here, never with `ObjectLifetime.releaseEndedObjects()` on
/// their own thread, where a release would race with this.
func releaseEndedObjects() {
    SideTable.endOfLifeQueue.sync { _ = ObjectLifetime.releaseEndedObjects() }
    SideTable.endOfLifeQueue.sync {}
}
