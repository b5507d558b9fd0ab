#if canImport(Observation)
import ClosureKit
import Dispatch
import Observation
import Testing

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable
private final class Speaker: Lifetime, @unchecked Sendable {
    @ObservationIgnored let lifetimeStorage = LifetimeStorage()
    var volume = 0
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable
private final class Lamp: @unchecked Sendable {
    var brightness = 0
}

@Suite("Observable changes(of:on:)", .timeLimit(.minutes(1)))
struct ObservableChangesTests {
    private let queue = DispatchQueue(label: "closurekit.tests.observable-changes")

    @Test("each change delivered on the queue is one element with the old and the new value")
    func oldAndNew() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        var speaker: Speaker? = Speaker()
        let sequence = queue.sync { speaker!.changes(of: \.volume, on: queue) }
        var iterator = sequence.makeAsyncIterator()
        for volume in 1...3 {
            queue.sync { speaker!.volume = volume }
            let change = await iterator.next()
            #expect(change?.oldValue == volume - 1)
            #expect(change?.newValue == volume)
            #expect(change?.kind == .change)
            #expect(change?.keyPath == \Speaker.volume)
        }
        queue.sync { speaker = nil }
        #expect(await iterator.next() == nil)
    }

    @Test("the end of an object that does not adopt Lifetime finishes the sequence once noticed")
    func ownerEndWithoutLifetime() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        var lamp: Lamp? = Lamp()
        let sequence = queue.sync { lamp!.changes(of: \.brightness, on: queue) }
        queue.sync { lamp = nil }
        let task = Task { await collectAll(sequence).count }
        // The side table notices ended objects when it sweeps.
        releaseEndedObjects()
        #expect(await task.value == 0)
    }

    @Test("cancelling the iterating task ends the observation: later changes deliver nothing")
    func cancellation() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let speaker = Speaker()
        let sequence = queue.sync { speaker.changes(of: \.volume, on: queue) }
        let task = Task {
            var count = 0
            for await _ in sequence { count += 1 }
            return count
        }
        task.cancel()
        #expect(await task.value == 0)
        queue.sync { speaker.volume = 9 }
        queue.sync {}
    }
}
#endif
