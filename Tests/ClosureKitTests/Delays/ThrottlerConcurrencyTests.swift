import Dispatch
import Testing

@testable import ClosureKit

// A throttler's window opens in one transition and ends in another, each
// with the window's epoch: a window end that fires before the sender has
// stored the end's token, or after `cancel()`, is recognised as stale, so no
// window stays open without an end. Three threads send into many throttlers
// while a fourth advances their clock, and then every throttler must be
// closed, or have an end, and must run the next value it is sent.

@Suite("Throttler under concurrent senders: no window is left open without an end")
struct ThrottlerConcurrencyTests {
    /// `rounds` rounds, each on a new throttler: three threads send into it
    /// while a fourth advances its clock (and, with `cancelling`, cancels it
    /// now and then). Returns how many throttlers are stuck afterwards: a
    /// window still open once the clock has passed every end, or a next
    /// value that does not run at once.
    private func stuckThrottlers(rounds: Int, cancelling: Bool) -> Int {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let runs = Locked(0)
        var stuck = 0
        for _ in 0..<rounds {
            let throttler = try! Throttler<Int>(for: .microseconds(1), scheduler: scheduler, on: .inline) { _ in
                runs.withLock { $0 += 1 }
            }
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for step in 0..<40 {
                    if worker == 3 {
                        clock.advance(by: .microseconds(1))
                        if cancelling && step.isMultiple(of: 13) { throttler.cancel() }
                    } else {
                        throttler.send(step)
                    }
                }
            }
            // Quiet: every window that has an end reaches it.
            for _ in 0..<4 { clock.advance(by: .microseconds(1)) }
            // With no value sent since, every window has ended: one still
            // open has lost its end (its token replaced by a stale one).
            if throttler.state.withLock({ $0.windowOpen }) {
                stuck += 1
                continue
            }
            // The next value opens a window and runs at once.
            let before = runs.withLock { $0 }
            throttler.send(-1)
            if runs.withLock({ $0 }) != before + 1 { stuck += 1 }
        }
        return stuck
    }

    /// A throttler on a manual clock, run inline, that records its values.
    private func recordingThrottler(interval: Duration) -> (ManualClock, Throttler<Int>, RecordedValues) {
        let clock = ManualClock()
        let values = RecordedValues()
        let throttler = try! Throttler<Int>(for: interval, scheduler: DelayScheduler(clock: clock), on: .inline) {
            value in values.append(value)
        }
        return (clock, throttler, values)
    }

    @Test("no throttler is stuck after concurrent sends racing their window ends")
    func noStuckWindow() {
        #expect(stuckThrottlers(rounds: 3_000, cancelling: false) == 0)
    }

    @Test("no throttler is stuck after concurrent sends racing window ends and cancels")
    func noStuckWindowWithCancels() {
        #expect(stuckThrottlers(rounds: 3_000, cancelling: true) == 0)
    }

    @Test("a window end that fires before its token is stored, with a value waiting, does not lose the next end")
    func endBeforeTokenStored() {
        let (clock, throttler, values) = recordingThrottler(interval: .microseconds(1))
        // A sender has opened window 1 and scheduled its end, but has not
        // stored the end's token yet.
        throttler.state.withLock {
            $0.windowOpen = true
            $0.epoch = 1
        }
        let late = throttler.scheduleWindowEnd(1)
        // Another sender's value waits; window 1 ends: the value runs and
        // opens window 2, whose end is stored.
        throttler.send(2)
        clock.advance(by: .microseconds(1))
        #expect(values.all == [2])
        #expect(throttler.state.withLock { $0.windowOpen && $0.window != nil })
        // The first sender's late store is stale: window 2 keeps its end.
        throttler.openWindowForTesting(late, epoch: 1)
        clock.advance(by: .microseconds(1))
        #expect(throttler.state.withLock { $0.windowOpen } == false)
        throttler.send(3)
        #expect(values.all == [2, 3])
    }

    @Test("cancel makes a window end already on its way stale: the next value still runs at once")
    func cancelMakesEndStale() {
        let (clock, throttler, values) = recordingThrottler(interval: .microseconds(1))
        throttler.send(1)
        throttler.send(2)
        #expect(throttler.cancel()) // drops 2
        throttler.send(3) // a new window, at once
        #expect(values.all == [1, 3])
        clock.advance(by: .microseconds(1))
        #expect(throttler.state.withLock { $0.windowOpen } == false)
        #expect(values.all == [1, 3])
    }

    @Test("a window end that outlived a cancel does not end the window opened after it")
    func staleEndAfterCancel() {
        let (clock, throttler, values) = recordingThrottler(interval: .microseconds(2))
        // Window 1's end is on its way (due at 2 µs) but not stored when the
        // throttler is cancelled.
        throttler.state.withLock {
            $0.windowOpen = true
            $0.epoch = 1
        }
        let late = throttler.scheduleWindowEnd(1)
        clock.advance(by: .microseconds(1))
        throttler.cancel()
        throttler.send(5) // window 2, due to end at 3 µs
        throttler.send(6) // waits for window 2's end
        clock.advance(by: .microseconds(1)) // 2 µs: window 1's end fires, stale
        #expect(values.all == [5])
        clock.advance(by: .microseconds(1)) // 3 µs: window 2 ends
        #expect(values.all == [5, 6])
        withExtendedLifetime(late) {}
    }

    @Test("a value released by cancel, a replacement or a window end is released with no lock held")
    func valuesReleasedOutsideTheLock() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let released = Locked(0)
        let throttler = try! Throttler<CallingBackValue>(for: .microseconds(1), scheduler: scheduler, on: .inline) {
            _ in
        }
        // Each value's deinit takes the throttler's lock: released under
        // it, that would stop the program ("Recursive call to lock").
        func payload() -> CallingBackValue {
            CallingBackValue { [weak throttler] in
                released.withLock { $0 += 1 }
                _ = throttler?.state.withLock { $0.windowOpen } // the throttler's own lock
            }
        }
        throttler.send(payload()) // runs, then released
        throttler.send(payload()) // waits
        throttler.send(payload()) // replaces the waiting one
        #expect(throttler.cancel()) // drops the waiting one
        throttler.send(payload())
        throttler.send(payload())
        clock.advance(by: .microseconds(1)) // the waiting one runs at the window's end
        #expect(released.withLock { $0 } == 5)
    }
}

/// A value whose `deinit` calls `onDeinit`.
private final class CallingBackValue: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// The values a throttler's action received, in order.
private final class RecordedValues: Sendable {
    private let values = Locked<[Int]>([])
    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
}
