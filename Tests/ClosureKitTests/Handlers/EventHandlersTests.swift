import Synchronization
import Testing

@testable import ClosureKit

/// A value that is not `Sendable`, for the region-bound list.
final class Parcel {
    var label: String
    init(_ label: String) { self.label = label }
}

/// A user's convenience built on the public API, as the BuildingConveniences
/// article writes it.
final class Pedometer {
    private let steps = EventHandlers<Int>()

    func onStep(options: RegistrationOptions = [], _ handler: @escaping @isolated(any) (Int) -> Void)
        -> CancellationToken
    {
        steps.add(options: options, handler)
    }

    func stepEvents() -> EventSequence<Int> {
        EventSequence { yield in onStep { yield($0) } }
    }

    func step(_ count: Int) { steps.send(count) }
    var isIdle: Bool { steps.isEmpty }
}

@Suite("EventHandlers: a non-Sendable owner's closures, in the sender's isolation")
struct EventHandlersTests {
    @Test("send calls every handler in registration order, before it returns, with values that are not Sendable")
    func sendsInOrder() {
        let parcels = EventHandlers<Parcel>()
        var seen: [String] = []
        let first = parcels.add { seen.append("first \($0.label)") }
        let second = parcels.add { parcel in
            seen.append("second \(parcel.label)")
            parcel.label = "opened"
        }
        let parcel = Parcel("box")
        parcels.send(parcel)
        #expect(seen == ["first box", "second box"])
        #expect(parcel.label == "opened")
        first.cancel()
        second.cancel()
    }

    @Test("once runs a handler for the first send only; cancel and release remove handlers")
    func onceAndCancel() {
        let pedometer = Pedometer()
        var once = 0
        var every = 0
        let onceToken = pedometer.onStep(options: .once) { _ in once += 1 }
        var everyToken: CancellationToken? = pedometer.onStep { every += $0 }
        #expect(!pedometer.isIdle)
        pedometer.step(2)
        pedometer.step(3)
        #expect(once == 1)
        #expect(every == 5)
        #expect(onceToken.cancel() == false)
        everyToken = nil
        #expect(pedometer.isIdle)
        pedometer.step(4)
        #expect(every == 5)
        _ = everyToken
    }

    @Test("a sequence built with EventSequence's public initializer gets the events, and ends with its source")
    func userSequence() async {
        var pedometer: Pedometer? = Pedometer()
        let steps = pedometer!.stepEvents()
        pedometer!.step(1)
        pedometer!.step(2)
        pedometer = nil
        #expect(await collectAll(steps) == [1, 2])
    }

    @Test("events() of a list of Sendable events delivers each send, and ends with the list")
    func listSequence() async {
        var list: EventHandlers<String>? = EventHandlers<String>()
        let events = list!.events()
        list!.send("a")
        list!.send("b")
        list = nil
        #expect(await collectAll(events) == ["a", "b"])
    }
}

@Suite("SendableEventHandlers: a Sendable owner's closures, on their registrant's actor")
@MainActor
struct SendableEventHandlersTests {
    @Test("a main-actor handler gets events sent from another thread on the main actor, in send order")
    func mainActorHandlerFromBackground() async {
        let readings = SendableEventHandlers<Int>()
        var seen: [Int] = []
        let token = readings.add { reading in
            MainActor.preconditionIsolated()
            seen.append(reading)
        }
        await onBackgroundThread {
            for reading in 1...20 { readings.send(reading) }
        }
        #expect(await untilMainActor { seen.count == 20 })
        #expect(seen == Array(1...20))
        readings.send(21)
        #expect(seen.last == 21)
        token.cancel()
    }

    @Test("a nonisolated handler runs on the sending thread, before send returns")
    nonisolated func nonisolatedHandler() {
        let readings = SendableEventHandlers<Int>()
        let total = Mutex(0)
        let token = readings.add { reading in total.withLock { $0 += reading } }
        blockingOnBackgroundThread { readings.send(5) }
        #expect(total.withLock { $0 } == 5)
        #expect(!readings.isEmpty)
        token.cancel()
        #expect(readings.isEmpty)
    }

    @Test("cancelling the token drops the events that wait for the actor")
    func cancelDropsWaitingEvents() async {
        let readings = SendableEventHandlers<Int>()
        var seen: [Int] = []
        let token = readings.add { seen.append($0) }
        // The main actor is blocked meanwhile: the events wait for it.
        blockingOnBackgroundThread {
            for reading in 1...3 { readings.send(reading) }
        }
        #expect(token.cancel())
        #expect(await untilMainActor({ !seen.isEmpty }, limit: 1_000) == false)
    }

    @Test("events() delivers what is sent from any thread")
    func sequence() async {
        var readings: SendableEventHandlers<Int>? = SendableEventHandlers<Int>()
        let events = readings!.events()
        await onBackgroundThread { [readings] in readings?.send(7) }
        // The list ends once the background block has released its copy.
        readings = nil
        #expect(await collectAll(events) == [7])
    }
}
