// expect: is deprecated: a closure that is not @Sendable on a Sendable owner
// A closure stored first in a `let` of a plain function type, hooked on one
// Sendable instance: the value is not @Sendable, and the instance is called
// from several threads at once. Swift picks the form that warns.
import ClosureKit

final class Vault: Hookable, Sendable {
    struct Hooks {
        let open = HookPoint<Vault, String, Bool>("open(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func open(_ user: String) -> Bool { Self.hooks.open.call(self, user) { _, user in user == "admin" } }
}

nonisolated func audit(_ vault: Vault) -> CancellationToken {
    var seen: [String] = []
    let record: (Vault, Invocation<String, Bool>) -> Void = { _, invocation in seen.append(invocation.arguments) }
    return Vault.hooks.open.before(on: vault, record)
}
