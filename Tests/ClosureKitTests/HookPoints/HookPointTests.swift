import Testing

@testable import ClosureKit

extension HookPointSuites {
    @Suite("HookPoint")
    struct HookPointTests {
        @Test("with no hooks the original runs and returns its result")
        func original() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            #expect(recorder.record("x") == 1)
            #expect(recorder.record("y") == 2)
            #expect(log.events == ["original a x", "original a y"])
        }

        @Test("order: type before, instance before, original, type after, instance after")
        func order() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.after(on: recorder) { _, invocation in
                    log.record("instance after \(invocation.result!)")
                },
                Recorder.hooks.record.before(on: recorder) { _, invocation in
                    log.record("instance before \(invocation.arguments)")
                },
                Recorder.hooks.record.after { _, invocation in log.record("type after \(invocation.result!)") },
                Recorder.hooks.record.before { _, invocation in log.record("type before \(invocation.arguments)") },
            ]
            #expect(recorder.record("x") == 1)
            #expect(
                log.events == [
                    "type before x", "instance before x", "original a x", "type after 1", "instance after 1",
                ])
            _ = tokens
        }

        @Test("an instead hook suppresses the original unless it proceeds")
        func insteadSuppresses() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let suppress = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("instead \(invocation.arguments)")
                return -1
            }
            #expect(recorder.record("x") == -1)
            #expect(log.events == ["instead x"])
            suppress.cancel()
            let proceed = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("around")
                return invocation.proceed() * 10
            }
            #expect(recorder.record("y") == 10)
            #expect(log.events == ["instead x", "around", "original a y"])
            _ = proceed
        }

        @Test("instead hooks chain: instance newest first, then type-wide newest first, then the original")
        func insteadChain() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.instead { _, invocation in
                    log.record("type old")
                    return invocation.proceed()
                },
                Recorder.hooks.record.instead { _, invocation in
                    log.record("type new")
                    return invocation.proceed()
                },
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    log.record("instance old")
                    return invocation.proceed()
                },
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    log.record("instance new")
                    return invocation.proceed()
                },
            ]
            #expect(recorder.record("x") == 1)
            #expect(log.events == ["instance new", "instance old", "type new", "type old", "original a x"])
            _ = tokens
        }

        @Test("after hooks see the result the instead chain returned")
        func afterSeesInsteadResult() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let instead = Recorder.hooks.record.instead(on: recorder) { _, _ in 42 }
            let after = Recorder.hooks.record.after { _, invocation in log.record("after \(invocation.result!)") }
            #expect(recorder.record("x") == 42)
            #expect(log.events == ["after 42"])
            _ = (instead, after)
        }

        @Test("instance hooks apply to their instance only")
        func instanceScope() {
            let log = Probe()
            let first = Recorder("first", log: log)
            let second = Recorder("second", log: log)
            let token = Recorder.hooks.record.before(on: first) { recorder, _ in log.record("hooked \(recorder.name)") }
            _ = first.record("x")
            _ = second.record("y")
            #expect(log.events == ["hooked first", "original first x", "original second y"])
            _ = token
        }

        @Test("removing one instance's hook never disables another's")
        func removalIsolation() {
            let log = Probe()
            let first = Recorder("first", log: log)
            let second = Recorder("second", log: log)
            let firstToken = Recorder.hooks.record.before(on: first) { recorder, _ in
                log.record("hook \(recorder.name)")
            }
            let secondToken = Recorder.hooks.record.before(on: second) { recorder, _ in
                log.record("hook \(recorder.name)")
            }
            #expect(firstToken.cancel())
            _ = first.record("x")
            _ = second.record("y")
            #expect(log.events == ["original first x", "hook second", "original second y"])
            _ = secondToken
        }

        @Test("type-wide hooks apply to subclasses; hooks for a subclass do not apply to its superclass")
        func subclassScope() {
            let log = Probe()
            let base = Recorder("base", log: log)
            let loud = LoudRecorder("loud", log: log)
            let all = Recorder.hooks.record.before { recorder, _ in log.record("all \(recorder.name)") }
            let loudOnly = Recorder.hooks.record.before(for: LoudRecorder.self) { recorder, _ in
                log.record("loud only \(recorder.name)")
            }
            _ = base.record("x")
            _ = loud.record("y")
            #expect(
                log.events == [
                    "all base", "original base x",
                    "all loud", "loud only loud", "original loud y",
                ])
            _ = (all, loudOnly)
        }

        @Test("a type-wide after hook for a subclass runs after its instances' calls, never after the superclass's")
        func subclassAfterScope() {
            let log = Probe()
            let base = Recorder("base", log: log)
            let loud = LoudRecorder("loud", log: log)
            let loudOnly = Recorder.hooks.record.after(for: LoudRecorder.self) { recorder, invocation in
                log.record("after loud only \(recorder.name) \(invocation.result.map(String.init) ?? "none")")
            }
            _ = base.record("x")
            _ = loud.record("y")
            #expect(log.events == ["original base x", "original loud y", "after loud only loud 1"])
            _ = loudOnly
        }

        @Test("a type-wide instead hook for a subclass replaces the method on its instances, never on the superclass's")
        func subclassInsteadScope() {
            let log = Probe()
            let base = Recorder("base", log: log)
            let loud = LoudRecorder("loud", log: log)
            let loudOnly = Recorder.hooks.record.instead(for: LoudRecorder.self) { recorder, invocation in
                log.record("loud instead \(recorder.name) \(invocation.arguments)")
                return 100
            }
            #expect(base.record("x") == 1)
            #expect(loud.record("y") == 100)
            #expect(base.record("z") == 2)
            #expect(
                log.events == [
                    "original base x", "loud instead loud y", "original base z",
                ])
            _ = loudOnly
        }

        @Test("a one-shot hook runs once and its token then prevents nothing")
        func once() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let token = Recorder.hooks.record.before(on: recorder, options: .once) { _, _ in log.record("once") }
            _ = recorder.record("x")
            _ = recorder.record("y")
            #expect(log.events == ["once", "original a x", "original a y"])
            #expect(token.cancel() == false)
        }

        @Test("a one-shot type-wide hook for a subclass is not used up by a superclass call")
        func onceScopedToSubclass() {
            let log = Probe()
            let base = Recorder("base", log: log)
            let loud = LoudRecorder("loud", log: log)
            let token = Recorder.hooks.record.before(for: LoudRecorder.self, options: .once) { recorder, _ in
                log.record("once \(recorder.name)")
            }
            _ = base.record("x")
            _ = loud.record("y")
            _ = loud.record("z")
            #expect(log.events == ["original base x", "once loud", "original loud y", "original loud z"])
            #expect(token.cancel() == false)
        }

        @Test("a cancelled hook never runs; a released token removes its hook")
        func cancellation() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let token = Recorder.hooks.record.before { _, _ in log.record("cancelled") }
            let kept = Recorder.hooks.record.before { _, _ in log.record("kept") }
            #expect(token.cancel())
            do {
                let dropped = Recorder.hooks.record.before { _, _ in log.record("dropped") }
                _ = dropped
            }
            _ = recorder.record("x")
            #expect(log.events == ["kept", "original a x"])
            withExtendedLifetime(kept) {}
        }

        @Test("a hook can remove itself while it runs")
        func removeSelf() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let box = TokenBox()
            box.token = Recorder.hooks.record.before { _, _ in
                log.record("self-removing")
                box.token?.cancel()
            }
            _ = recorder.record("x")
            _ = recorder.record("y")
            #expect(log.events == ["self-removing", "original a x", "original a y"])
        }

        @Test("instance hooks end with their instance and do not keep it alive")
        func instanceHooksEnd() {
            let log = Probe()
            let reporterLog = Probe()
            var recorder: Recorder? = Recorder("a", log: log)
            var captured: DeinitReporter? = DeinitReporter("capture", probe: reporterLog)
            let token = Recorder.hooks.record.before(on: recorder!) { [captured] _, _ in _ = captured }
            captured = nil
            weak let weakRecorder = recorder
            recorder = nil
            #expect(weakRecorder == nil)
            releaseEndedObjects()
            #expect(reporterLog.events == ["deinit capture"])
            #expect(token.cancel() == false)
        }

        @Test("the end-of-life hook runs before the instance ends, with the instance whole")
        func endOfLife() {
            let log = Probe()
            let typeWide = Recorder.hooks.end.before { recorder in
                log.record("ending \(recorder.name) with \(recorder.entries.count)")
            }
            var recorder: Recorder? = Recorder("a", log: log)
            let instance = Recorder.hooks.end.before(on: recorder!) { recorder in
                log.record("instance ending \(recorder.name)")
            }
            _ = recorder!.record("x")
            recorder = nil
            #expect(log.events == ["original a x", "ending a with 1", "instance ending a"])
            _ = (typeWide, instance)
        }

        @Test("hooks can be added and removed on many threads while the method runs on others")
        func stress() {
            let log = Probe()
            let recorders = (0..<4).map { Recorder("r\($0)", log: log) }
            let calls = Probe()
            concurrently(2_000) { index in
                let recorder = recorders[index % recorders.count]
                switch index % 4 {
                case 0:
                    let token = Recorder.hooks.record.before { _, _ in calls.increment() }
                    _ = recorder.record("x")
                    token.cancel()
                case 1:
                    let token = Recorder.hooks.record.instead(on: recorder) { _, invocation in invocation.proceed() }
                    _ = recorder.record("y")
                    _ = token
                case 2:
                    let token = Recorder.hooks.record.after(on: recorder, options: .once) { _, _ in calls.increment() }
                    _ = recorder.record("z")
                    _ = token
                default:
                    recorder.reset()
                }
            }
            #expect(calls.count >= 500)
        }
    }
}
