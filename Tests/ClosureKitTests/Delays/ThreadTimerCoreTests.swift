import Dispatch
import Testing

@testable import ClosureKit

// The timer thread of a clock other than the manual one sleeps until the
// earliest deadline, and is woken when an earlier one arrives. A lost wake-up,
// or a sleep measured from the wrong reading, leaves a due delay waiting for
// hours: each test waits for its delay with a generous bound, so that such a
// bug fails the test instead of hanging it. Nothing here asserts on how soon
// a delay runs.

/// How long a test waits for what the timer thread does before it calls it
/// lost.
private let bound = DispatchTimeInterval.seconds(30)

/// Counts the reads of a ``StillClock`` that the timer thread makes (on a
/// thread that runs no task), and lets a test wait for them.
private final class TimerThreadReads: @unchecked Sendable {
    private let count = Locked(0)
    private let signal = DispatchSemaphore(value: 0)

    func read() {
        guard withUnsafeCurrentTask(body: { $0 == nil }) else { return }
        count.withLock { $0 += 1 }
        signal.signal()
    }

    /// Waits until the timer thread has read the clock `reads` times.
    func wait(for reads: Int) -> Bool {
        while count.withLock({ $0 }) < reads {
            guard signal.wait(timeout: .now() + bound) == .success else { return false }
        }
        return true
    }
}

@Suite("ThreadTimerCore: one sleeping thread serves the delays of a clock")
struct ThreadTimerCoreTests {
    @Test("a delay scheduled while the timer thread sleeps with nothing pending wakes it")
    func wakesTheIdleThread() {
        let scheduler = DelayScheduler(clock: StillClock(onRead: {}))
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let firstToken = scheduler.schedule(at: .init(offset: .zero), on: .inline) { first.signal() }
        // The thread runs a due delay after it found the heap empty behind
        // it: once this one ran, the thread goes to sleep with no deadline.
        #expect(first.wait(timeout: .now() + bound) == .success)
        let secondToken = scheduler.schedule(at: .init(offset: .zero), on: .inline) { second.signal() }
        #expect(second.wait(timeout: .now() + bound) == .success)
        _ = (firstToken, secondToken)
    }

    @Test("an earlier delay wakes the timer thread that sleeps for a later one")
    func earlierDelayWakesTheThread() {
        let reads = TimerThreadReads()
        let scheduler = DelayScheduler(clock: StillClock(onRead: reads.read))
        #expect(reads.wait(for: 1))
        let far = scheduler.schedule(at: .init(offset: .seconds(3_600)), on: .inline) {}
        // Woken for it, the thread reads the clock to look at the heap and
        // again to sleep until its deadline.
        #expect(reads.wait(for: 3))
        let ran = DispatchSemaphore(value: 0)
        let near = scheduler.schedule(at: .init(offset: .zero), on: .inline) { ran.signal() }
        #expect(ran.wait(timeout: .now() + bound) == .success)
        #expect(far.cancel())
        _ = near
    }

    @Test("on the continuous clock, a delay a millisecond ahead runs: the thread sleeps from the clock's reading")
    func continuousClockDelayRuns() {
        let scheduler = DelayScheduler(clock: ContinuousClock())
        let ran = DispatchSemaphore(value: 0)
        let token = scheduler.schedule(after: .milliseconds(1), on: .inline) { ran.signal() }
        #expect(ran.wait(timeout: .now() + bound) == .success)
        #expect(scheduler.pendingCount == 0)
        _ = token
    }
}
