import Testing

@testable import ClosureKit

// Types whose hook points only the test that names them creates: a hook
// point exists once its `static let` is first used.

/// Hooked by name before its hook point exists.
private final class Latecomer: Hookable, @unchecked Sendable {
    static let run = HookPoint<Latecomer, Int, Int>("run(_:)")
    let hookStorage = HookStorage()

    func run(_ value: Int) -> Int {
        Self.run.call(self, value) { _, value in value }
    }
}

/// Hooked by name, per instance, before its hook point exists.
private final class LateInstance: Hookable, @unchecked Sendable {
    static let run = HookPoint<LateInstance, Int, Int>("run(_:)")
    let hookStorage = HookStorage()
    let probe: Probe
    init(probe: Probe) { self.probe = probe }
    deinit { probe.record("deinit") }

    func run(_ value: Int) -> Int {
        Self.run.call(self, value) { _, value in value }
    }
}

/// Hooked by name with a closure of the wrong type before its hook point exists.
private final class Refuser: Hookable, @unchecked Sendable {
    static let run = HookPoint<Refuser, Int, Int>("run(_:)")
    let hookStorage = HookStorage()

    func run(_ value: Int) -> Int {
        Self.run.call(self, value) { _, value in value }
    }
}

/// Hooked by name, then cancelled, before its hook point exists.
private final class Canceller: Hookable, @unchecked Sendable {
    static let run = HookPoint<Canceller, Int, Int>("run(_:)")
    let hookStorage = HookStorage()

    func run(_ value: Int) -> Int {
        Self.run.call(self, value) { _, value in value }
    }
}

/// Declaration mistakes: a call pasted from another method, and a misspelled name.
private final class Mistaken: Hookable, @unchecked Sendable {
    static let open = HookPoint<Mistaken, Int, Int>("open(_:)")
    static let close = HookPoint<Mistaken, Int, Int>("close(_:)")
    static let sav = HookPoint<Mistaken, Int, Int>("sav(_:)")
    let hookStorage = HookStorage()

    func open(_ value: Int) -> Int {
        Self.open.call(self, value) { _, value in value }
    }

    /// Pasted from `open(_:)`: calls `open`'s hook point.
    func close(_ value: Int) -> Int {
        Self.open.call(self, value) { _, value in -value }
    }

    /// Misspelled: its hook point says "sav(_:)".
    func save(_ value: Int) -> Int {
        Self.sav.call(self, value) { _, value in value }
    }
}

/// A second hook point of one name, which the name cannot tell apart.
private final class Twice: Hookable, @unchecked Sendable {
    static let first = HookPoint<Twice, Int, Int>("run(_:)")
    static let second = HookPoint<Twice, String, Int>("run(_:)")
    let hookStorage = HookStorage()
}

/// A type whose hook point each round of a race test creates afresh.
private final class Racer: Hookable, @unchecked Sendable {
    let hookStorage = HookStorage()

    func race(_ point: HookPoint<Racer, Int, Int>, _ value: Int) -> Int {
        point.call(self, value) { _, value in value }
    }
}

/// Runs `body` with the hook points' diagnostics recorded instead of trapping.
private func diagnostics(_ body: () -> Void) -> [String] {
    let reports = Locked<[String]>([])
    let previous = HookPointDiagnostics.replaceReporter { message in reports.withLock { $0.append(message) } }
    body()
    _ = HookPointDiagnostics.replaceReporter(previous)
    return reports.withLock { $0 }
}

extension HookPointSuites {
    @Suite("Hook points: declared once and checked")
    struct DeclarationTests {
        @Test("a hook registered by name before its hook point exists runs from the first call on")
        func waitsForTheHookPoint() throws {
            let log = Probe()
            let token = try Latecomer.hook("run(_:)", at: .instead) {
                @Sendable (_: Latecomer, invocation: inout InsteadInvocation<Int, Int>) -> Int in
                log.record("instead \(invocation.arguments)")
                return invocation.proceed(with: invocation.arguments * 10)
            }
            #expect(Latecomer.unattachedHooks == [.unknownName(name: "run(_:)", owner: "Latecomer", declared: [])])
            // The first call creates the hook point, which takes the waiting hook.
            #expect(Latecomer().run(2) == 20)
            #expect(log.events == ["instead 2"])
            #expect(Latecomer.unattachedHooks.isEmpty)
            // Its token now removes the attached hook.
            #expect(token.cancel())
            #expect(Latecomer().run(3) == 3)
            #expect(!token.cancel())
        }

        @Test("a waiting instance hook keeps neither its instance alive nor runs for another")
        func waitingInstanceHook() throws {
            let log = Probe()
            var first: LateInstance? = LateInstance(probe: log)
            let second = LateInstance(probe: log)
            let kept = try second.hook("run(_:)", at: .after) {
                @Sendable (_: LateInstance, invocation: Invocation<Int, Int>) -> Int in invocation.result! + 100
            }
            let ended = try first!.hook("run(_:)", at: .before) {
                @Sendable (_: LateInstance, _: Invocation<Int, Int>) in
                log.record("never")
            }
            first = nil
            #expect(log.events == ["deinit"])
            #expect(second.run(1) == 101)
            #expect(LateInstance(probe: log).run(1) == 1)
            #expect(!ended.cancel())
            #expect(log.events == ["deinit", "deinit"])
            _ = kept
        }

        @Test("a waiting hook that its hook point refuses is reported and listed, and never runs")
        func refusedWhenCreated() throws {
            let token = try Refuser.hook("run(_:)", at: .before) {
                @Sendable (_: Refuser, _: Invocation<String, Int>) -> Void in
                Issue.record("a refused hook ran")
            }
            var result = 0
            let reports = diagnostics { result = Refuser().run(4) }
            #expect(result == 4)
            let expected = HookError.signatureMismatch(
                name: "run(_:)", owner: "Refuser", position: .before,
                expected: "@Sendable (Refuser, Invocation<Int, Int>) -> () or @Sendable (Invocation<Any, Any>) -> ()",
                given: "@Sendable (Refuser, Invocation<String, Int>) -> ()")
            #expect(Refuser.unattachedHooks == [expected])
            #expect(
                reports == [
                    "The hook registered by name for run(_:) of Refuser was refused when its hook point was created: "
                        + expected.description
                ])
            #expect(!token.cancel())
        }

        @Test("a waiting hook cancelled before its hook point exists never runs")
        func cancelledWhileWaiting() throws {
            let token = try Canceller.hook("run(_:)", at: .instead) {
                @Sendable (_: Canceller, _: inout InsteadInvocation<Int, Int>) -> Int in -1
            }
            #expect(token.cancel())
            #expect(Canceller.unattachedHooks.isEmpty)
            #expect(Canceller().run(5) == 5)
        }

        @Test("a name two hook points share is an error naming both signatures")
        func duplicateName() {
            _ = (Twice.first, Twice.second)
            #expect(
                throws: HookError.duplicateName(
                    name: "run(_:)", owner: "Twice", signatures: ["(Int) -> Int", "(String) -> Int"])
            ) {
                try Twice.hook("run(_:)", at: .before) { @Sendable (_: Twice, _: Invocation<Int, Int>) in }
            }
        }

        @Test("a waiting hook cancelled on one thread while its hook point is created on another never runs after")
        func cancelRacesCreation() throws {
            for _ in 0..<200 {
                let ran = Probe()
                let token = try Racer.hook("race(_:_:)", at: .instead) {
                    @Sendable (_: Racer, _: inout InsteadInvocation<Int, Int>) -> Int in
                    ran.increment()
                    return -1
                }
                let point = Locked<HookPoint<Racer, Int, Int>?>(nil)
                let cancelled = Locked(false)
                concurrently(2) { index in
                    if index == 0 {
                        point.withLock { $0 = HookPoint("race(_:_:)") }
                    } else {
                        cancelled.withLock { $0 = token.cancel() }
                    }
                }
                let created = try #require(point.withLock { $0 })
                // Whether it was cancelled while waiting or once attached, it
                // prevented the hook: the cancel counts, and the hook is gone.
                #expect(cancelled.withLock { $0 })
                #expect(Racer().race(created, 7) == 7)
                #expect(ran.count == 0)
                #expect(Racer.unattachedHooks.isEmpty)
            }
        }

        #if DEBUG
        @Test("a hook point called from another method's body is reported once, naming both methods")
        func calledFromTheWrongMethod() {
            let object = Mistaken()
            let reports = diagnostics {
                _ = Mistaken.close // close(_:)'s own hook point exists
                _ = object.open(1)
                _ = object.close(1)
                _ = object.close(2)
            }
            #expect(
                reports == [
                    "Mistaken.close(_:) calls the hook point of open(_:): hooks of open(_:) would run when close(_:) "
                        + "is called. Route close(_:) through its own hook point."
                ])
        }

        @Test("a hook point named unlike the method that calls it is reported once, naming both")
        func misspelledName() {
            let object = Mistaken()
            let reports = diagnostics {
                _ = object.save(1)
                _ = object.save(2)
            }
            #expect(
                reports == [
                    "The hook point \"sav(_:)\" of Mistaken is called from save(_:): a hook point is named after the "
                        + "method that calls it. Name it \"save(_:)\", or, if the call was copied from sav(_:), give "
                        + "save(_:) a hook point of its own."
                ])
        }
        #endif
    }
}
