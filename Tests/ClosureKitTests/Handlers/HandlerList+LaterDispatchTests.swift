import Testing

@testable import ClosureKit

/// The rules of a dispatch hold however often the list was dispatched before:
/// each test here dispatches an unchanged list several times first, so that
/// the dispatch under test runs from the list's cached snapshot, then changes
/// the list from inside a handler. Public API only.
@Suite("HandlerList: later dispatches")
struct HandlerListLaterDispatchTests {
    typealias Handler = @Sendable (Int) -> Void

    /// Dispatches enough times for the list to serve later dispatches from
    /// its cache, and checks that every handler ran each time.
    private func warmUp(_ list: HandlerList<Handler>, _ probe: Probe, expecting handlers: Int) {
        for round in 0..<3 {
            list.forEach { $0(round) }
        }
        #expect(probe.count == 3 * handlers)
    }

    @Test("on a later dispatch, a handler that cancels a later one stops it in that same dispatch")
    func cancelLaterHandler() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let armed = Locked(false)
        let victim = Locked<CancellationToken?>(nil)
        let first = list.add { value in
            probe.record("first \(value)")
            if armed.withLock({
                let armed = $0
                $0 = false
                return armed
            }) {
                #expect(victim.withLock { $0 }?.cancel() == true)
            }
        }
        victim.withLock { $0 = list.add { value in probe.record("second \(value)") } }
        let third = list.add { value in probe.record("third \(value)") }
        warmUp(list, probe, expecting: 3)

        armed.withLock { $0 = true }
        list.forEach { $0(9) }
        #expect(Array(probe.events.suffix(2)) == ["first 9", "third 9"])
        list.forEach { $0(10) }
        #expect(Array(probe.events.suffix(2)) == ["first 10", "third 10"])
        #expect(list.count == 2)
        withExtendedLifetime((first, third)) {}
    }

    @Test("on a later dispatch, removeAll from a handler stops every later handler")
    func removeAllDuringDispatch() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let armed = Locked(false)
        var tokens = [
            list.add { value in
                probe.record("first \(value)")
                if armed.withLock({ $0 }) { list.removeAll() }
            }
        ]
        tokens.append(list.add { value in probe.record("second \(value)") })
        tokens.append(list.add { value in probe.record("third \(value)") })
        warmUp(list, probe, expecting: 3)

        armed.withLock { $0 = true }
        list.forEach { $0(9) }
        #expect(probe.events.last == "first 9")
        #expect(probe.count == 10)
        #expect(list.isEmpty)
        list.forEach { $0(10) }
        #expect(probe.count == 10)
        #expect(tokens.allSatisfy { !$0.cancel() })
    }

    @Test("a one-shot handler reached from a cached snapshot runs once, even from a nested dispatch")
    func onceFromCachedSnapshot() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let nest = Locked(false)
        let outer = list.add { value in
            probe.record("outer \(value)")
            // The nested dispatch is the second since the last change, so it
            // builds the cache, with the one-shot handler in it.
            if nest.withLock({
                let armed = $0
                $0 = false
                return armed
            }) {
                list.forEach { $0(value + 100) }
            }
        }
        nest.withLock { $0 = true }
        let once = list.add({ value in probe.record("once \(value)") }, options: .once)
        list.forEach { $0(1) }
        #expect(probe.events == ["outer 1", "outer 101", "once 101"])
        // Later dispatches, cached or not, never run it again.
        for value in 2...4 { list.forEach { $0(value) } }
        #expect(probe.events == ["outer 1", "outer 101", "once 101", "outer 2", "outer 3", "outer 4"])
        #expect(once.cancel() == false)
        #expect(list.count == 1)
        withExtendedLifetime(outer) {}
    }

    @Test("on a later dispatch, a handler that cancels itself runs to its end and never again; the others still run")
    func cancelSelfOnLaterDispatch() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let armed = Locked(false)
        let own = Locked<CancellationToken?>(nil)
        own.withLock {
            $0 = list.add { value in
                if armed.withLock({ $0 }) { #expect(own.withLock { $0 }?.cancel() == true) }
                probe.record("self \(value)")
            }
        }
        let other = list.add { value in probe.record("other \(value)") }
        warmUp(list, probe, expecting: 2)

        armed.withLock { $0 = true }
        list.forEach { $0(9) }
        list.forEach { $0(10) }
        #expect(Array(probe.events.suffix(3)) == ["self 9", "other 9", "other 10"])
        withExtendedLifetime(other) {}
    }
}
