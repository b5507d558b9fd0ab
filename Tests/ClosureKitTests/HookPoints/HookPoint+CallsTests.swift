import Testing

@testable import ClosureKit

/// A hookable type of this suite alone, so that type-wide hooks of other
/// suites never see its calls.
private final class Meter: Hookable, Lifetime, @unchecked Sendable {
    struct Hooks {
        let add = HookPoint<Meter, Int, Int>("add(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let lifetimeStorage = LifetimeStorage()
    private let total = Locked(0)

    func add(_ amount: Int) -> Int {
        Self.hooks.add.call(self, amount) { meter, amount in
            meter.total.withLock { total in
                total += amount
                return total
            }
        }
    }
}

@Suite("HookPoint calls(on:)", .serialized, .timeLimit(.minutes(1)))
struct HookPointCallsTests {
    @Test("each call on the instance is one element with its arguments and result")
    func instanceCalls() async {
        var meter: Meter? = Meter()
        let other = Meter()
        let sequence = Meter.hooks.add.calls(on: meter!)
        #expect(meter!.add(2) == 2)
        #expect(other.add(100) == 100) // another instance: not observed
        #expect(meter!.add(3) == 5)
        meter = nil
        let calls = await collectAll(sequence)
        #expect(calls.map(\.arguments) == [2, 3])
        #expect(calls.map(\.result) == [2, 5])
    }

    @Test("a type-wide sequence sees every instance's calls, through the transform")
    func typeWide() async {
        let first = Meter()
        let second = Meter()
        let sequence = Meter.hooks.add.calls { meter, call in (meter === first ? "first" : "second", call.result!) }
        var iterator = sequence.makeAsyncIterator()
        _ = first.add(1)
        _ = second.add(4)
        #expect(await iterator.next()! == ("first", 1))
        #expect(await iterator.next()! == ("second", 4))
    }

    @Test("the sequence never changes the result, even beside an instead hook")
    func doesNotChangeResult() async {
        let meter = Meter()
        var iterator = Meter.hooks.add.calls(on: meter).makeAsyncIterator()
        let doubled = Meter.hooks.add.instead(on: meter) { _, call in call.proceed() * 2 }
        #expect(meter.add(3) == 6)
        doubled.cancel()
        #expect(await iterator.next()?.result == 6)
    }

    @Test("cancelling the iterating task removes the hook: the method runs hook-free again")
    func cancellation() async {
        let meter = Meter()
        let sequence = Meter.hooks.add.calls(on: meter)
        let received = ReceiptSignal()
        let task = Task {
            var count = 0
            for await _ in sequence {
                count += 1
                received.signal()
            }
            return count
        }
        _ = meter.add(1)
        await received.wait()
        #expect(Meter.hooks.add.group.live.load() == 1)
        task.cancel()
        #expect(await task.value == 1)
        #expect(Meter.hooks.add.group.live.load() == 0)
    }
}
