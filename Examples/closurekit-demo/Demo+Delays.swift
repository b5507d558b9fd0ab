import ClosureKit

/// A search box that queries once the user pauses typing, simulated on a
/// manual clock so that it prints the same thing every run, at once.
private final class SearchBox: @unchecked Sendable {
    let debouncer: Debouncer<String>

    init(scheduler: DelayScheduler<ManualClock>, clock: ManualClock) throws {
        debouncer = try Debouncer(for: .milliseconds(300), scheduler: scheduler, on: .inline) { query in
            let catalog = ["swift", "swiftui", "switch", "closure", "closurekit"]
            let hits = catalog.filter { $0.hasPrefix(query) }
            print("   [t=\(milliseconds(clock.now))] search \"\(query)\" -> \(hits)")
        }
    }

    func type(_ text: String) {
        debouncer.send(text)
    }
}

private func milliseconds(_ instant: ManualClock.Instant) -> String {
    let (seconds, attoseconds) = instant.offset.components
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
}

func demoDelays() {
    let clock = ManualClock()
    let scheduler = DelayScheduler(clock: clock)

    print("   A debounced search box (300 ms), typed on a manual clock:")
    let box: SearchBox
    do {
        box = try SearchBox(scheduler: scheduler, clock: clock)
    } catch {
        print("   \(error)")
        return
    }
    // The user types "swi" quickly, pauses, then types "closure" quickly.
    let keystrokes: [(after: Duration, text: String)] = [
        (.zero, "s"), (.milliseconds(120), "sw"), (.milliseconds(90), "swi"),
        (.milliseconds(600), "c"), (.milliseconds(100), "cl"), (.milliseconds(80), "clo"),
        (.milliseconds(150), "closure"),
    ]
    for keystroke in keystrokes {
        clock.advance(by: keystroke.after)
        print("   [t=\(milliseconds(clock.now))] typed \"\(keystroke.text)\"")
        box.type(keystroke.text)
    }
    clock.advance(by: .seconds(1))
    print("   Seven keystrokes, two searches: each burst queried once, with its last text.")

    print("")
    print("   Cancelling a delay before its deadline:")
    let reminder = scheduler.schedule(after: .seconds(5), on: .inline) {
        print("   this never prints")
    }
    print("   cancel() prevented the closure: \(reminder.cancel())")
    clock.advance(by: .seconds(10))
    print("   cancel() again prevents nothing: \(reminder.cancel())")

    print("")
    print("   A drift-free repeating closure, stopped from inside after three ticks:")
    final class TickState: @unchecked Sendable {
        var count = 0
        var token: CancellationToken?
    }
    let state = TickState()
    do {
        state.token = try scheduler.scheduleRepeating(every: .milliseconds(250), on: .inline) {
            state.count += 1
            print("   [t=\(milliseconds(clock.now))] tick \(state.count)")
            if state.count == 3 { state.token?.cancel() }
        }
    } catch {
        print("   \(error)")
    }
    clock.advance(by: .seconds(2))

    print("")
    print("   An invalid interval is a thrown error that names it:")
    do {
        _ = try scheduler.scheduleRepeating(everySeconds: .nan, on: .inline) {}
    } catch {
        print("   \(error)")
    }
}
