import Dispatch
import Testing

@testable import ClosureKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ObjectLifetime", .serialized)
struct ObjectLifetimeTests {
    @Test("end-of-life callbacks of an adopter run once, in registration order, when it ends")
    func adopterCallbacks() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        var tokens = Set<CancellationToken>()
        for index in 0..<5 {
            object!.onEnd { probe.record("end \(index)") }.store(in: &tokens)
        }
        #expect(probe.events.isEmpty)
        object = nil
        #expect(probe.events == ["end 0", "end 1", "end 2", "end 3", "end 4"])
        for token in tokens { #expect(token.cancel() == false) }
        #expect(probe.count == 5)
    }

    @Test("a cancelled end-of-life callback never runs")
    func cancelledCallback() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        let kept = ObjectLifetime.onEnd(of: object!) { probe.record("kept") }
        let cancelled = ObjectLifetime.onEnd(of: object!) { probe.record("cancelled") }
        #expect(cancelled.cancel() == true)
        object = nil
        #expect(probe.events == ["kept"])
        #expect(kept.cancel() == false)
    }

    @Test("a released token unregisters its end-of-life callback, a kept one does not")
    func releasedToken() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        let kept = object!.onEnd { probe.record("kept") }
        do {
            let token = object!.onEnd { probe.record("dropped") }
            _ = token
        }
        object = nil
        #expect(probe.events == ["kept"])
        #expect(kept.cancel() == false)
    }

    @Test("an end-of-life callback that cancels a later one prevents it")
    func callbackCancelsLaterOne() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        let later = Locked<CancellationToken?>(nil)
        let first = object!.onEnd {
            let cancelled = later.withLock { $0 }?.cancel() ?? false
            probe.record("first cancelled later: \(cancelled)")
        }
        later.withLock { $0 = object!.onEnd { probe.record("later") } }
        object = nil
        #expect(probe.events == ["first cancelled later: true"])
        #expect(first.cancel() == false)
    }

    @Test("cancelled end-of-life callbacks release their captures at once and leave the storage")
    func cancelledCallbacksLeave() throws {
        let object = LifetimeObject()
        let kept = object.onEnd {}
        for _ in 0..<1_000 {
            weak var weakCaptured: PlainObject?
            let token: CancellationToken
            do {
                let captured = PlainObject()
                weakCaptured = captured
                token = object.onEnd { _ = captured }
            }
            #expect(weakCaptured != nil, "the registered callback holds its captures")
            #expect(token.cancel() == true)
            #expect(weakCaptured == nil)
            // Cancelled, its record has left the chain while its token still lives.
            try #require(object.lifetimeStorage.endCallbackCount == 1)
        }
        // A cancelled record leaves the chain at once: only the live one stays.
        #expect(object.lifetimeStorage.endCallbackCount == 1)
        _ = kept
    }

    @Test("a callback cancelled on another thread while its object ends runs exactly when cancel() returns false")
    func cancelRacesEnd() {
        for _ in 0..<200 {
            let probe = Probe()
            var object: LifetimeObject? = LifetimeObject()
            let token = object!.onEnd { probe.record("ran") }
            let cancelled = Locked(false)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                let result = token.cancel()
                cancelled.withLock { $0 = result }
            }
            object = nil
            group.wait()
            #expect(probe.count == (cancelled.withLock { $0 } ? 0 : 1))
        }
    }

    @Test("cancelling or releasing the first, a middle or the last token leaves the others in order")
    func unlinkKeepsOrder() {
        for removed in [[0], [2], [4], [0, 4], [1, 2, 3], [0, 1, 2, 3, 4]] {
            for byRelease in [false, true] {
                let probe = Probe()
                var object: LifetimeObject? = LifetimeObject()
                var tokens: [CancellationToken?] = (0..<5).map { index in
                    object!.onEnd { probe.record("end \(index)") }
                }
                for index in removed {
                    if byRelease {
                        tokens[index] = nil
                    } else {
                        #expect(tokens[index]!.cancel() == true)
                        #expect(tokens[index]!.cancel() == false)
                    }
                }
                #expect(object!.lifetimeStorage.endCallbackCount == 5 - removed.count)
                // A registration after the removals goes last.
                let late = object!.onEnd { probe.record("late") }
                object = nil
                let kept = (0..<5).filter { !removed.contains($0) }.map { "end \($0)" }
                #expect(probe.events == kept + ["late"], "removed \(removed), by release: \(byRelease)")
                _ = (tokens, late)
            }
        }
    }

    @Test("registrations prune released and cancelled callbacks: the storage stays bounded, the kept run in order")
    func registrationsPrune() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        var kept: [CancellationToken] = []
        var dropped: [() -> PlainObject?] = []
        for index in 0..<300 {
            let captured = PlainObject()
            weak let weakCaptured = captured
            let token = object!.onEnd { probe.record("end \(index) \(ObjectIdentifier(captured))") }
            switch index % 3 {
            case 0: kept.append(token)
            case 1: #expect(token.cancel() == true)
            default: dropped.append { weakCaptured }
            }
        }
        let records = object!.lifetimeStorage.lock.withLock { object!.lifetimeStorage.endCallbackRecords }
        #expect(object!.lifetimeStorage.endCallbackCount == kept.count)
        // At most twice the live callbacks, plus those since the last prune.
        #expect(records <= 2 * kept.count + EndCallback.firstPrune)
        // A released token's captures went with its record at a prune; only
        // the records registered since the last prune may still hold theirs.
        let alive = dropped.filter { $0() != nil }.count
        #expect(alive <= records - kept.count)
        #expect(alive < dropped.count / 2)
        object = nil
        #expect(probe.events.map { String($0.split(separator: " ")[1]) } == (0..<100).map { "\($0 * 3)" })
        #expect(dropped.allSatisfy { $0() == nil })
        _ = kept
    }

    @Test("a prune that drops 262,144 let-go callbacks at once releases them one by one")
    func longDroppedChainIsReleasedIteratively() {
        // Registrations prune at 8 records, then at twice those the last
        // prune kept: the registration after 2^18 kept ones prunes, and by
        // then their tokens are gone. Released as one linked list, the
        // records' deinits would nest 262,144 deep and overflow the stack.
        let probe = Probe()
        let count = 1 << 18
        var object: LifetimeObject? = LifetimeObject()
        var tokens: [CancellationToken] = []
        tokens.reserveCapacity(count)
        for _ in 0..<count {
            let captured = ReleaseCounter(probe)
            tokens.append(object!.onEnd { _ = captured })
        }
        #expect(probe.count == 0)
        tokens = []
        let last = object!.onEnd { probe.record("last") }
        // Every let-go record, and its capture, went at that prune.
        #expect(probe.count == count)
        #expect(object!.lifetimeStorage.endCallbackCount == 1)
        object = nil
        #expect(probe.events == ["last"])
        _ = last
    }

    @Test("a token released by an earlier end-of-life callback prevents its own, and its captures go")
    func callbackReleasesLaterToken() {
        let probe = Probe()
        weak var weakCaptured: PlainObject?
        var object: LifetimeObject? = LifetimeObject()
        let later = Locked<CancellationToken?>(nil)
        let first = object!.onEnd {
            // Taken out under the lock, released after it.
            _ = later.withLock { $0.take() }
            probe.record("first")
        }
        do {
            let captured = PlainObject()
            weakCaptured = captured
            later.withLock { $0 = object!.onEnd { probe.record("later \(ObjectIdentifier(captured))") } }
        }
        let last = object!.onEnd { probe.record("last") }
        object = nil
        #expect(probe.events == ["first", "last"])
        #expect(weakCaptured == nil)
        #expect(first.isCancelled == false)
        #expect(first.cancel() == false)
        #expect(first.isCancelled == true)
        _ = last
    }

    @Test("an end-of-life callback's token outlives its object: cancel() answers false and reports it")
    func tokenOutlivesObject() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        let token = object!.onEnd { probe.record("ended") }
        object = nil
        #expect(probe.count == 1)
        #expect(token.isCancelled == false)
        #expect(token.cancel() == false)
        #expect(token.isCancelled == true)
        #expect(token.cancel() == false)
    }

    @Test("a token released on another thread while its object ends runs its callback at most once")
    func releaseRacesEnd() {
        for _ in 0..<500 {
            let probe = Probe()
            var object: LifetimeObject? = LifetimeObject()
            let kept = object!.onEnd { probe.record("kept") }
            let held = Locked<CancellationToken?>(object!.onEnd { probe.record("raced") })
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                // Taken out under the lock, released after it.
                _ = held.withLock { $0.take() }
            }
            object = nil
            group.wait()
            #expect(probe.events.first == "kept")
            #expect(probe.events.filter { $0 == "raced" }.count <= 1)
            _ = kept
        }
    }

    @Test("a token released before its object ends, on another thread, never runs")
    func releasedOnAnotherThreadBeforeEnd() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        let held = Locked<CancellationToken?>(object!.onEnd { probe.record("dropped") })
        let kept = object!.onEnd { probe.record("kept") }
        DispatchQueue.global().sync {
            _ = held.withLock { $0.take() }
        }
        #expect(object!.lifetimeStorage.endCallbackCount == 1)
        object = nil
        #expect(probe.events == ["kept"])
        _ = kept
    }

    @Test("an adopter passed as AnyObject uses its own storage, deterministically")
    func adopterThroughAnyObject() {
        let probe = Probe()
        var object: LifetimeObject? = LifetimeObject()
        var anyObject: AnyObject? = object!
        let token = ObjectLifetime.onEnd(of: anyObject!) { probe.record("ended") }
        object = nil
        // `anyObject` still holds it.
        #expect(probe.events.isEmpty)
        // Its end runs the callback at once, with no sweep.
        anyObject = nil
        #expect(probe.events == ["ended"])
        #expect(token.cancel() == false)
    }

    @Test("callbacks of an object that does not adopt Lifetime run when the side table is swept")
    func plainObjectCallbacks() {
        let probe = Probe()
        var object: PlainObject? = PlainObject()
        let first = ObjectLifetime.onEnd(of: object!) { probe.record("first") }
        let second = ObjectLifetime.onEnd(of: object!) { probe.record("second") }
        object = nil
        releaseEndedObjects()
        #expect(probe.events == ["first", "second"])
        #expect(first.cancel() == false)
        _ = second
    }

    @Test("releaseEndedObjects ends the ended objects it finds on the calling thread and counts them")
    func releaseEndedObjectsEndsOnCaller() {
        // A parallel test's sweep may take this test's entry first: then
        // another object is tried, never waiting.
        var counted = false
        for _ in 0..<100 where !counted {
            let probe = Probe()
            let caller = pthread_self()
            var object: PlainObject? = PlainObject()
            let token = ObjectLifetime.onEnd(of: object!) {
                probe.record(pthread_equal(pthread_self(), caller) != 0 ? "caller" : "elsewhere")
            }
            object = nil
            let released = ObjectLifetime.releaseEndedObjects()
            counted = released > 0 && probe.events == ["caller"]
            _ = token
        }
        #expect(counted)
    }

    @Test("a sweep happens after a bounded number of calls, and ends the object on the end-of-life queue")
    func amortisedSweep() {
        let probe = Probe()
        let caller = pthread_self()
        var object: PlainObject? = PlainObject()
        let token = ObjectLifetime.onEnd(of: object!) {
            probe.record(pthread_equal(pthread_self(), caller) != 0 ? "in the caller's call" : "elsewhere")
        }
        object = nil
        let key = AssociationKey<Int>()
        let anchor = PlainObject()
        let anchorToken = ObjectLifetime.onEnd(of: anchor) { probe.record("anchor ended") }
        // Enough writes for a sweep: it finds the ended object and hands it
        // to the end-of-life queue, never ending it inside this call.
        for calls in 0..<(4 * SideTable.sweepFloor + 4 * SideTable.entryCount) {
            Association.set(calls, for: key, on: anchor)
        }
        // Whichever sweep took the entry (this test's writes, the queue's
        // own, or a parallel test's), it handed the entry to the end-of-life
        // queue in the same critical section: draining the queue ends it.
        SideTable.endOfLifeQueue.sync {}
        #expect(probe.events == ["elsewhere"])
        // The live object's entry is kept.
        #expect(Association.count(on: anchor) == 1)
        withExtendedLifetime(anchor) {}
        _ = (token, anchorToken)
    }

    @Test("sharing one LifetimeStorage between two objects traps")
    func sharedStorageTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                final class Shared: Lifetime {
                    static let storage = LifetimeStorage()
                    var lifetimeStorage: LifetimeStorage { Shared.storage }
                }
                let first = Shared()
                let second = Shared()
                let key = AssociationKey<Int>()
                Association.set(1, for: key, on: first)
                Association.set(2, for: key, on: second)
            }
        )
        // The trap names what was wrong.
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("A LifetimeStorage belongs to exactly one object"), "\(message)")
    }
}

/// Holds an adopter that a background thread releases.
private final class LifetimeObjectHolder: @unchecked Sendable {
    var object: LifetimeObject?
}

@Suite("ObjectLifetime on the main actor")
@MainActor
struct ObjectLifetimeMainActorTests {
    @Test("a main-actor end-of-life callback runs at once when its object ends on the main actor")
    func runsAtOnceOnItsActor() {
        var ended: [String] = []
        var object: LifetimeObject? = LifetimeObject()
        let token = object!.onEnd { ended.append("ended") }
        let anyToken = ObjectLifetime.onEnd(of: object!) { ended.append("generic") }
        object = nil
        #expect(ended == ["ended", "generic"])
        #expect(token.cancel() == false)
        _ = anyToken
    }

    @Test("a main-actor end-of-life callback is enqueued to the main actor when its object ends elsewhere")
    func enqueuedFromElsewhere() async {
        var ended: [String] = []
        let holder = LifetimeObjectHolder()
        holder.object = LifetimeObject()
        let token = holder.object!.onEnd { ended.append("ended") }
        blockingOnBackgroundThread { holder.object = nil }
        // Not run on the background thread; waiting for the main actor.
        #expect(ended.isEmpty)
        #expect(await untilMainActor { !ended.isEmpty })
        #expect(ended == ["ended"])
        _ = token
    }

    @Test("cancelling a main-actor end-of-life callback drops its waiting event")
    func cancelDropsWaitingEvent() async {
        var ended: [String] = []
        let holder = LifetimeObjectHolder()
        holder.object = LifetimeObject()
        let token = holder.object!.onEnd { ended.append("cancelled") }
        let later = holder.object!.onEnd { ended.append("later") }
        blockingOnBackgroundThread { holder.object = nil }
        // Both events wait for the main actor, which this test holds, in
        // registration order.
        #expect(token.cancel())
        // The later event arriving shows the main actor has taken the
        // cancelled one's turn: it was dropped, not merely late.
        #expect(await untilMainActor { !ended.isEmpty })
        #expect(ended == ["later"])
        _ = later
    }
}

/// Counts its own release on a probe.
private final class ReleaseCounter: Sendable {
    let probe: Probe

    init(_ probe: Probe) {
        self.probe = probe
    }

    deinit { probe.increment() }
}
