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

/// Sweeps the process-wide side table until `released` holds, and returns
/// whether it did.
///
/// Any association or lifetime call, in any test running in parallel, may
/// start a sweep. Such a sweep can take this test's ended entry out of the
/// table just before this test's own sweep, and release it on its own thread
/// a moment later; so one sweep followed by an assertion could fail for a
/// release that does happen. Retries for at most about ten seconds, without
/// asserting on speed; the caller then asserts on what was released.
@discardableResult
func releaseEndedObjects(until released: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
        ObjectLifetime.releaseEndedObjects()
        if released() { return true }
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(1))
    }
    return false
}
