import Testing

@testable import ClosureKit

/// What a main-actor handler captures, to tell when it is released.
private final class Capture: Sendable {}

/// An actor other than the main one with two controls whose handlers log to
/// the actor's state, and a way to send to them from elsewhere while the
/// actor is busy, so that the events wait for it.
private actor Switchboard {
    let first = Beacon()
    let second = Beacon()
    private(set) var log: [String] = []
    private var tokens: [CancellationToken] = []

    func listen() {
        tokens.append(first.addHandler(for: .valueChanged) { _ in self.log.append("first") })
        tokens.append(second.addHandler(for: .valueChanged) { _ in self.log.append("second") })
    }

    /// Sends from a background thread while this actor waits for it: no
    /// event can run before this returns.
    func sendElsewhereWhileBusy(rounds: Int) {
        let pair = UncheckedBeacons(first: first, second: second)
        blockingOnBackgroundThread {
            for _ in 0..<rounds {
                pair.first.sendEvents(.valueChanged)
                pair.second.sendEvents(.valueChanged)
            }
        }
    }

    func stop() {
        tokens.removeAll()
    }

    /// The log once it has `count` entries, or as it is after many turns of
    /// other work (so that a lost event fails the test instead of hanging it).
    nonisolated func logOnce(count: Int) async -> [String] {
        for _ in 0..<100_000 {
            let log = await self.log
            if log.count >= count { return log }
            await Task.yield()
        }
        return await log
    }
}

@Suite("ActorDelivery: the tokens and mailboxes of closures registered from an actor")
@MainActor
struct ActorDeliveryTests {
    @Test("cancelling a main-actor handler while its events wait releases what it captured at once")
    func cancelReleasesCapturesOfWaitingEvents() {
        let beacon = Beacon()
        weak var released: Capture?
        var token: CancellationToken?
        do {
            let capture = Capture()
            released = capture
            token = beacon.addHandler(for: .valueChanged) { _ in _ = capture }
        }
        blockingOnBackgroundThread { beacon.sendEvents(.valueChanged) }
        #expect(released != nil)
        #expect(token?.cancel() == true)
        #expect(released == nil)
    }

    @Test("a one-shot main-actor handler's cancel says it prevented the event that waits")
    func onceCancelPreventsWaitingEvent() async {
        let beacon = Beacon()
        var runs = 0
        let token = beacon.addHandler(for: .valueChanged, options: .once) { _ in runs += 1 }
        // The send uses the registration up; its event waits for this actor.
        blockingOnBackgroundThread { beacon.sendEvents(.valueChanged) }
        #expect(token.cancel())
        #expect(await untilMainActor({ runs > 0 }, limit: 1_000) == false)
        #expect(runs == 0)
    }

    @Test("once its event ran, a one-shot main-actor handler keeps no captures and its token prevents nothing")
    func onceAfterItsEventRan() async {
        let beacon = Beacon()
        weak var released: Capture?
        var runs = 0
        var token: CancellationToken?
        do {
            let capture = Capture()
            released = capture
            token = beacon.addHandler(for: .valueChanged, options: .once) { _ in
                _ = capture
                runs += 1
            }
        }
        blockingOnBackgroundThread { beacon.sendEvents(.valueChanged) }
        #expect(await untilMainActor { runs == 1 })
        #expect(released == nil)
        #expect(token?.cancel() == false)
    }

    @Test("releasing a main-actor handler's token drops the events that wait")
    func releasedTokenDropsWaitingEvents() async {
        let beacon = Beacon()
        var runs = 0
        var token: CancellationToken? = beacon.addHandler(for: .valueChanged) { _ in runs += 1 }
        blockingOnBackgroundThread {
            for _ in 0..<3 { beacon.sendEvents(.valueChanged) }
        }
        #expect(token != nil)
        token = nil
        #expect(await untilMainActor({ runs > 0 }, limit: 1_000) == false)
        #expect(runs == 0)
    }

    @Test("events sent elsewhere to two registrations of another actor run on it in their send order")
    nonisolated func otherActorOrderAcrossRegistrations() async {
        let switchboard = Switchboard()
        await switchboard.listen()
        await switchboard.sendElsewhereWhileBusy(rounds: 3)
        let log = await switchboard.logOnce(count: 6)
        #expect(log == Array(repeating: ["first", "second"], count: 3).flatMap { $0 })
        await switchboard.stop()
    }

    @Test("events sent elsewhere after another actor's waiting events all ran reach it too")
    nonisolated func otherActorDrainsAgain() async {
        let switchboard = Switchboard()
        await switchboard.listen()
        await switchboard.sendElsewhereWhileBusy(rounds: 1)
        #expect(await switchboard.logOnce(count: 2) == ["first", "second"])
        // Nothing waits for the actor now; these must start a new drain.
        await switchboard.sendElsewhereWhileBusy(rounds: 1)
        #expect(await switchboard.logOnce(count: 4) == ["first", "second", "first", "second"])
        await switchboard.stop()
    }

    @Test("the mailbox's ring keeps first-in, first-out order when it grows while wrapped")
    nonisolated func ringGrowsWhileWrapped() {
        var ring = Ring<Int>()
        for value in 1...6 { ring.append(value) }
        var popped: [Int] = []
        for _ in 0..<4 { popped.append(ring.popFirst()!) }
        // Eight slots, the head at four: the next appends wrap, then grow.
        for value in 7...20 { ring.append(value) }
        while let value = ring.popFirst() { popped.append(value) }
        #expect(popped == Array(1...20))
        #expect(ring.count == 0)
    }
}
