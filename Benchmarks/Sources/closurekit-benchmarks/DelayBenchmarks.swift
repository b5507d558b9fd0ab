import ClosureKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Delays: a schedule-and-cancel pair, the memory of a pending delay, memory
// after cancelling many pending delays, firing lateness and the throughput of
// delays that fall due together. Peers, measured in the same run:
// `DispatchQueue.asyncAfter` with `DispatchWorkItem.cancel()`, and
// `Task { try await Task.sleep(…) }` with `cancel()`.
//
// Method notes:
// - Pairs are measured first, in three alternating rounds of equal-sized
//   samples, because this machine's load drifts.
// - Memory is resident memory (/proc/self/statm) after `malloc_trim(0)`, so
//   that freed memory the allocator merely caches does not count. Ours is
//   measured with 1,000,000 pending delays, the peers with 200,000 (a million
//   tasks would need 2 GB). The peers' rows after cancelling show that they
//   hold their memory until the original deadline. Linux only: elsewhere the
//   memory rows read 0.
// - Lateness: the same 2,000 moments over 400 ms, ours and asyncAfter's
//   interleaved, each on its own serial queue; three rounds, and each side's
//   percentile is its median over the rounds.
// - Burst: 100,000 delays due at one deadline on a serial queue; the time from
//   the deadline to the last closure's end, per delay.

private final class DelayCounter: @unchecked Sendable {
    var value = 0
}

/// What any cancellable delay behind a class token costs at the least: the
/// token itself (a record the size of ours) holding the closure.
private final class FloorRecord: @unchecked Sendable {
    var action: (@Sendable () -> Void)?
    var deadline: Int64 = 0
    var state: Int64 = 0
    var links: (Int, Int, Int, Int) = (0, 0, 0, 0)

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }
}

private final class DelaySamples: @unchecked Sendable {
    var values: [Double] = []
}

#if canImport(Glibc)
// glibc's `malloc_trim`, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Resident memory of the process, in bytes, after giving free pages back to
/// the system (`malloc_trim`), so that what is measured is what is still in
/// use, not what the allocator keeps cached.
private func residentBytes() -> Double {
    #if canImport(Glibc)
    _ = mallocTrim(0)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return 0
    #endif
}

private let far: Duration = .seconds(3600)
private let farDispatch: DispatchTimeInterval = .seconds(3600)

/// Memory per pending delay and memory after cancelling them all.
private struct MemoryResult {
    var perItem: Double
    var baseline: Double
    var afterCancel: Double
}

private func measureMemory(count: Int, schedule: (DelayCounter) -> [AnyObject], cancel: ([AnyObject]) -> Void) -> MemoryResult {
    let counter = DelayCounter()
    let baseline = residentBytes()
    var handles = schedule(counter)
    let pending = residentBytes()
    cancel(handles)
    handles = []
    let after = residentBytes()
    return MemoryResult(perItem: (pending - baseline) / Double(count), baseline: baseline, afterCancel: after)
}

/// Lateness in microseconds (p50, p99) of `count` delays spread over
/// ~400 ms, scheduled by two schedulers for the same moments and interleaved,
/// so that both meet the same load on a shared machine.
private func lateness(
    count: Int,
    _ first: @escaping (_ offsetNanoseconds: Int, _ record: @escaping @Sendable (Double) -> Void) -> AnyObject?,
    _ second: @escaping (_ offsetNanoseconds: Int, _ record: @escaping @Sendable (Double) -> Void) -> AnyObject?
) -> [(p50: Double, p99: Double)] {
    let lock = NSLock()
    let boxes = [DelaySamples(), DelaySamples()]
    let done = DispatchSemaphore(value: 0)
    var handles: [AnyObject] = []
    for index in 0..<count {
        // Spread deadlines, offset by a fraction of a millisecond between the
        // two so that they do not compete for the very same instant.
        let offset = 20_000_000 + index * (400_000_000 / count)
        for (which, schedule) in [first, second].enumerated() {
            let box = boxes[which]
            let handle = schedule(offset + which * 100_000) { late in
                lock.lock()
                box.values.append(late / 1000)
                let finished = boxes[0].values.count == count && boxes[1].values.count == count
                lock.unlock()
                if finished { done.signal() }
            }
            if let handle { handles.append(handle) }
        }
    }
    done.wait()
    blackHole(handles)
    return boxes.map { box in
        let samples = box.values.sorted()
        return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
    }
}

/// Nanoseconds per delay from the common deadline until the last of `count`
/// delays due together has run.
private func burst(count: Int, schedule: (_ done: @escaping @Sendable () -> Void) -> (deadline: UInt64, handles: [AnyObject])) -> Double {
    let finished = DispatchSemaphore(value: 0)
    let end = DelayCounter()
    let (deadline, handles) = schedule {
        end.value = Int(now())
        finished.signal()
    }
    finished.wait()
    blackHole(handles)
    return Double(UInt64(end.value) &- deadline) / Double(count)
}

/// The best of several rounds: the lowest minimum and the lowest median.
private func best(_ rounds: [Measurement]) -> Measurement {
    Measurement(min: rounds.map(\.min).min() ?? 0, median: rounds.map(\.median).min() ?? 0)
}

let delaysSuite = Suite(capability: "delays") {
    let scheduler = DelayScheduler.shared
    let queue = DispatchQueue(label: "benchmarks.delays")
    let counter = DelayCounter()
    var rows: [Row] = []
    // MARK: Schedule-and-cancel pairs, first (nothing else pending yet), in
    // alternating rounds so that the machine's load drifts over all three.

    var ourPairs: [Measurement] = []
    var workItemPairs: [Measurement] = []
    var taskPairs: [Measurement] = []
    var floorPairs: [Measurement] = []
    let floorLock = NSLock()
    for _ in 0..<3 {
        // The floor of any schedule-and-cancel pair that returns a class
        // token: read the clock, allocate the token with the closure in it,
        // take a lock to file it and another to cancel it, free both.
        floorPairs.append(measure(operations: 10_000, repetitions: 5) { n in
            for _ in 0..<n {
                let record = FloorRecord { counter.value &+= 1 }
                floorLock.lock()
                record.deadline = Int64(now()) &+ 3_600_000_000_000
                floorLock.unlock()
                floorLock.lock()
                record.action = nil
                floorLock.unlock()
                blackHole(record)
            }
        })
        ourPairs.append(measure(operations: 10_000, repetitions: 5) { n in
            for _ in 0..<n {
                let token = scheduler.schedule(after: far, on: .queue(queue)) { counter.value &+= 1 }
                token.cancel()
            }
        })
        // Cancelled work items and tasks stay pending until their deadline.
        workItemPairs.append(measure(operations: 10_000, repetitions: 5) { n in
            for _ in 0..<n {
                let item = DispatchWorkItem { counter.value &+= 1 }
                queue.asyncAfter(deadline: .now() + farDispatch, execute: item)
                item.cancel()
            }
        })
        taskPairs.append(measure(operations: 10_000, repetitions: 5) { n in
            for _ in 0..<n {
                let task = Task {
                    try await Task.sleep(for: far)
                    counter.value &+= 1
                }
                task.cancel()
            }
        })
    }
    let pair = best(ourPairs)
    rows.append(Row(capability: "delays", name: "schedule + cancel", metric: "ns/op", ours: pair,
                    peer: "asyncAfter + DispatchWorkItem.cancel", peerValue: best(workItemPairs), target: .atMost(0.1)))
    rows.append(Row(capability: "delays", name: "schedule + cancel", metric: "ns/op", ours: pair,
                    peer: "Task { Task.sleep } + cancel", peerValue: best(taskPairs), target: nil))
    rows.append(Row(capability: "delays", name: "floor: token + closure, clock, 2 locks", metric: "ns/op",
                    ours: best(floorPairs), peer: "asyncAfter + DispatchWorkItem.cancel",
                    peerValue: best(workItemPairs), target: nil))
    // Let the cancelled tasks unwind before memory is measured.
    Thread.sleep(forTimeInterval: 0.5)

    // MARK: Memory (ours first, while no peer has left pending items behind)

    let million = 1_000_000
    let ours = measureMemory(count: million, schedule: { counter in
        var tokens: [AnyObject] = []
        tokens.reserveCapacity(million)
        for _ in 0..<million {
            tokens.append(scheduler.schedule(after: far, on: .queue(queue)) { counter.value &+= 1 })
        }
        return tokens
    }, cancel: { tokens in
        for token in tokens { (token as! CancellationToken).cancel() }
    })
    precondition(scheduler.pendingCount == 0)

    let peerCount = 200_000
    let workItems = measureMemory(count: peerCount, schedule: { counter in
        var items: [AnyObject] = []
        items.reserveCapacity(peerCount)
        for _ in 0..<peerCount {
            let item = DispatchWorkItem { counter.value &+= 1 }
            queue.asyncAfter(deadline: .now() + farDispatch, execute: item)
            items.append(item)
        }
        return items
    }, cancel: { items in
        for item in items { (item as! DispatchWorkItem).cancel() }
    })

    final class TaskBox { let task: Task<Void, Error>; init(_ task: Task<Void, Error>) { self.task = task } }
    let tasks = measureMemory(count: peerCount, schedule: { counter in
        var boxes: [AnyObject] = []
        boxes.reserveCapacity(peerCount)
        for _ in 0..<peerCount {
            boxes.append(TaskBox(Task {
                try await Task.sleep(for: far)
                counter.value &+= 1
            }))
        }
        // Let the tasks reach their sleep, so that they are really pending.
        Thread.sleep(forTimeInterval: 0.5)
        return boxes
    }, cancel: { boxes in
        for box in boxes { (box as! TaskBox).task.cancel() }
        // Give cancelled tasks time to unwind, as the delays had.
        Thread.sleep(forTimeInterval: 0.5)
    })

    let mb = 1.0 / 1_048_576
    rows.append(Row(capability: "delays", name: "memory per pending delay (RSS)", metric: "bytes",
                    ours: Measurement(min: ours.perItem, median: ours.perItem), peer: "DispatchWorkItem",
                    peerValue: Measurement(min: workItems.perItem, median: workItems.perItem), target: .atMost(0.25)))
    rows.append(Row(capability: "delays", name: "memory per pending delay (RSS)", metric: "bytes",
                    ours: Measurement(min: ours.perItem, median: ours.perItem), peer: "Task.sleep",
                    peerValue: Measurement(min: tasks.perItem, median: tasks.perItem), target: nil))
    rows.append(Row(capability: "delays", name: "RSS after cancelling 1M pending delays", metric: "MB",
                    ours: Measurement(min: ours.afterCancel * mb, median: ours.afterCancel * mb),
                    peer: "RSS before scheduling", peerValue: Measurement(min: ours.baseline * mb, median: ours.baseline * mb),
                    target: .atMost(1.1)))
    rows.append(Row(capability: "delays", name: "peer: RSS after cancelling 200k DispatchWorkItems", metric: "MB",
                    ours: Measurement(min: workItems.afterCancel * mb, median: workItems.afterCancel * mb),
                    peer: "RSS before scheduling", peerValue: Measurement(min: workItems.baseline * mb, median: workItems.baseline * mb),
                    target: nil))
    rows.append(Row(capability: "delays", name: "peer: RSS after cancelling 200k Task.sleep", metric: "MB",
                    ours: Measurement(min: tasks.afterCancel * mb, median: tasks.afterCancel * mb),
                    peer: "RSS before scheduling", peerValue: Measurement(min: tasks.baseline * mb, median: tasks.baseline * mb),
                    target: nil))

    // MARK: Lateness and bursts (ours and asyncAfter, each on a serial queue)

    // Three rounds of 2,000 moments each; each side's percentiles are the
    // median over the rounds, so that one unlucky round on a shared machine
    // does not decide the row.
    let lateCount = 2_000
    let otherQueue = DispatchQueue(label: "benchmarks.delays.peer")
    var rounds: [[(p50: Double, p99: Double)]] = []
    for _ in 0..<3 {
        rounds.append(lateness(count: lateCount, { offset, record in
            let deadline = ContinuousClock.now.advanced(by: .nanoseconds(offset))
            return scheduler.schedule(at: deadline, on: .queue(queue)) {
                let late = deadline.duration(to: ContinuousClock.now)
                record(Double(late.components.seconds) * 1e9 + Double(late.components.attoseconds) / 1e9)
            }
        }, { offset, record in
            let deadline = DispatchTime.now() + .nanoseconds(offset)
            otherQueue.asyncAfter(deadline: deadline) {
                record(Double(Int64(bitPattern: DispatchTime.now().uptimeNanoseconds &- deadline.uptimeNanoseconds)))
            }
            return nil
        }))
    }
    func medianOfRounds(_ side: Int, _ value: ((p50: Double, p99: Double)) -> Double) -> Measurement {
        let values = rounds.map { value($0[side]) }.sorted()
        return Measurement(min: values[0], median: values[values.count / 2])
    }
    // The rows compare medians over the rounds (the "med" column; "min" is
    // the best round), so the ratio column is computed from the medians.
    let ourP99 = medianOfRounds(0) { $0.p99 }
    let dispatchP99 = medianOfRounds(1) { $0.p99 }
    let ourP50 = medianOfRounds(0) { $0.p50 }
    let dispatchP50 = medianOfRounds(1) { $0.p50 }
    rows.append(Row(capability: "delays", name: "firing lateness p99 (median of 3 rounds)", metric: "µs",
                    ours: Measurement(min: ourP99.median, median: ourP99.median), peer: "asyncAfter",
                    peerValue: Measurement(min: dispatchP99.median, median: dispatchP99.median), target: .atMost(1.0)))
    rows.append(Row(capability: "delays", name: "firing lateness p99, best round", metric: "µs",
                    ours: Measurement(min: ourP99.min, median: ourP99.min), peer: "asyncAfter",
                    peerValue: Measurement(min: dispatchP99.min, median: dispatchP99.min), target: nil))
    rows.append(Row(capability: "delays", name: "firing lateness p50 (median of 3 rounds)", metric: "µs",
                    ours: Measurement(min: ourP50.median, median: ourP50.median), peer: "asyncAfter",
                    peerValue: Measurement(min: dispatchP50.median, median: dispatchP50.median), target: nil))

    let burstCount = 100_000
    var ourBurst: [Double] = []
    var dispatchBurst: [Double] = []
    for _ in 0..<3 {
        ourBurst.append(burst(count: burstCount) { done in
            let ran = DelayCounter()
            let start = now()
            let offset = Duration.milliseconds(400)
            let deadline = ContinuousClock.now.advanced(by: offset)
            var tokens: [AnyObject] = []
            tokens.reserveCapacity(burstCount)
            for _ in 0..<burstCount {
                tokens.append(scheduler.schedule(at: deadline, on: .queue(queue)) {
                    ran.value &+= 1
                    if ran.value == burstCount { done() }
                })
            }
            return (start + 400_000_000, tokens)
        })
        dispatchBurst.append(burst(count: burstCount) { done in
            let ran = DelayCounter()
            let deadline = DispatchTime.now() + .milliseconds(400)
            for _ in 0..<burstCount {
                queue.asyncAfter(deadline: deadline) {
                    ran.value &+= 1
                    if ran.value == burstCount { done() }
                }
            }
            return (deadline.uptimeNanoseconds, [])
        })
    }
    rows.append(Row(capability: "delays", name: "fire 100k due together (deadline to last run)", metric: "ns/op",
                    ours: summarize(ourBurst), peer: "asyncAfter", peerValue: summarize(dispatchBurst),
                    target: .atMost(0.5)))

    blackHole(counter.value)
    return rows
}
