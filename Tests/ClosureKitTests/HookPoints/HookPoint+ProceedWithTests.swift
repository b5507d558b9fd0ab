import Testing

@testable import ClosureKit

extension HookPointSuites {
    /// `Invocation.proceed(with:)` on hook points: changed arguments reach
    /// what the instead hook replaced.
    @Suite("HookPoint: proceed(with:)")
    struct ProceedWithTests {
        @Test("changed arguments reach the original method; hooks around it keep the caller's")
        func changedArgumentsReachTheOriginal() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    invocation.proceed(with: invocation.arguments.uppercased())
                },
                Recorder.hooks.record.before { _, invocation in log.record("before \(invocation.arguments)") },
                Recorder.hooks.record.after { _, invocation in log.record("after \(invocation.arguments)") },
            ]
            #expect(recorder.record("x") == 1)
            #expect(recorder.entries == ["X"])
            #expect(log.events == ["before x", "original a X", "after x"])
            _ = tokens
        }

        @Test("changed arguments reach the next older instead hook, instance and type-wide")
        func changedArgumentsReachTheOlderHook() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let tokens = [
                Recorder.hooks.record.instead { _, invocation in
                    log.record("type-wide sees \(invocation.arguments)")
                    return invocation.proceed(with: invocation.arguments + "3")
                },
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    log.record("older sees \(invocation.arguments)")
                    return invocation.proceed(with: invocation.arguments + "2")
                },
                Recorder.hooks.record.instead(on: recorder) { _, invocation in
                    log.record("newest sees \(invocation.arguments)")
                    return invocation.proceed(with: invocation.arguments + "1")
                },
            ]
            #expect(recorder.record("x") == 1)
            #expect(
                log.events == ["newest sees x", "older sees x1", "type-wide sees x12", "original a x123"])
            #expect(recorder.entries == ["x123"])
            _ = tokens
        }

        @Test("proceed() after proceed(with:) passes the hook's own arguments again")
        func proceedKeepsTheInvocationsArguments() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let token = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                _ = invocation.proceed(with: "changed")
                return invocation.proceed()
            }
            #expect(recorder.record("x") == 2)
            #expect(recorder.entries == ["changed", "x"])
            _ = token
        }
    }
}
