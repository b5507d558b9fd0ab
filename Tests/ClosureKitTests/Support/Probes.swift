import Dispatch
@testable import ClosureKit

/// A thread-safe counter and event log for tests.
final class Probe: @unchecked Sendable {
    private let lock = Lock()
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
