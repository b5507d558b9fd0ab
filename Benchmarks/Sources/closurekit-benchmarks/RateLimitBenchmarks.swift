import AsyncAlgorithms
import ClosureKit
import Foundation

// Throttle and debounce: a value sent while a throttle window is open, and a
// value sent to a debouncer (which re-arms its delay), against a hand-written
// throttle of the same design (a flag cleared at the window's end), a
// hand-written timestamp throttle, and swift-async-algorithms' `throttle` and `debounce`
// on an `AsyncStream` (values yielded by a producer, consumed by a task,
// per value including the hand-off to the consumer task).

private final class Tally: @unchecked Sendable {
    var value = 0
}

/// The hand-written throttle: a lock, a timestamp and the latest value.
/// Sends inside the interval are kept (for a trailing call the owner would
/// schedule) instead of running the action. It reads the clock on every send.
private final class TimestampThrottle<Value>: @unchecked Sendable {
    private let lock = PeerLock()
    private let clock = ContinuousClock()
    private let interval: Duration
    private var last: ContinuousClock.Instant?
    private var latest: Value?
    private let action: (Value) -> Void

    init(interval: Duration, action: @escaping (Value) -> Void) {
        self.interval = interval
        self.action = action
    }

    func send(_ value: Value) {
        let now = clock.now
        lock.lock()
        if let last, last.duration(to: now) < interval {
            latest = value
            lock.unlock()
            return
        }
        last = now
        latest = nil
        lock.unlock()
        action(value)
    }
}

/// The strongest hand-written throttle, the same design as ours: a flag that
/// opens the window, cleared by a timer at its end, and the latest value,
/// under a lock. A send inside the window reads no clock.
private final class FlagThrottle<Value>: @unchecked Sendable {
    private let lock = PeerLock()
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "benchmarks.flag-throttle")
    private var windowOpen = false
    private var latest: Value?
    private let action: (Value) -> Void

    init(interval: DispatchTimeInterval, action: @escaping (Value) -> Void) {
        self.interval = interval
        self.action = action
    }

    func send(_ value: Value) {
        lock.lock()
        if windowOpen {
            latest = value
            lock.unlock()
            return
        }
        windowOpen = true
        lock.unlock()
        queue.asyncAfter(deadline: .now() + interval) { [self] in
            lock.lock()
            windowOpen = false
            let trailing = latest
            latest = nil
            lock.unlock()
            if let trailing { action(trailing) }
        }
        action(value)
    }
}

/// Throttler.send while throttled, the flag throttle and the timestamp
/// throttle, shared with the callgrind driver.
func throttleCases() -> [(name: String, body: (Int) -> Void)] {
    let tally = Tally()
    let throttler = try! Throttler<Int>(for: .seconds(3600), on: .inline) { tally.value &+= $0 }
    throttler.send(0) // opens the window: every later send is while throttled
    let handWritten = TimestampThrottle<Int>(interval: .seconds(3600)) { tally.value &+= $0 }
    handWritten.send(0)
    let flag = FlagThrottle<Int>(interval: .seconds(3600)) { tally.value &+= $0 }
    flag.send(0)
    return [
        (
            "throttle.send-while-throttled",
            { n in
                let throttler = opaque(throttler)
                for index in 0..<n { throttler.send(index) }
            }
        ),
        (
            "throttle.peer.timestamp-throttle",
            { n in
                let throttle = opaque(handWritten)
                for index in 0..<n { throttle.send(index) }
            }
        ),
        (
            "throttle.peer.flag-throttle",
            { n in
                let throttle = opaque(flag)
                for index in 0..<n { throttle.send(index) }
            }
        ),
    ]
}

/// Yields `n` values into a stream that `transform` wraps, consumed by a
/// detached task; returns once the operator has pulled all `n` from the
/// stream and the consumer has ended.
///
/// Waiting for the consumer to see the stream's end is not enough: an
/// operator that holds a value back for its interval (debounce and throttle
/// over an hour) may sleep out that hour after its upstream ends. So the
/// stream counts what is pulled from it; once all `n` are pulled, the stream
/// finishes and the consumer is cancelled, which ends the operator's sleep.
private func pump<Output: AsyncSequence<Int, Never> & SendableMetatype>(
    _ n: Int,
    _ transform: @escaping @Sendable (AsyncMapSequence<AsyncStream<Int>, Int>) -> Output
) {
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    let pulledAll = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let tally = Tally()
    let pulled = Tally()
    let counted = stream.map { value -> Int in
        pulled.value &+= 1
        if pulled.value == n { pulledAll.signal() }
        return value
    }
    let consumer = Task.detached {
        for await value in transform(counted) { tally.value &+= value }
        done.signal()
    }
    for index in 0..<n { continuation.yield(index) }
    if n > 0 { pulledAll.wait() }
    continuation.finish()
    consumer.cancel()
    done.wait()
    blackHole((consumer, tally.value))
}

let rateLimitSuite = Suite(capability: "throttle and debounce") {
    let capability = "throttle and debounce"
    let cases = throttleCases()
    let n = 200_000
    let sends = interleave([(n, cases[0].body), (n, cases[1].body), (n, cases[2].body)])

    let tally = Tally()
    let debouncer = try! Debouncer<Int>(for: .seconds(3600), on: .inline) { tally.value &+= $0 }
    let throttler = try! Throttler<Int>(for: .seconds(3600), on: .inline) { tally.value &+= $0 }
    let streamOps = 20_000
    let streams = interleave(
        rounds: 11,
        [
            (
                streamOps,
                { n in
                    let throttler = opaque(throttler)
                    for index in 0..<n { throttler.send(index) }
                }
            ),
            (
                streamOps,
                { n in
                    let debouncer = opaque(debouncer)
                    for index in 0..<n { debouncer.send(index) }
                }
            ),
            (
                streamOps,
                { n in
                    // 1.1.4 ships throttle as `_throttle` (its API is not final yet).
                    pump(n) { $0._throttle(for: .seconds(3600), clock: ContinuousClock(), latest: true) }
                }
            ),
            (
                streamOps / 10,
                { n in
                    pump(n) { $0.debounce(for: .seconds(3600), clock: ContinuousClock()) }
                }
            ),
            (streamOps, { n in pump(n) { $0 } }),
        ])
    debouncer.cancel()
    throttler.cancel()

    return [
        Row(
            capability: capability, name: "Throttler.send while throttled", metric: "ns/op",
            ours: sends[0], peer: "hand-written flag throttle (same design)", peerValue: sends[2],
            target: .atMost(1.2)),
        Row(
            capability: capability, name: "Throttler.send while throttled", metric: "ns/op",
            ours: sends[0], peer: "hand-written timestamp throttle", peerValue: sends[1], target: nil),
        Row(
            capability: capability, name: "Throttler.send while throttled", metric: "ns/op",
            ours: streams[0], peer: "AsyncAlgorithms throttle (AsyncStream)", peerValue: streams[2], target: nil),
        Row(
            capability: capability, name: "Debouncer.send (re-arms its delay)", metric: "ns/op",
            ours: streams[1], peer: "AsyncAlgorithms debounce (AsyncStream)", peerValue: streams[3], target: nil),
        Row(
            capability: capability, name: "Throttler.send while throttled", metric: "ns/op",
            ours: streams[0], peer: "floor: AsyncStream yield + consume, no operator", peerValue: streams[4],
            target: nil),
    ]
}
