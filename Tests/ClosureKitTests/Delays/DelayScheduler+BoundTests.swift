import Testing

@testable import ClosureKit

@Suite("DelayScheduler bound to an object")
struct DelaySchedulerBoundTests {
    let clock = ManualClock()
    var scheduler: DelayScheduler<ManualClock> { DelayScheduler(clock: clock) }

    @Test("runs with the object while the object lives")
    func runsWithObject() {
        let owner = DelaysOwner()
        let seen = DelaysLog<ObjectIdentifier>()
        let token = scheduler.schedule(after: .seconds(1), boundTo: owner, on: .inline) { owner in
            seen.append(ObjectIdentifier(owner))
        }
        clock.advance(by: .seconds(1))
        #expect(seen.elements == [ObjectIdentifier(owner)])
        #expect(!token.cancel())
    }

    @Test("holds the object weakly")
    func holdsWeakly() {
        weak var weakOwner: DelaysOwner?
        var token: CancellationToken?
        do {
            let owner = DelaysOwner()
            weakOwner = owner
            token = scheduler.schedule(after: .seconds(1), boundTo: owner, on: .inline) { _ in }
        }
        #expect(weakOwner == nil, "the pending delay did not keep the object alive")
        #expect(token?.cancel() == false)
    }

    @Test("is cancelled when the object ends, releasing its closure at once")
    func cancelledAtEnd() {
        let counter = DelaysCounter()
        weak var weakProbe: DelaysProbe?
        var owner: DelaysOwner? = DelaysOwner()
        let token: CancellationToken
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            token = scheduler.schedule(after: .seconds(1), boundTo: owner!, on: .inline) { _ in
                _ = probe.name
                counter.increment()
            }
        }
        #expect(clock.pendingCount == 1)
        owner = nil
        #expect(clock.pendingCount == 0, "the end of the object cancelled the delay")
        #expect(weakProbe == nil, "and released its closure")
        clock.advance(by: .seconds(2))
        #expect(counter.value == 0)
        #expect(!token.cancel(), "the object's end, not the token, prevented the run")
    }

    @Test("does not run if the object is gone, even before its end is noticed")
    func doesNotRunWhenGone() {
        // A plain object (not a Lifetime adopter) is noticed ending only at
        // the next side-table sweep; the weak reference still guards the run.
        let counter = DelaysCounter()
        let survivor = DelaysCounter()
        let living = DelaysProbe()
        var object: DelaysProbe? = DelaysProbe()
        let token = scheduler.schedule(after: .seconds(1), boundTo: object!, on: .inline) { _ in counter.increment() }
        let kept = scheduler.schedule(after: .seconds(1), boundTo: living, on: .inline) { _ in survivor.increment() }
        object = nil
        clock.advance(by: .seconds(1))
        #expect(counter.value == 0)
        #expect(survivor.value == 1, "the same delay bound to a living object runs")
        withExtendedLifetime((token, kept, living)) {}
    }

    @Test("a plain object's delay is cancelled when its end is noticed")
    func plainObjectEnd() {
        let counter = DelaysCounter()
        let survivor = DelaysCounter()
        let living = DelaysProbe()
        var object: DelaysProbe? = DelaysProbe()
        let token = scheduler.schedule(after: .seconds(1), boundTo: object!, on: .inline) { _ in counter.increment() }
        let kept = scheduler.schedule(after: .seconds(1), boundTo: living, on: .inline) { _ in survivor.increment() }
        object = nil
        releaseEndedObjects()
        #expect(clock.pendingCount == 1, "only the ended object's delay was cancelled")
        clock.advance(by: .seconds(1))
        #expect(counter.value == 0)
        #expect(survivor.value == 1)
        withExtendedLifetime((token, kept, living)) {}
    }

    @Test("firing or cancelling unregisters the end-of-life callback")
    func unregistersEndCallback() {
        let owner = DelaysOwner()
        let fired = scheduler.schedule(after: .seconds(1), boundTo: owner, on: .inline) { _ in }
        let cancelled = scheduler.schedule(after: .seconds(1), boundTo: owner, on: .inline) { _ in }
        #expect(handlerCount(owner) == 2)
        cancelled.cancel()
        #expect(handlerCount(owner) == 1)
        clock.advance(by: .seconds(1))
        #expect(handlerCount(owner) == 0)
        withExtendedLifetime(fired) {}
    }

    private func handlerCount(_ owner: DelaysOwner) -> Int {
        // The number of end-of-life callbacks registered on the owner.
        owner.lifetimeStorage.endCallbackCount
    }
}
