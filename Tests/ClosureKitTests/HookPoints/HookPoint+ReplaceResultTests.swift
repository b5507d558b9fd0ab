import Testing

@testable import ClosureKit

extension HookPointSuites {
    /// `HookPoint.replaceResult`: after hooks that replace the result.
    @Suite("HookPoint: replaceResult")
    struct ReplaceResultTests {
        @Test("a replaced result reaches the caller through several after hooks, each seeing the one before")
        func replacedResultReachesTheCaller() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.after { _, invocation in log.record("after 1 sees \(invocation.result!)") },
                Recorder.hooks.record.replaceResult { _, invocation in invocation.result! * 10 },
                Recorder.hooks.record.after { _, invocation in log.record("after 2 sees \(invocation.result!)") },
                Recorder.hooks.record.replaceResult { _, invocation in invocation.result! + 5 },
                Recorder.hooks.record.after { _, invocation in log.record("after 3 sees \(invocation.result!)") },
            ]
            #expect(recorder.record("x") == 15)
            #expect(log.events == ["original a x", "after 1 sees 1", "after 2 sees 10", "after 3 sees 15"])
            _ = tokens
        }

        @Test("type-wide after hooks run before the instance's, so the instance's replacement wins")
        func typeWideThenInstance() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            // Registered instance first: the order of stages, not of registration, decides.
            let tokens = [
                Recorder.hooks.record.replaceResult(on: recorder) { _, invocation in
                    log.record("instance sees \(invocation.result!)")
                    return invocation.result! + 1
                },
                Recorder.hooks.record.replaceResult { _, invocation in
                    log.record("type-wide sees \(invocation.result!)")
                    return 100
                },
            ]
            #expect(recorder.record("x") == 101)
            #expect(log.events == ["original a x", "type-wide sees 1", "instance sees 100"])
            // Another instance gets only the type-wide replacement.
            #expect(Recorder("b", log: log).record("y") == 100)
            _ = tokens
        }

        @Test("a replacement sees the instead chain's result, and the caller gets the replacement")
        func afterInstead() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.instead(on: recorder) { _, _ in 7 },
                Recorder.hooks.record.replaceResult(on: recorder) { _, invocation in invocation.result! * 2 },
            ]
            #expect(recorder.record("x") == 14)
            #expect(log.events.isEmpty)
            _ = tokens
        }

        @Test("a one-shot replacement replaces one call; a cancelled one none")
        func onceAndCancel() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let once = Recorder.hooks.record.replaceResult(on: recorder, options: .once) { _, _ in -1 }
            #expect(recorder.record("x") == -1)
            #expect(recorder.record("y") == 2)
            let cancelled = Recorder.hooks.record.replaceResult(on: recorder) { _, _ in -1 }
            #expect(cancelled.cancel())
            #expect(recorder.record("z") == 3)
            #expect(!once.cancel())
        }

        @Test("by name, an after closure that returns the result replaces it")
        func byName() throws {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let token = try recorder.hook("record(_:)", at: .after) {
                @Sendable (_: Recorder, invocation: Invocation<String, Int>) -> Int in
                invocation.result! + 1000
            }
            #expect(recorder.record("x") == 1001)
            // A closure returning the wrong type is still a mismatch, naming both forms.
            do {
                _ = try Recorder.hook("record(_:)", at: .after) {
                    @Sendable (_: Recorder, _: Invocation<String, Int>) -> String in ""
                }
                Issue.record("expected a signature mismatch")
            } catch let error as HookError {
                guard case .signatureMismatch(_, _, .after, let expected, _) = error else {
                    Issue.record("wrong error: \(error)")
                    return
                }
                #expect(expected.hasSuffix("or @Sendable (Recorder, Invocation<String, Int>) -> Int"))
            }
            _ = token
        }

        @Test("the end-of-life hook point takes no result replacement")
        func endOfLifeRejectsReplacement() {
            #expect(throws: HookError.positionNotAllowed(name: "deinit", owner: "Recorder", position: .after)) {
                try Recorder.hook("deinit", at: .after) { @Sendable (_: Recorder, _: Invocation<Void, Void>) -> Void in
                }
            }
        }
    }
}
