#if canImport(Observation)
import ClosureKit
import Dispatch
import Observation
import Testing

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
/// Confined to the suite's `queue` by the tests' own discipline, which is
/// what `@unchecked Sendable` states: the bridge reads it on that queue.
@Observable
private final class Player: @unchecked Sendable {
    var volume = 0
    var title = "intro"
}

@Suite("Bridge to Swift's Observation framework")
struct ObservableOnChangeTests {
    /// The queue the player is confined to. `queue.sync {}` after a set
    /// waits for the delivery the set scheduled.
    private let queue = DispatchQueue(label: "closurekit.tests.observation-bridge")

    @Test("the closure receives the old and the new value after each change, re-armed")
    func oldAndNew() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { old, new in log.append("\(old) -> \(new)") }
        }
        for volume in 1...3 {
            queue.sync { player.volume = volume }
            queue.sync {}
        }
        #expect(log.entries == ["0 -> 1", "1 -> 2", "2 -> 3"])
        withExtendedLifetime(token) {}
    }

    @Test("the new value is read after the change is stored")
    func readsAfterTheChange() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { _, new in log.append("new \(new)") }
        }
        queue.sync {
            player.volume = 7
            // Observation announced the change before storing it; the
            // delivery has not run yet.
            #expect(log.count == 0)
        }
        queue.sync {}
        #expect(log.entries == ["new 7"])
        withExtendedLifetime(token) {}
    }

    @Test("several changes before the queue runs arrive as one call")
    func coalesces() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { old, new in log.append("\(old) -> \(new)") }
        }
        queue.sync {
            player.volume = 1
            player.volume = 2
            player.volume = 3
        }
        queue.sync {}
        #expect(log.entries == ["0 -> 3"])
        withExtendedLifetime(token) {}
    }

    @Test("other properties do not trigger the closure")
    func otherProperties() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { _, _ in log.append("volume") }
        }
        queue.sync { player.title = "outro" }
        queue.sync {}
        #expect(log.count == 0)
        // The observed property still triggers it.
        queue.sync { player.volume = 3 }
        queue.sync {}
        #expect(log.entries == ["volume"])
        withExtendedLifetime(token) {}
    }

    @Test("cancelling the token stops the calls; cancel returns true only once")
    func cancel() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { _, new in log.append("\(new)") }
        }
        queue.sync { player.volume = 1 }
        queue.sync {}
        #expect(token.cancel() == true)
        #expect(token.cancel() == false)
        queue.sync { player.volume = 2 }
        queue.sync {}
        #expect(log.entries == ["1"])
    }

    @Test("a change announced before cancel but delivered after it is dropped")
    func cancelBetweenChangeAndDelivery() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let player = Player()
        let log = ObservationLog<String>()
        let token = queue.sync {
            player.onChange(of: \.volume, on: queue) { _, new in log.append("\(new)") }
        }
        queue.sync {
            player.volume = 1
            token.cancel()
        }
        queue.sync {}
        #expect(log.count == 0)
    }

    @Test("releasing the token ends the observation, and it never keeps the object alive")
    func releaseAndLifetime() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let log = ObservationLog<String>()
        var player: Player? = Player()
        weak let weakPlayer = player
        var token: CancellationToken? = queue.sync {
            player!.onChange(of: \.volume, on: queue) { _, new in log.append("\(new)") }
        }
        queue.sync { player = nil }
        #expect(weakPlayer == nil)
        token = nil
        let other = Player()
        let kept = queue.sync {
            other.onChange(of: \.volume, on: queue) { _, new in log.append("other \(new)") }
        }
        queue.sync {}
        queue.sync { other.volume = 1 }
        queue.sync {}
        #expect(log.entries == ["other 1"])
        withExtendedLifetime((token, kept)) {}
    }
}
#endif
