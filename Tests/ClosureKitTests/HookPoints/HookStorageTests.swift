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

extension HookPointSuites {
    /// The path of a call whose instance has one hook: what it runs alone,
    /// and what it leaves to the stages.
    @Suite("HookStorage: one hook run alone")
    struct SoleHookTests {
        @Test("each hook point of an instance finds its own hooks, whichever was hooked first")
        func eachHookPointItsOwnCore() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let other = Recorder("b", log: log)
            let tokens = [
                Recorder.hooks.reset.before(on: recorder) { _, _ in log.record("reset hook") },
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    log.record("instead \(invocation.arguments)")
                    return -1
                },
                Recorder.hooks.record.before(on: other) { _, _ in log.record("b's hook") },
            ]
            #expect(recorder.record("x") == -1)
            recorder.reset()
            #expect(other.record("y") == 1)
            #expect(log.events == ["instead x", "reset hook", "b's hook", "original b y"])
            _ = tokens
        }

        @Test("two hooks of one instance both run: the one-hook path serves exactly one")
        func twoHooksBothRun() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let first = Recorder.hooks.record.before(on: recorder) { _, _ in log.record("first") }
            _ = recorder.record("x")
            let second = Recorder.hooks.record.before(on: recorder) { _, _ in log.record("second") }
            _ = recorder.record("y")
            #expect(first.cancel())
            _ = recorder.record("z")
            #expect(
                log.events == [
                    "first", "original a x", "first", "second", "original a y", "second", "original a z",
                ])
            _ = second
        }

        @Test("a one-shot hook alone runs once; an after hook alone runs after the original")
        func oneShotAndAfterAlone() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let once = Recorder.hooks.record.before(on: recorder, options: .once) { _, _ in log.record("once") }
            _ = recorder.record("x")
            _ = recorder.record("y")
            let after = Recorder.hooks.record.after(on: recorder) { _, _ in log.record("after") }
            _ = recorder.record("z")
            #expect(log.events == ["once", "original a x", "original a y", "original a z", "after"])
            _ = (once, after)
        }

        @Test("a type-wide hook added while an instance has one hook runs with it, in order")
        func typeWideJoinsTheOneHook() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let own = Recorder.hooks.record.before(on: recorder) { _, _ in log.record("own") }
            _ = recorder.record("x")
            // Type-wide: other suites' recorders may call it meanwhile, so it
            // logs this test's recorder only.
            let typeWide = Recorder.hooks.record.before { called, _ in
                if called === recorder { log.record("type-wide") }
            }
            _ = recorder.record("y")
            #expect(typeWide.cancel())
            #expect(log.events == ["own", "original a x", "type-wide", "own", "original a y"])
            _ = own
        }

        @Test("the hook point counts its after and one-shot hooks: add, consume, cancel, end")
        func passedOverCount() {
            // A hook point no other suite registers on: the count is the
            // hook point's, across instances.
            final class Counted: Hookable, @unchecked Sendable {
                struct Hooks {
                    let step = HookPoint<Counted, Int, Int>("step(_:)")
                }
                static let hooks = Hooks()
                let hookStorage = HookStorage()
                func step(_ amount: Int) -> Int { Self.hooks.step.call(self, amount) { _, amount in amount } }
            }
            let group = Counted.hooks.step.group
            #expect(group.passedOver.load() == 0)
            var counted: Counted? = Counted()
            let before = Counted.hooks.step.before(on: counted!) { _, _ in }
            #expect(group.passedOver.load() == 0)
            let after = Counted.hooks.step.after(on: counted!) { _, _ in }
            let once = Counted.hooks.step.before(on: counted!, options: .once) { _, _ in }
            let typeWideAfter = Counted.hooks.step.after { _, _ in }
            #expect(group.passedOver.load() == 3)
            #expect(counted!.step(1) == 1)
            #expect(group.passedOver.load() == 2)
            #expect(typeWideAfter.cancel())
            #expect(group.passedOver.load() == 1)
            let laterOnce = Counted.hooks.step.before(on: counted!, options: .once) { _, _ in }
            #expect(group.passedOver.load() == 2)
            counted = nil
            #expect(group.passedOver.load() == 0)
            _ = (before, after, once, laterOnce)
        }
    }
}
