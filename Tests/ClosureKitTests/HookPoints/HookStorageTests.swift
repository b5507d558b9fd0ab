import Testing

@testable import ClosureKit

extension HookPointSuites {
    /// `HookStorage`: the instance's own hooks and the counts a call reads
    /// without a lock.
    @Suite("HookStorage")
    struct HookStorageTests {
        @Test("the instance's count follows its hooks of every hook point: add, once, cancel")
        func instanceCount() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let storage = recorder.hookStorage
            #expect(storage.tally.live.load() == 0)
            let reset = Recorder.hooks.reset.before(on: recorder) { _, _ in log.record("reset hook") }
            let once = Recorder.hooks.record.after(on: recorder, options: .once) { _, _ in log.record("once") }
            #expect(storage.tally.live.load() == 2)
            _ = recorder.record("x")
            #expect(storage.tally.live.load() == 1)
            #expect(reset.cancel())
            #expect(storage.tally.live.load() == 0)
            #expect(log.events == ["original a x", "once"])
            _ = once
        }

        @Test("hooks of another hook point, or of another instance, do not run; type-wide ones do")
        func fastPathsKeepTheRules() {
            let log = Probe()
            let hooked = Recorder("hooked", log: log)
            let plain = Recorder("plain", log: log)
            let tokens = [
                Recorder.hooks.reset.before(on: hooked) { _, _ in log.record("reset hook") },
                Recorder.hooks.record.before(on: plain) { _, _ in log.record("plain's hook") },
            ]
            _ = hooked.record("x")
            #expect(log.events == ["original hooked x"])
            let typeWide = Recorder.hooks.record.after { recorder, _ in log.record("type-wide \(recorder.name)") }
            _ = hooked.record("y")
            #expect(log.events == ["original hooked x", "original hooked y", "type-wide hooked"])
            #expect(typeWide.cancel())
            _ = hooked.record("z")
            #expect(log.events.last == "original hooked z")
            _ = tokens
        }

        @Test("instance hooks end with the instance's storage, and their tokens then prevent nothing")
        func endsWithTheInstance() {
            let log = Probe()
            var recorder: Recorder? = Recorder("a", log: log)
            let token = Recorder.hooks.record.instead(on: recorder!) { _, _ in -1 }
            #expect(recorder!.record("x") == -1)
            recorder = nil
            #expect(!token.cancel())
        }
    }
}
