import ClosureKit
import Foundation

// Lifetime: register an end-of-life callback and let the object end, against
// the hand-written alternative (an array of closures the class calls in its
// own deinit).

private final class OptedIn: Lifetime {
    let lifetimeStorage = LifetimeStorage()
}

private final class HandWritten {
    var onDeinit: [() -> Void] = []
    deinit { for body in onDeinit { body() } }
}

private final class Counter: @unchecked Sendable {
    var value = 0
}

/// Create, register an end callback, end: ours and the hand-written class,
/// shared with the callgrind driver.
private func lifetimeCases(_ counter: Counter, _ peerCounter: Counter) -> [(name: String, body: (Int) -> Void)] {
    [
        (
            "lifetime.create-end",
            { n in
                for _ in 0..<n {
                    var object: OptedIn? = OptedIn()
                    let token = object!.onEnd { counter.value &+= 1 }
                    object = nil // ends the object while the token still holds the callback
                    blackHole(token)
                }
            }
        ),
        (
            "lifetime.peer.closure-array",
            { n in
                for _ in 0..<n {
                    let object = HandWritten()
                    object.onDeinit.append { peerCounter.value &+= 1 }
                }
            }
        ),
    ]
}

/// The lifetime cases for the callgrind driver.
func lifetimeCases() -> [(name: String, body: (Int) -> Void)] {
    lifetimeCases(Counter(), Counter())
}

let lifetimeSuite = Suite(capability: "lifetime") {
    let n = 20_000
    let counter = Counter()
    let peerCounter = Counter()
    let results = interleave(lifetimeCases(counter, peerCounter).map { (n, $0.body) })
    let (ours, handWritten) = (results[0], results[1])
    // Each side ran a warm-up batch and 21 rounds: every callback must have run.
    precondition(counter.value > 21 * n && peerCounter.value > 21 * n, "end-of-life callbacks did not run")
    blackHole(counter.value)
    return [
        Row(
            capability: "lifetime", name: "create, register end callback, end", metric: "ns/op",
            ours: ours, peer: "closure array in deinit", peerValue: handWritten, target: nil)
    ]
}
