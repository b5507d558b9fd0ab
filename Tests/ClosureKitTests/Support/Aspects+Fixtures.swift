import Testing

@testable import ClosureKit

/// Aspect suites hook the fixture types below type-wide, which applies to
/// every instance: the suites run one test at a time.
@Suite("Aspects", .serialized)
struct AspectSuites {}

/// A type with hook points, for the aspect tests only.
final class Till: Hookable, @unchecked Sendable {
    struct Hooks {
        let ring = HookPoint<Till, Int, Int>("ring(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let log: Probe
    init(log: Probe) { self.log = log }

    /// Returns the amount rung up.
    func ring(_ amount: Int) -> Int {
        Self.hooks.ring.call(self, amount) { till, amount in
            till.log.record("ring \(amount)")
            return amount
        }
    }
}

/// A second type with hook points, for aspects across several types.
final class Shelf: Hookable, @unchecked Sendable {
    struct Hooks {
        let restock = HookPoint<Shelf, Int, Void>("restock(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let log: Probe
    init(log: Probe) { self.log = log }

    func restock(_ count: Int) {
        Self.hooks.restock.call(self, count) { shelf, count in shelf.log.record("restock \(count)") }
    }
}
