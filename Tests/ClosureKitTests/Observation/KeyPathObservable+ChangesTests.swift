import Testing

@testable import ClosureKit

@Suite("KeyPathObservable changes(of:)", .timeLimit(.minutes(1)))
struct KeyPathObservableChangesTests {
    @Test("each set is one change carrying the new value by default")
    func newValuesByDefault() async throws {
        var holder: ObservedHolder? = ObservedHolder()
        let sequence = holder!.changes(of: \.count)
        holder!.count = 1
        holder!.count = 2
        holder = nil
        let changes = await collectAll(sequence)
        #expect(changes.map(\.newValue) == [1, 2])
        #expect(changes.allSatisfy { $0.oldValue == nil && $0.kind == .change && $0.keyPath == \ObservedHolder.count })
    }

    @Test("the options are observe's: initial, old and new, skipping equal values")
    func options() async throws {
        var holder: ObservedHolder? = ObservedHolder()
        let sequence = holder!.changes(of: \.count, options: [.initial, .old, .new, .skippingEqualValues])
        holder!.count = 0 // equal: skipped
        holder!.count = 5
        holder!.count = 5 // equal: skipped
        holder!.count = 6
        holder = nil
        let changes = await collectAll(sequence)
        #expect(changes.map(\.kind) == [.initial, .change, .change])
        #expect(changes.map(\.oldValue) == [nil, 0, 5])
        #expect(changes.map(\.newValue) == [0, 5, 6])
    }

    @Test("a value that is not Equatable is observed with the options that need no ==")
    func nonEquatable() async throws {
        var holder: ObservedHolder? = ObservedHolder()
        let sequence = holder!.changes(of: \.opaque, options: [.new, .old])
        holder!.opaque = ObservedOpaque(raw: 3)
        holder = nil
        let changes = await collectAll(sequence)
        #expect(changes.map { $0.newValue?.raw } == [3])
        #expect(changes.map { $0.oldValue?.raw } == [0])
    }

    @Test("a nested key path follows its intermediate objects")
    func nestedPath() async throws {
        let person = ObservedPerson(name: "Ada", city: "London")
        var iterator = person.changes(of: \.address.city).makeAsyncIterator()
        person.address.city = "Paris"
        person.address = ObservedAddress(city: "Rome")
        #expect(await iterator.next()?.newValue == "Paris")
        #expect(await iterator.next()?.newValue == "Rome")
    }

    @Test("once ends the sequence after its first element")
    func once() async throws {
        let holder = ObservedHolder()
        let sequence = holder.changes(of: \.count, options: [.new, .once])
        holder.count = 1
        holder.count = 2
        #expect(await collectAll(sequence).map(\.newValue) == [1])
        #expect(holder.observationStorage.registrations.isEmpty)
    }

    @Test("cancelling the iterating task ends the observation")
    func cancellation() async throws {
        let holder = ObservedHolder()
        let sequence = holder.changes(of: \.count)
        let received = ReceiptSignal()
        let task = Task {
            var values: [Int?] = []
            for await change in sequence {
                values.append(change.newValue)
                received.signal()
            }
            return values
        }
        holder.count = 1
        await received.wait()
        #expect(!holder.observationStorage.registrations.isEmpty)
        task.cancel()
        #expect(await task.value == [1])
        #expect(holder.observationStorage.registrations.isEmpty)
    }

    @Test("the object's end finishes the sequence, and the sequence does not keep the object alive")
    func ownerEnd() async throws {
        let ended = Probe()
        var account: ObservedAccount? = ObservedAccount()
        account!.onDeinit = { ended.record("account") }
        let sequence = account!.changes(of: \.balance)
        account!.balance = 10
        account = nil
        #expect(ended.events == ["account"])
        #expect(await collectAll(sequence).map(\.newValue) == [10])
    }

    @Test("sets from many threads each deliver one change to every sequence")
    func concurrentSets() async throws {
        let holder = ObservedHolder()
        let sequences = (0..<4).map { _ in holder.changes(of: \.count, buffering: .unbounded) }
        let tasks = sequences.map { sequence in
            Task {
                var count = 0
                for await _ in sequence {
                    count += 1
                    if count == 500 { break }
                }
                return count
            }
        }
        concurrently(500) { holder.count = $0 }
        for task in tasks { #expect(await task.value == 500) }
    }
}
