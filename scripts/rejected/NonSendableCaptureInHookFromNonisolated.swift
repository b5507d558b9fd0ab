// expect: capture of 'log' with non-Sendable type 'Log' in a '@Sendable' closure
// A hook registered from nonisolated code runs on every calling thread.
import ClosureKit

final class Log {
    var lines: [String] = []
}

final class Store: Hookable {
    struct Hooks {
        let save = HookPoint<Store, String, Void>("save(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func save(_ key: String) { Self.hooks.save.call(self, key) { _, _ in } }
}

nonisolated func trace(_ log: Log) -> CancellationToken {
    Store.hooks.save.before { _, invocation in log.lines.append(invocation.arguments) }
}
