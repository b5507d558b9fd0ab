import Dispatch
import Testing

@testable import ClosureKit

/// The shared machinery, exercised through control events, the simplest
/// source: buffering, cancellation, dropping, many consumers, owner end.
@Suite("EventSequence", .timeLimit(.minutes(1)))
struct EventSequenceTests {
    @Test("the default buffering keeps the newest 64 elements for a consumer that is not waiting")
    func defaultBufferingIsBounded() async {
        var slider: ControlTestSlider? = ControlTestSlider(value: 0)
        let values = Locked(0)
        let sequence = slider!.events(for: .valueChanged) { _ in
            values.withLock {
                $0 += 1
                return $0
            }
        }
        for _ in 1...1_000 { slider!.sendEvents(.valueChanged) }
        slider = nil
        let received = await collectAll(sequence)
        #expect(received == Array(937...1_000))
        #expect(EventBuffering.default == .newest(64))
    }

    @Test("newest(n) drops the oldest buffered elements, oldest(n) drops the new ones")
    func policiesUnderASlowConsumer() async {
        let counter = Locked(0)
        let slider = ControlTestSlider()
        let next: @Sendable (ControlTestSlider) -> Int = { _ in
            counter.withLock {
                $0 += 1
                return $0
            }
        }
        let newest = slider.events(for: .valueChanged, buffering: .newest(2), next)
        let oldest = slider.events(for: .valueChanged, buffering: .oldest(2), next)
        // Each send calls both handlers: newest sees odd numbers, oldest even.
        for _ in 1...5 { slider.sendEvents(.valueChanged) }
        var newestIterator = newest.makeAsyncIterator()
        var oldestIterator = oldest.makeAsyncIterator()
        #expect(await newestIterator.next() == 7)
        #expect(await newestIterator.next() == 9)
        #expect(await oldestIterator.next() == 2)
        #expect(await oldestIterator.next() == 4)
        // Nothing else was kept: the next element is the next send's.
        slider.sendEvents(.valueChanged)
        #expect(await newestIterator.next() == 11)
        #expect(await oldestIterator.next() == 12)
    }

    @Test("unbounded keeps every element")
    func unboundedKeepsAll() async {
        var slider: ControlTestSlider? = ControlTestSlider()
        let sequence = slider!.events(for: .valueChanged, buffering: .unbounded)
        for _ in 1...500 { slider!.sendEvents(.valueChanged) }
        slider = nil
        #expect(await collectAll(sequence).count == 500)
    }

    @Test("newest(0) delivers only to a consumer that is already waiting")
    func newestZero() async {
        var slider: ControlTestSlider? = ControlTestSlider()
        let sequence = slider!.events(for: .valueChanged, buffering: .newest(0))
        slider!.sendEvents(.valueChanged)
        slider = nil
        #expect(await collectAll(sequence).isEmpty)
    }

    @Test("cancelling the iterating task mid-iteration removes the handler and releases its captures")
    func cancellationReleases() async {
        let slider = ControlTestSlider()
        var capture: SequenceCapture? = SequenceCapture()
        let watch = SequenceCaptureWatch(capture!)
        let sequence = slider.events(for: .valueChanged) { [capture] _ in capture!.name }
        capture = nil
        let received = ReceiptSignal()
        let task = Task {
            var count = 0
            for await _ in sequence {
                count += 1
                received.signal()
            }
            return count
        }
        slider.sendEvents(.valueChanged)
        await received.wait()
        #expect(slider.hasHandlers(for: .valueChanged))
        #expect(!watch.isReleased)
        task.cancel()
        #expect(await task.value == 1)
        #expect(!slider.hasHandlers(for: .valueChanged))
        #expect(watch.isReleased)
        slider.sendEvents(.valueChanged) // nobody listens; nothing happens
    }

    @Test("cancelling a task that waits for its first element ends the loop and the registration")
    func cancelWhileWaiting() async {
        let slider = ControlTestSlider()
        let sequence = slider.events(for: .valueChanged)
        let task = Task {
            var count = 0
            for await _ in sequence { count += 1 }
            return count
        }
        task.cancel()
        #expect(await task.value == 0)
        #expect(!slider.hasHandlers(for: .valueChanged))
    }

    @Test("dropping a sequence that was never iterated removes the handler and releases its captures")
    func droppingUnusedSequence() {
        let slider = ControlTestSlider()
        var capture: SequenceCapture? = SequenceCapture()
        let watch = SequenceCaptureWatch(capture!)
        do {
            let sequence = slider.events(for: .valueChanged) { [capture] _ in capture!.name }
            capture = nil
            slider.sendEvents(.valueChanged)
            #expect(slider.hasHandlers(for: .valueChanged))
            _ = sequence
        }
        #expect(!slider.hasHandlers(for: .valueChanged))
        #expect(watch.isReleased)
    }

    @Test("dropping the iterator after some elements removes the handler")
    func droppingIterator() async {
        let slider = ControlTestSlider()
        do {
            var iterator = slider.events(for: .valueChanged).makeAsyncIterator()
            slider.sendEvents(.valueChanged)
            #expect(await iterator.next() != nil)
        }
        #expect(!slider.hasHandlers(for: .valueChanged))
    }

    @Test("the source's owner ending finishes the sequence after what it buffered")
    func ownerEndFinishes() async {
        let ended = Probe()
        var slider: ControlTestSlider? = ControlTestSlider(value: 7) { ended.record("slider") }
        let sequence = slider!.events(for: .valueChanged) { $0.value }
        slider!.sendEvents(.valueChanged)
        slider!.sendEvents(.valueChanged)
        slider = nil
        #expect(ended.events == ["slider"]) // the sequence does not keep it alive
        #expect(await collectAll(sequence) == [7, 7])
    }

    @Test("a waiting consumer finishes when the owner ends on another thread")
    func ownerEndWakesWaitingConsumer() async {
        let box = Locked<ControlTestSlider?>(ControlTestSlider())
        let sequence = box.withLock { $0!.events(for: .valueChanged) }
        let task = Task { await collectAll(sequence).count }
        DispatchQueue.global().async {
            box.withLock { $0!.sendEvents(.valueChanged) }
            let slider = box.withLock { slider in
                defer { slider = nil }
                return slider
            }
            _ = slider // released here, outside the lock
        }
        #expect(await task.value == 1)
    }

    @Test("an empty mask registers nothing and the sequence is finished at once")
    func emptyMask() async {
        let slider = ControlTestSlider()
        let sequence = slider.events(for: [])
        #expect(!slider.hasHandlers(for: []))
        #expect(await collectAll(sequence).isEmpty)
    }

    @Test("many tasks iterate one source, each with its own sequence, and each sees every event in order")
    func manyConsumers() async {
        let consumers = 8
        let sends = 200
        var slider: ControlTestSlider? = ControlTestSlider()
        let counter = Locked(0)
        let sequences = (0..<consumers).map { _ in
            slider!.events(for: .valueChanged, buffering: .unbounded) { _ in counter.withLock { $0 } }
        }
        let tasks = sequences.map { sequence in Task { await collectAll(sequence) } }
        for _ in 0..<sends {
            counter.withLock { $0 += 1 }
            slider!.sendEvents(.valueChanged)
        }
        slider = nil
        for task in tasks {
            #expect(await task.value == Array(1...sends))
        }
    }

    @Test("events sent from many threads at once reach every consumer, none lost under unbounded buffering")
    func concurrentSenders() async {
        let box = Locked<ControlTestSlider?>(ControlTestSlider())
        let sequences = box.withLock { slider in
            (0..<4).map { _ in slider!.events(for: .valueChanged, buffering: .unbounded) }
        }
        let tasks = sequences.map { sequence in Task { await collectAll(sequence).count } }
        let slider = box.withLock { $0! }
        concurrently(1_000) { _ in slider.sendEvents(.valueChanged) }
        box.withLock { $0 = nil }
        _ = consume slider
        for task in tasks {
            #expect(await task.value == 1_000)
        }
    }

    @Test("consumers of one sequence share its elements: each goes to one of them, in the order they ask")
    func consumersOfOneSequenceShareIt() async {
        let slider = ControlTestSlider()
        let counter = Locked(0)
        let sequence = slider.events(for: .valueChanged, buffering: .unbounded) { _ in
            counter.withLock {
                $0 += 1
                return $0
            }
        }
        var first = sequence.makeAsyncIterator()
        var second = sequence.makeAsyncIterator()
        for _ in 1...4 { slider.sendEvents(.valueChanged) }
        #expect(await first.next() == 1)
        #expect(await second.next() == 2)
        #expect(await second.next() == 3)
        #expect(await first.next() == 4)
        #expect(counter.withLock { $0 } == 4) // one registration, not one per iterator
    }

    @Test("two tasks iterating one sequence receive every element once between them, none twice")
    func twoTasksSplitOneSequence() async {
        let sends = 200
        var slider: ControlTestSlider? = ControlTestSlider()
        let counter = Locked(0)
        let sequence = slider!.events(for: .valueChanged, buffering: .unbounded) { _ in counter.withLock { $0 } }
        let tasks = (0..<2).map { _ in Task { await collectAll(sequence) } }
        for _ in 0..<sends {
            counter.withLock { $0 += 1 }
            slider!.sendEvents(.valueChanged)
        }
        slider = nil // the owner ends: both consumers finish
        var received: [Int] = []
        for task in tasks {
            let elements = await task.value
            #expect(elements == elements.sorted()) // each consumer's share is in order
            received += elements
        }
        #expect(received.sorted() == Array(1...sends))
    }

    @Test("one consumer leaving early ends the sequence for the others, after what was buffered")
    func oneConsumerLeavingEndsItForAll() async {
        let slider = ControlTestSlider()
        let counter = Locked(0)
        let sequence = slider.events(for: .valueChanged, buffering: .unbounded) { _ in
            counter.withLock {
                $0 += 1
                return $0
            }
        }
        var second = sequence.makeAsyncIterator()
        do {
            var first = sequence.makeAsyncIterator()
            slider.sendEvents(.valueChanged)
            slider.sendEvents(.valueChanged)
            #expect(await first.next() == 1)
        }
        #expect(!slider.hasHandlers(for: .valueChanged))
        slider.sendEvents(.valueChanged) // no registration: not delivered
        #expect(await second.next() == 2)
        #expect(await second.next() == nil)
    }

    @Test("the buffering policies describe themselves")
    func descriptions() {
        #expect(EventBuffering.newest(3).description == "newest(3)")
        #expect(EventBuffering.oldest(8).description == "oldest(8)")
        #expect(EventBuffering.unbounded.description == "unbounded")
        #expect(EventBuffering.default.description == "newest(64)")
    }
}

@Suite("EventSequence early exit", .timeLimit(.minutes(1)))
struct EventSequenceEarlyExitTests {
    @Test("leaving the loop early removes the handler while the sequence is still held")
    func breakEndsRegistration() async {
        let slider = ControlTestSlider()
        let sequence = slider.events(for: .valueChanged, buffering: .unbounded)
        slider.sendEvents(.valueChanged)
        for await _ in sequence { break }
        #expect(!slider.hasHandlers(for: .valueChanged))
        withExtendedLifetime(sequence) {}
    }
}
