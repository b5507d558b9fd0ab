import ClosureKit
import Testing

// Declarations that would make hooks silently never run: a computed `hooks`
// (calls and registrations use different hook points), a computed
// `hookStorage` (each access a new storage) and one storage shared by two
// instances (their hooks mix). Each stops the program at the registration.

final class ComputedHooks: Hookable {
    struct Hooks {
        let save = HookPoint<ComputedHooks, String, Int>("save(_:)")
    }
    static var hooks: Hooks { Hooks() }
    let hookStorage = HookStorage()

    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

final class ComputedStorage: Hookable {
    struct Hooks {
        let save = HookPoint<ComputedStorage, String, Int>("save(_:)")
    }
    static let hooks = Hooks()
    var hookStorage: HookStorage { HookStorage() }

    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

final class SharedStorage: Hookable {
    struct Hooks {
        let save = HookPoint<SharedStorage, String, Int>("save(_:)")
    }
    static let hooks = Hooks()
    static let common = HookStorage()
    let hookStorage: HookStorage

    init(storage: HookStorage = SharedStorage.common) { hookStorage = storage }

    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

@Suite("Hook declarations that would skip hooks stop the program at the registration")
struct HookDeclarationMistakeTests {
    @Test("a computed static var hooks stops a typed registration, naming the fix")
    func computedHooksTyped() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ComputedHooks.hooks.save.before(on: ComputedHooks()) { _, _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("ComputedHooks.hooks returns new hook points at each access"), "\(message)")
        #expect(message.contains("static let hooks = Hooks()"), "\(message)")
    }

    @Test("a computed static var hooks stops a registration by name")
    func computedHooksByName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? ComputedHooks().hook("save(_:)", at: .before) {
                @Sendable (_: ComputedHooks, _: Invocation<String, Int>) in
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("ComputedHooks.hooks returns new hook points at each access"), "\(message)")
    }

    @Test("a computed hookStorage stops the registration, naming the fix")
    func computedStorage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ComputedStorage.hooks.save.before(on: ComputedStorage()) { _, _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("hookStorage returns a new HookStorage at each access"), "\(message)")
    }

    @Test("one storage shared by two instances stops the second instance's registration")
    func sharedStorage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let first = SharedStorage()
            let second = SharedStorage()
            let token = SharedStorage.hooks.save.before(on: first) { _, _ in }
            _ = SharedStorage.hooks.save.before(on: second) { _, _ in }
            token.cancel()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("one HookStorage is shared by two instances"), "\(message)")
    }

    @Test("one instance registering several hooks on its own storage is fine")
    func oneInstanceManyHooks() {
        let own = SharedStorage(storage: HookStorage())
        var seen: [String] = []
        let tokens = [
            SharedStorage.hooks.save.before(on: own) { _, invocation in seen.append("a " + invocation.arguments) },
            SharedStorage.hooks.save.before(on: own) { _, invocation in seen.append("b " + invocation.arguments) },
        ]
        #expect(own.save("x") == 1)
        #expect(seen == ["a x", "b x"])
        tokens.forEach { $0.cancel() }
    }
}
