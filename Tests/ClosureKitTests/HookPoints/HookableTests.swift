import Testing

@testable import ClosureKit

extension HookPointSuites {
    @Suite("Hookable name-based entry points")
    struct HookableTests {
        @Test("a hook point is found by its method's name, type-wide and per instance")
        func byName() throws {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let typeWide = try Recorder.hook("record(_:)", at: .before) {
                @Sendable (recorder: Recorder, invocation: Invocation<String, Int>) in
                log.record("type \(recorder.name) \(invocation.arguments)")
            }
            let instance = try recorder.hook("record(_:)", at: .instead) {
                @Sendable (_: Recorder, invocation: inout InsteadInvocation<String, Int>) -> Int in
                log.record("instance instead")
                return invocation.proceed() + 100
            }
            #expect(recorder.record("x") == 101)
            #expect(log.events == ["type a x", "instance instead", "original a x"])
            _ = (typeWide, instance)
        }

        @Test("an unknown name throws at once, listing the declared hook points; a subclass lists its class's")
        func unknownName() {
            let expected = HookError.unknownName(
                name: "save()", owner: "Recorder", declared: ["record(_:)", "reset()", "deinit"])
            #expect(throws: expected) {
                try Recorder.hook("save()", at: .before) { @Sendable (_: Recorder, _: Invocation<Void, Void>) in }
            }
            #expect(
                expected.description
                    == "Recorder declares no method named save(); it declares: record(_:), reset(), deinit")
            #expect(
                throws: HookError.unknownName(
                    name: "save()", owner: "LoudRecorder", declared: ["record(_:)", "reset()", "deinit"])
            ) {
                try LoudRecorder.hook("save()", at: .before) { @Sendable (_: Invocation<Any, Any>) in }
            }
        }

        @Test("a closure of the wrong type throws an error naming the expected and given signatures")
        func signatureMismatch() throws {
            do {
                _ = try Recorder.hook("record(_:)", at: .before) { @Sendable (_: Recorder, _: Invocation<Int, Int>) in }
                Issue.record("expected a signature mismatch")
            } catch let error as HookError {
                guard case .signatureMismatch(let hookPoint, let owner, let position, let expected, let given) = error
                else {
                    Issue.record("wrong error: \(error)")
                    return
                }
                #expect(hookPoint == "record(_:)")
                #expect(owner == "Recorder")
                #expect(position == .before)
                // Registered from nonisolated code, the closure must be @Sendable.
                #expect(
                    expected
                        == "@Sendable (Recorder, Invocation<String, Int>) -> () "
                        + "or @Sendable (Invocation<Any, Any>) -> ()"
                )
                #expect(given.contains("Invocation<Int, Int>"))
                #expect(error.description.contains("expected @Sendable (Recorder, Invocation<String, Int>) -> ()"))
            }
            // An instead closure must return the result.
            #expect(throws: HookError.self) {
                try Recorder.hook("record(_:)", at: .instead) { @Sendable (_: Recorder, _: Invocation<String, Int>) in }
            }
        }

        @Test("the end-of-life hook point takes only before hooks")
        func endOfLifePositions() throws {
            for position in [HookPosition.instead, .after] {
                #expect(throws: HookError.positionNotAllowed(name: "deinit", owner: "Recorder", position: position)) {
                    try Recorder.hook("deinit", at: position) { @Sendable (_: Recorder, _: Invocation<Void, Void>) in }
                }
            }
            let log = Probe()
            let token = try Recorder.hook("deinit", at: .before) {
                @Sendable (recorder: Recorder, _: Invocation<Void, Void>) in
                log.record("ending \(recorder.name)")
            }
            do { _ = Recorder("gone", log: log) }
            #expect(log.events == ["ending gone"])
            _ = token
        }

        @Test("a subclass hooks by name for its own instances only")
        func subclassByName() throws {
            let log = Probe()
            let token = try LoudRecorder.hook("record(_:)", at: .before) {
                @Sendable (recorder: Recorder, _: Invocation<String, Int>) in
                log.record("loud \(recorder.name)")
            }
            _ = Recorder("base", log: log).record("x")
            _ = LoudRecorder("loud", log: log).record("y")
            #expect(log.events == ["original base x", "loud loud", "original loud y"])
            _ = token
        }
    }
}
