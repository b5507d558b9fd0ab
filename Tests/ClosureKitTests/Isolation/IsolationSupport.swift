import ClosureKit
import Dispatch

/// A control isolated to the main actor, as every UIKit control is: no
/// `Sendable` annotation, and its handlers read its properties.
@MainActor
final class MainActorButton: EventControl {
    let controlEventStorage = ControlEventStorage()
    var title = "Buy"
}

/// A plain class, not `Sendable`, used from one isolation.
final class PlainCounter: EventControl {
    let controlEventStorage = ControlEventStorage()
    var taps = 0
}

/// Runs `body` on a thread that is not the main thread, and returns once it
/// has run.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            body()
            continuation.resume()
        }
    }
}

/// Waits, on the main actor, until `condition` holds: every event enqueued to
/// the main actor before the call has run by then. Gives up after `limit`
/// turns of the main actor's queue (so a lost event fails the test instead of
/// hanging it).
@MainActor
func untilMainActor(_ condition: () -> Bool, limit: Int = 100_000) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// Runs `body` on another thread while the calling thread waits, without
/// letting the caller's actor run anything else meanwhile: events that
/// `body` enqueues to the main actor stay waiting until the caller's next
/// suspension.
func blockingOnBackgroundThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        body()
        done.signal()
    }
    done.wait()
}
