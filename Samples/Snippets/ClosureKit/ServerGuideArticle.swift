// Samples of Sources/ClosureKit/ClosureKit.docc/ServerGuide.md

import ClosureKit
import Synchronization

struct Order: Sendable {
    let id: Int
    let user: String
}

struct Receipt: Sendable {
    let id: Int
    let accepted: Bool
}

/// The service every request task calls, at once, from many threads.
final class Orders: Hookable, Sendable {
    struct Hooks {
        let place = HookPoint<Orders, Order, Receipt>("place(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func place(_ order: Order) -> Receipt {
        Self.hooks.place.call(self, order) { _, order in Receipt(id: order.id, accepted: true) }
    }
}

/// The time spent in `place(_:)`, summed across request tasks.
final class Timings: Sendable {
    let total = Mutex(Duration.zero)
}

/// Counts the answers. Its hook is its own code: it runs on the actor,
/// enqueued from the request tasks, in the order of their calls.
actor Metrics {
    private(set) var accepted = 0
    private(set) var refused = 0
    private var tokens: [CancellationToken] = []

    func watch(_ orders: Orders) {
        tokens.append(
            Orders.hooks.place.after(on: orders) { _, invocation in
                if invocation.result?.accepted == true { self.accepted += 1 } else { self.refused += 1 }
            })
    }

    /// The counts, once `count` answers have arrived.
    func counts(after count: Int) async -> (accepted: Int, refused: Int) {
        while accepted + refused < count { await Task.yield() }
        return (accepted, refused)
    }
}

/// The hooks that run for every request: nonisolated, so they are
/// `@Sendable` and answer on each caller's own task.
nonisolated func installHooks(on orders: Orders, timings: Timings) -> [CancellationToken] {
    let clock = ContinuousClock()
    return [
        // Authorization: a guest's order never reaches `place(_:)`.
        Orders.hooks.place.instead(on: orders) { _, invocation in
            guard invocation.arguments.user != "guest" else {
                return Receipt(id: invocation.arguments.id, accepted: false)
            }
            return invocation.proceed()
        },
        // Timing: the newest `instead` hook is the outermost, so this one
        // measures the authorization hook and the method together.
        Orders.hooks.place.instead(on: orders) { _, invocation in
            let start = clock.now
            let receipt = invocation.proceed()
            let elapsed = clock.now - start
            timings.total.withLock { $0 += elapsed }
            return receipt
        },
    ]
}

@main
struct Server {
    static func main() async {
        let orders = Orders()
        let timings = Timings()
        let metrics = Metrics()
        let tokens = installHooks(on: orders, timings: timings)
        await metrics.watch(orders)

        let accepted = await withTaskGroup(of: Bool.self) { group in
            for id in 0..<100 {
                let user = id.isMultiple(of: 10) ? "guest" : "member"
                group.addTask { orders.place(Order(id: id, user: user)).accepted }
            }
            var accepted = 0
            for await answer in group where answer { accepted += 1 }
            return accepted
        }
        print(accepted)                                  // 90
        print(await metrics.counts(after: 100))          // (accepted: 90, refused: 10)
        print(timings.total.withLock { $0 } > .zero)     // true
        tokens.forEach { $0.cancel() }
    }
}
