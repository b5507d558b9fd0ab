import Testing

@testable import ClosureKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// User code that re-enters the library from where the library calls it: a
// capture's `deinit`, a value's `deinit`, a custom clock's `now`. Run under a
// library lock, each of them would lock it again, which stops the process
// ("Recursive call to lock") or deadlocks; with no lock held, each works.

/// Runs `body` when it ends.
private final class OnEnd: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    deinit { body() }
}

/// A value whose `deinit` runs `body` (a Throttler's pending value).
private final class Payload: Sendable {
    let id: Int
    let onEnd: (@Sendable () -> Void)?
    init(_ id: Int, onEnd: (@Sendable () -> Void)? = nil) {
        self.id = id
        self.onEnd = onEnd
    }
    deinit { onEnd?() }
}

/// What a ``CallingClock`` calls from `now`, on the threads it is armed for.
private final class NowCallback: @unchecked Sendable {
    private let state = Locked<(thread: pthread_t?, body: (@Sendable () -> Void)?)>((nil, nil))
    let calls = Locked(0)

    /// Calls `body` from `now` on the calling thread only, from now on.
    func arm(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0 = (pthread_self(), body) }
    }

    func run() {
        let (thread, body) = state.withLock { $0 }
        guard let thread, let body, pthread_equal(thread, pthread_self()) != 0 else { return }
        calls.withLock { $0 += 1 }
        body()
    }
}

/// The continuous clock, whose `now` also calls back into the library.
private struct CallingClock: Clock {
    struct Instant: InstantProtocol {
        let base: ContinuousClock.Instant
        func advanced(by duration: Duration) -> Instant { Instant(base: base.advanced(by: duration)) }
        func duration(to other: Instant) -> Duration { base.duration(to: other.base) }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.base < rhs.base }
    }

    let callback: NowCallback
    var now: Instant {
        callback.run()
        return Instant(base: .now)
    }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await ContinuousClock().sleep(until: deadline.base, tolerance: tolerance)
    }
}

@Suite("No user code runs under a library lock")
struct NoUserCodeUnderLockTests {
    @Test("cancelling a nested key-path observation whose capture's deinit sets an observed property")
    func nestedObservationCaptureReenters() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        var capture: OnEnd? = OnEnd { account.owner.address.city = "set from deinit" }
        let token = account.observe(\.owner.address.city, options: .new) { [capture] _, change in
            _ = capture
            log.append(change.newValue ?? "?")
        }
        capture = nil
        account.owner.address.city = "Paris"
        #expect(log.entries == ["Paris"])
        // The handler holds the only reference to `capture` now: cancelling
        // releases it, and its deinit sets the observed path.
        #expect(token.cancel())
        #expect(account.owner.address.city == "set from deinit")
        #expect(log.entries == ["Paris"])
    }

    @Test("a control handler whose capture's deinit adds a handler to the same control")
    func controlHandlerCaptureReenters() {
        let button = ControlTestButton()
        let added = Locked<CancellationToken?>(nil)
        let log = ObservationLog<String>()
        var capture: OnEnd? = OnEnd {
            let token = button.addHandler(for: .touchUpInside) { _ in log.append("added from deinit") }
            added.withLock { $0 = token }
        }
        let token = button.addHandler(for: .touchUpInside) { [capture] _ in _ = capture }
        capture = nil
        #expect(token.cancel())
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["added from deinit"])
        _ = added.withLock { $0 }?.cancel()
    }

    @Test("a cancelled end-of-life callback whose capture's deinit registers another on the same object")
    func endCallbackCaptureReenters() {
        let object = LifetimeObject()
        let added = Locked<CancellationToken?>(nil)
        var capture: OnEnd? = OnEnd {
            let token = object.onEnd {}
            added.withLock { $0 = token }
        }
        let token = object.onEnd { [capture] in _ = capture }
        capture = nil
        #expect(token.cancel())
        #expect(added.withLock { $0 } != nil)
        #expect(object.lifetimeStorage.endCallbackCount == 1)
        _ = added.withLock { $0 }?.cancel()
    }

    @Test("a repeating delay on a clock whose now reads the scheduler")
    func clockNowReadsTheScheduler() async {
        let callback = NowCallback()
        let scheduler = DelayScheduler(clock: CallingClock(callback: callback))
        let ticks = TestEvent()
        // The timer thread computes the next tick from `now`: arm the
        // callback there, from the first tick on.
        let token = try? scheduler.scheduleRepeating(every: .milliseconds(1), on: .inline) {
            callback.arm { _ = scheduler.pendingCount }
            ticks.signal()
        }
        #expect(token != nil)
        #expect(await ticks.wait(count: 3))
        #expect(callback.calls.withLock { $0 } > 0)
        token?.cancel()
    }

    @Test("a debouncer on a clock whose now calls the debouncer")
    func clockNowCallsTheDebouncer() async throws {
        let callback = NowCallback()
        let scheduler = DelayScheduler(clock: CallingClock(callback: callback))
        let received = ObservationLog<Int>()
        let delivered = TestEvent()
        let debouncer = try Debouncer<Int>(for: .milliseconds(1), scheduler: scheduler, on: .inline) { value in
            received.append(value)
            delivered.signal()
        }
        // `now` is read while `send` schedules: it cancels what is pending.
        callback.arm { _ = debouncer.cancel() }
        debouncer.send(1)
        debouncer.send(2)
        callback.arm {}
        #expect(callback.calls.withLock { $0 } == 2)
        #expect(await delivered.wait())
        #expect(received.entries == [2])
    }

    @Test("a throttler's replaced value whose deinit sends to the throttler")
    func throttlerValueReenters() throws {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let received = ObservationLog<Int>()
        let throttler = try Throttler<Payload>(for: .seconds(1), scheduler: scheduler, on: .inline) { payload in
            received.append(payload.id)
        }
        throttler.send(Payload(1))
        throttler.send(Payload(2, onEnd: { throttler.send(Payload(99)) }))
        // Replaces 2, whose deinit sends 99, which replaces 3.
        throttler.send(Payload(3))
        clock.advance(by: .seconds(1))
        #expect(received.entries == [1, 99])
        throttler.cancel()
    }
}
