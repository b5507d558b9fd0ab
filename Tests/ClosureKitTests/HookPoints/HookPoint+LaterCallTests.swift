import Testing

@testable import ClosureKit

extension HookPointSuites {
    /// The rules of a call hold however often the hook point was called before:
    /// each test calls several times first, then changes the hooks from inside
    /// one of them.
    @Suite("HookPoint: later calls")
    struct HookPointLaterCallTests {
        @Test("on a later call, a hook that cancels later ones stops them in that same call")
        func cancelLaterHooks() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let armed = Locked(false)
            let later = Locked<[CancellationToken]>([])
            let first = Recorder.hooks.record.before(on: recorder) { _, invocation in
                log.record("first \(invocation.arguments)")
                if armed.withLock({ $0 }) { for token in later.withLock({ $0 }) { #expect(token.cancel()) } }
            }
            later.withLock {
                $0 = [
                    Recorder.hooks.record.before(on: recorder) { _, _ in log.record("second") },
                    Recorder.hooks.record.before { _, _ in log.record("type-wide") },
                    Recorder.hooks.record.after(on: recorder) { _, invocation in
                        log.record("after \(invocation.result!)")
                    },
                ]
            }
            for index in 1...3 { #expect(recorder.record("\(index)") == index) }
            #expect(log.count == 15)
            armed.withLock { $0 = true }
            #expect(recorder.record("x") == 4)
            #expect(Array(log.events.suffix(2)) == ["first x", "original a x"])
            armed.withLock { $0 = false }
            #expect(recorder.record("y") == 5)
            #expect(Array(log.events.suffix(2)) == ["first y", "original a y"])
            withExtendedLifetime(first) {}
        }

        @Test("a one-shot hook added after many calls runs once, even when a hook calls the method again")
        func onceAfterManyCalls() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let nest = Locked(false)
            let outer = Recorder.hooks.record.before(on: recorder) { recorder, invocation in
                log.record("outer \(invocation.arguments)")
                if nest.withLock({
                    let send = $0
                    $0 = false
                    return send
                }) {
                    _ = recorder.record("nested")
                }
            }
            for index in 1...3 { _ = recorder.record("\(index)") }
            nest.withLock { $0 = true }
            let once = Recorder.hooks.record.before(on: recorder, options: .once) { _, invocation in
                log.record("once \(invocation.arguments)")
            }
            _ = recorder.record("x")
            _ = recorder.record("y")
            #expect(
                log.events.suffix(7) == [
                    "outer x", "outer nested", "once nested", "original a nested", "original a x",
                    "outer y", "original a y",
                ])
            #expect(once.cancel() == false)
            withExtendedLifetime(outer) {}
        }
    }
}
