import Dispatch
import Testing

@testable import ClosureKit

/// A sweep timer that a test fires by hand: it keeps what the side table asks
/// for, and runs it on the end-of-life queue when told to, as the real timer
/// does once the interval has passed.
final class ManualSweepTimer: SweepTimer, @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var pending: [@Sendable () -> Void] = []
    private var intervals: [DispatchTimeInterval] = []

    func schedule(after interval: DispatchTimeInterval, _ sweep: @escaping @Sendable () -> Void) {
        lock.withLock {
            pending.append(sweep)
            intervals.append(interval)
        }
    }

    /// The sweeps asked for and not fired yet.
    var pendingCount: Int { lock.withLock { pending.count } }

    /// The interval of every sweep asked for, fired or not.
    var requestedIntervals: [DispatchTimeInterval] { lock.withLock { intervals } }

    /// Runs the pending sweeps on the end-of-life queue, as if their interval
    /// had passed; returns how many ran.
    @discardableResult
    func fire() -> Int {
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            defer { pending.removeAll() }
            return pending
        }
        SideTable.endOfLifeQueue.sync { due.forEach { $0() } }
        return due.count
    }

    /// Runs `body` with this timer driving the side table's periodic sweep,
    /// then puts the previous timer back.
    func driving<R>(_ body: () throws -> R) rethrows -> R {
        let previous = SideTable.replaceSweepTimer(with: self)
        defer { _ = SideTable.replaceSweepTimer(with: previous) }
        return try body()
    }
}

/// The side table's periodic sweep, branch by branch, driven by a timer the
/// test fires (the sweep a table operation starts is pinned by
/// `ObjectLifetimeTests.amortisedSweep`). The table is
/// the process's, shared with tests running in parallel, so each test looks
/// only at its own objects; the suite is serialized because it replaces the
/// process-wide sweep timer.
@Suite("SideTable sweeps: what they free, what they keep", .serialized)
struct SideTableSweepTests {
    @Test("an entry asks the timer for one sweep, ten seconds out; more entries ask for no other")
    func firstEntryArmsTheTimer() {
        let timer = ManualSweepTimer()
        timer.driving {
            let first = PlainObject()
            let second = PlainObject()
            let tokens = [ObjectLifetime.onEnd(of: first) {}, ObjectLifetime.onEnd(of: second) {}]
            #expect(SideTable.isSweepScheduled)
            #expect(timer.pendingCount == 1)
            #expect(timer.requestedIntervals.allSatisfy { $0 == .seconds(10) })
            #expect(SideTable.sweepInterval == .seconds(10))
            tokens.forEach { $0.cancel() }
        }
    }

    @Test("a periodic sweep ends the ended objects, keeps the live ones, and asks for the next sweep")
    func periodicSweepFreesEndedKeepsLive() {
        let timer = ManualSweepTimer()
        timer.driving {
            let probe = Probe()
            let key = AssociationKey<DeinitReporter>()
            var ended: PlainObject? = PlainObject()
            let live = PlainObject()
            let tokens = [
                ObjectLifetime.onEnd(of: ended!) { probe.record("ended's callback") },
                ObjectLifetime.onEnd(of: live) { probe.record("live's callback") },
            ]
            Association.set(DeinitReporter("ended's value", probe: probe), for: key, on: ended!)
            Association.set(DeinitReporter("live's value", probe: probe), for: key, on: live)
            ended = nil
            #expect(timer.fire() == 1)
            // Callbacks first, then values. (A parallel test's operation may
            // have swept first: it hands the entry to the same queue, which
            // `fire` has drained.)
            #expect(probe.events == ["ended's callback", "deinit ended's value"])
            #expect(Association.value(for: key, on: live)?.name == "live's value")
            // An entry is left (`live`'s): the sweep asked for the next one.
            #expect(timer.pendingCount == 1)
            #expect(SideTable.isSweepScheduled)
            withExtendedLifetime(live) {}
            tokens.forEach { $0.cancel() }
        }
    }

    @Test("a sweep asked of a replaced timer does nothing when it fires")
    func replacedTimersSweepIsInert() {
        let probe = Probe()
        let old = ManualSweepTimer()
        var object: PlainObject? = PlainObject()
        let token = old.driving { () -> CancellationToken in
            let token = ObjectLifetime.onEnd(of: object!) { probe.record("ended") }
            #expect(old.pendingCount == 1)
            return token
        }
        object = nil
        let new = ManualSweepTimer()
        new.driving {
            // The new timer was asked at once: the table has entries.
            #expect(new.pendingCount == 1)
            #expect(old.fire() == 1)
            #expect(old.pendingCount == 0, "the inert sweep asked for no other")
            #expect(new.fire() == 1)
            #expect(probe.events == ["ended"])
        }
        _ = token
    }

    @Test("a periodic sweep that leaves the table empty stops; the next entry starts it again")
    func periodicSweepStopsWhenEmpty() async {
        // In a process of its own: the table is empty there but for this
        // test's entries, so the stop branch is reached every time.
        await #expect(processExitsWith: .success) {
            let timer = ManualSweepTimer()
            timer.driving {
                var object: PlainObject? = PlainObject()
                let token = ObjectLifetime.onEnd(of: object!) {}
                precondition(timer.pendingCount == 1, "the entry asked for a sweep")
                object = nil
                precondition(timer.fire() == 1)
                precondition(SideTable.entryCount == 0, "the sweep dropped the ended entry")
                precondition(!SideTable.isSweepScheduled, "an empty table schedules no sweep")
                precondition(timer.pendingCount == 0, "an empty table asks for no sweep")
                let next = PlainObject()
                let again = ObjectLifetime.onEnd(of: next) {}
                precondition(timer.pendingCount == 1, "the next entry asked for a sweep again")
                precondition(timer.fire() == 1)
                precondition(SideTable.entryCount == 1, "a live entry is kept")
                precondition(timer.pendingCount == 1, "and the sweep asked for the next one")
                withExtendedLifetime(next) {}
                _ = (token, again)
            }
        }
    }
}
