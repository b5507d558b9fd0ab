import Testing

@testable import ClosureKit

@Suite("Delays, debouncers and throttlers of a main-actor model")
@MainActor
struct DelaysIsolationTests {
    /// A view model as an app writes it: main-actor state, no `Sendable`.
    @MainActor
    final class SearchModel {
        var query = ""
        var searches: [String] = []
        var saves = 0
        var ticks = 0
        var tokens = Set<CancellationToken>()
        let scheduler: DelayScheduler<ManualClock>
        var debouncer: Debouncer<String>?
        var throttler: Throttler<Int>?
        var scrolls: [Int] = []

        init(clock: ManualClock) {
            scheduler = DelayScheduler(clock: clock)
            debouncer = try? Debouncer(for: .milliseconds(300), scheduler: scheduler, on: .inline) { query in
                self.searches.append(query)
            }
            throttler = try? Throttler(for: .seconds(1), scheduler: scheduler, on: .inline) { offset in
                self.scrolls.append(offset)
            }
        }

        /// Breaks the cycles an app's model has too: its handlers capture it.
        func release() {
            tokens.removeAll()
            debouncer = nil
            throttler = nil
        }

        func type(_ text: String) {
            query = text
            debouncer?.send(text)
        }

        func scheduleSave() {
            scheduler.schedule(after: .seconds(2), on: .inline) { self.saves += 1 }.store(in: &tokens)
        }

        func startTicking() throws {
            try scheduler.scheduleRepeating(every: .seconds(1), on: .inline) { self.ticks += 1 }.store(in: &tokens)
        }
    }

    @Test("a delay registered on the main actor runs when the manual clock passes its deadline")
    func delayOnManualClock() {
        let clock = ManualClock()
        let model = SearchModel(clock: clock)
        defer { model.release() }
        model.scheduleSave()
        clock.advance(by: .seconds(1))
        #expect(model.saves == 0)
        clock.advance(by: .seconds(1))
        #expect(model.saves == 1)
    }

    @Test("a repeating delay ticks once per interval of the manual clock")
    func repeatingOnManualClock() throws {
        let clock = ManualClock()
        let model = SearchModel(clock: clock)
        defer { model.release() }
        try model.startTicking()
        clock.advance(by: .seconds(3))
        #expect(model.ticks == 3)
        model.tokens.removeAll()
        clock.advance(by: .seconds(3))
        #expect(model.ticks == 3)
    }

    @Test("a debouncer's main-actor action gets the last value after the quiet time")
    func debounceOnManualClock() {
        let clock = ManualClock()
        let model = SearchModel(clock: clock)
        defer { model.release() }
        model.type("s")
        clock.advance(by: .milliseconds(100))
        model.type("sw")
        clock.advance(by: .milliseconds(100))
        model.type("swift")
        clock.advance(by: .milliseconds(299))
        #expect(model.searches.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(model.searches == ["swift"])
    }

    @Test("a throttler's main-actor action runs the first value, then the latest once per window")
    func throttleOnManualClock() {
        let clock = ManualClock()
        let model = SearchModel(clock: clock)
        defer { model.release() }
        for offset in 1...5 { model.throttler?.send(offset) }
        #expect(model.scrolls == [1])
        clock.advance(by: .seconds(1))
        #expect(model.scrolls == [1, 5])
        clock.advance(by: .seconds(1))
        #expect(model.scrolls == [1, 5])
    }

    @Test("a delay registered on the main actor with the main queue as executor runs on the main actor")
    func delayOnMainQueue() async {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        var fired = false
        let ran = TestEvent()
        let token = scheduler.schedule(after: .seconds(1), on: .main) {
            fired = true
            ran.signal()
        }
        // Advanced here, on the main actor: the main queue runs the closure
        // after this test's next suspension, not inside the advance.
        clock.advance(by: .seconds(1))
        #expect(fired == false)
        #expect(await ran.wait())
        #expect(fired)
        _ = token
    }

    @Test("a main-actor delay cancelled while it waits for the main actor never runs")
    func cancelledWhileWaiting() async {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        var fired = false
        let token = scheduler.schedule(after: .seconds(1), on: .inline) { fired = true }
        // Advanced from another thread: the closure is enqueued to the main
        // actor, which this test holds until after the cancel.
        blockingOnBackgroundThread { clock.advance(by: .seconds(1)) }
        #expect(fired == false)
        #expect(token.cancel())
        #expect(await untilMainActor({ fired }, limit: 1_000) == false)
    }
}
