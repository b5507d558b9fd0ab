import Testing

@testable import ClosureKit

// Each type below is used by one test only, so that a test sees a type none
// of whose methods has run: every answer must come from the declaration.

/// Hooked by name before any of its methods has run.
private final class Latecomer: Hookable, @unchecked Sendable {
    struct Hooks {
        let run = HookPoint<Latecomer, Int, Int>("run(_:)")
        let end = EndOfLifeHookPoint<Latecomer>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    deinit { Self.hooks.end.fire(self) }

    func run(_ value: Int) -> Int {
        Self.hooks.run.call(self, value) { _, value in value }
    }
}

/// Hooked by name with mistakes, before any of its methods has run.
private final class Configured: Hookable, @unchecked Sendable {
    struct Hooks {
        let load = HookPoint<Configured, String, [String]>("load(_:)")
        let end = EndOfLifeHookPoint<Configured>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    deinit { Self.hooks.end.fire(self) }

    func load(_ name: String) -> [String] {
        Self.hooks.load.call(self, name) { _, name in [name] }
    }
}

/// Only asked for its hook points.
private final class Listed: Hookable, @unchecked Sendable {
    struct Hooks {
        let open = HookPoint<Listed, String, Bool>("open(_:)")
        let close = HookPoint<Listed, Void, Void>("close()")
        let end = EndOfLifeHookPoint<Listed>()
        /// Not a hook point: ignored.
        let note = "not a hook point"
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
}

/// Declaration mistakes: a call pasted from another method, and a misspelled name.
private final class Mistaken: Hookable, @unchecked Sendable {
    struct Hooks {
        let open = HookPoint<Mistaken, Int, Int>("open(_:)")
        let close = HookPoint<Mistaken, Int, Int>("close(_:)")
        let sav = HookPoint<Mistaken, Int, Int>("sav(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func open(_ value: Int) -> Int {
        Self.hooks.open.call(self, value) { _, value in value }
    }

    /// Pasted from `open(_:)`: calls `open`'s hook point.
    func close(_ value: Int) -> Int {
        Self.hooks.open.call(self, value) { _, value in -value }
    }

    /// Misspelled: its hook point says "sav(_:)".
    func save(_ value: Int) -> Int {
        Self.hooks.sav.call(self, value) { _, value in value }
    }
}

/// Calls its hook points from accessors, a subscript, and a method with an
/// isolation parameter: none of them is a mistake.
private final class Accessors: Hookable, @unchecked Sendable {
    struct Hooks {
        let setName = HookPoint<Accessors, String, Void>("setName(_:)")
        let getName = HookPoint<Accessors, Void, String>("name")
        let changed = HookPoint<Accessors, String, Void>("nameChanged(_:)")
        let item = HookPoint<Accessors, Int, Int>("subscript(_:)")
        let search = HookPoint<Accessors, String, [String]>("search(_:)")
        let find = HookPoint<Accessors, String, [String]>("find(_:isolation:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private var stored = ""

    var name: String {
        get { Self.hooks.getName.call(self, ()) { accessors, _ in accessors.stored } }
        set { Self.hooks.setName.call(self, newValue) { accessors, name in accessors.stored = name } }
    }

    var observed = "" {
        willSet { Self.hooks.changed.call(self, newValue) { _, _ in } }
        didSet { Self.hooks.changed.call(self, observed) { _, _ in } }
    }

    subscript(index: Int) -> Int {
        Self.hooks.item.call(self, index) { _, index in index * 2 }
    }

    func search(_ query: String, isolation: isolated (any Actor)? = #isolation) -> [String] {
        Self.hooks.search.call(self, query) { _, query in [query] }
    }

    func find(_ query: String, isolation: isolated (any Actor)? = #isolation) -> [String] {
        Self.hooks.find.call(self, query) { _, query in [query] }
    }
}

/// A second hook point of one name, which the name cannot tell apart.
private final class Twice: Hookable, @unchecked Sendable {
    struct Hooks {
        let first = HookPoint<Twice, Int, Int>("run(_:)")
        let second = HookPoint<Twice, String, Int>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
}

/// A type that declares no hook points.
private final class Undeclared: Hookable, @unchecked Sendable {
    struct Hooks {}
    static let hooks = Hooks()
    let hookStorage = HookStorage()
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
    @Suite("Hook points: declared once, every mistake reported at registration")
    struct DeclarationTests {
        @Test("a type's hook points are listed before any of its methods has run")
        func listedFromTheDeclaration() {
            #expect(HookDeclarations.hookPoints(of: Listed.self).map(\.name) == ["open(_:)", "close()", "deinit"])
            #expect(
                HookDeclarations.hookPoints(of: Listed.self).map(\.signature)
                    == ["(String) -> Bool", "(()) -> ()", "(()) -> ()"])
        }

        @Test("a hook registered by name before any call runs from the first call on")
        func registeredBeforeFirstUse() throws {
            let log = Probe()
            let token = try Latecomer.hook("run(_:)", at: .instead) {
                @Sendable (_: Latecomer, invocation: inout InsteadInvocation<Int, Int>) -> Int in
                log.record("instead \(invocation.arguments)")
                return invocation.proceed(with: invocation.arguments * 10)
            }
            #expect(Latecomer().run(2) == 20)
            #expect(log.events == ["instead 2"])
            #expect(token.cancel())
            #expect(Latecomer().run(3) == 3)
            #expect(!token.cancel())
        }

        @Test("a closure of the wrong type throws at registration, naming both types")
        func wrongSignature() {
            let expected = HookError.signatureMismatch(
                name: "load(_:)", owner: "Configured", position: .before,
                expected: "@Sendable (Configured, Invocation<String, Array<String>>) -> () or "
                    + "@Sendable (Invocation<Any, Any>) -> ()",
                given: "@Sendable (Configured, Invocation<Int, Array<String>>) -> ()")
            #expect(throws: expected) {
                try Configured.hook("load(_:)", at: .before) {
                    @Sendable (_: Configured, _: Invocation<Int, [String]>) in
                }
            }
        }

        @Test("a closure that returns the result is refused before the call: only an after hook replaces it")
        func resultReplacementBeforeTheCall() {
            let expected = HookError.signatureMismatch(
                name: "load(_:)", owner: "Configured", position: .before,
                expected: "@Sendable (Configured, Invocation<String, Array<String>>) -> () or "
                    + "@Sendable (Invocation<Any, Any>) -> ()",
                given: "@Sendable (Configured, Invocation<String, Array<String>>) -> Array<String>")
            #expect(throws: expected) {
                try Configured.hook("load(_:)", at: .before) {
                    @Sendable (_: Configured, _: Invocation<String, [String]>) -> [String] in ["replaced"]
                }
            }
        }

        @Test(
            "instead and after on the end-of-life hook point throw at registration",
            arguments: [
                HookPosition.instead, .after,
            ])
        func endOfLifePositions(position: HookPosition) {
            #expect(throws: HookError.positionNotAllowed(name: "deinit", owner: "Configured", position: position)) {
                try Configured.hook("deinit", at: position) { @Sendable (_: Configured, _: Invocation<Void, Void>) in }
            }
        }

        @Test(
            "a runtime method name or a misspelled one throws at registration, listing the declared names",
            arguments: ["dealloc", "retain", "lod(_:)", "load"])
        func unknownNames(name: String) {
            let expected = HookError.unknownName(name: name, owner: "Configured", declared: ["load(_:)", "deinit"])
            #expect(throws: expected) {
                try Configured.hook(name, at: .before) { @Sendable (_: Invocation<Any, Any>) in }
            }
            #expect(
                expected.description == "Configured declares no method named \(name); it declares: load(_:), deinit")
        }

        @Test("an instance hook by name is checked the same way")
        func instanceHookChecked() {
            #expect(
                throws: HookError.unknownName(name: "lod(_:)", owner: "Configured", declared: ["load(_:)", "deinit"])
            ) {
                try Configured().hook("lod(_:)", at: .after) { @Sendable (_: Invocation<Any, Any>) in }
            }
        }

        @Test("a name two hook points share is an error naming both signatures")
        func duplicateName() {
            #expect(
                throws: HookError.duplicateName(
                    name: "run(_:)", owner: "Twice", signatures: ["(Int) -> Int", "(String) -> Int"])
            ) {
                try Twice.hook("run(_:)", at: .before) { @Sendable (_: Twice, _: Invocation<Int, Int>) in }
            }
        }

        @Test("a type whose declaration is empty declares nothing, and says so")
        func emptyDeclaration() {
            #expect(throws: HookError.unknownName(name: "run(_:)", owner: "Undeclared", declared: [])) {
                try Undeclared.hook("run(_:)", at: .before) { @Sendable (_: Invocation<Any, Any>) in }
            }
        }

        #if DEBUG
        @Test("a hook point called from another method's body is reported once, naming both methods")
        func calledFromTheWrongMethod() {
            let object = Mistaken()
            let reports = diagnostics {
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

        @Test("accessors, a subscript and an isolation parameter are not mistakes")
        func noFalsePositives() {
            let object = Accessors()
            let reports = diagnostics {
                object.name = "a"
                _ = object.name
                object.observed = "b"
                _ = object[3]
                _ = object.search("swift")
                _ = object.find("swift")
            }
            #expect(reports == [])
            #expect(object.name == "a")
            #expect(object[3] == 6)
        }
        #endif

        @Test("hooks on a setter's hook point run when the property is set")
        func setterHooks() {
            let log = Probe()
            let object = Accessors()
            let token = Accessors.hooks.setName.before(on: object) { _, invocation in
                log.record("set \(invocation.arguments)")
            }
            _ = diagnostics { object.name = "swift" }
            #expect(log.events == ["set swift"])
            _ = token
        }
    }
}
