// Samples of Sources/ClosureKit/ClosureKit.docc/GettingStarted.md, as a reader pastes them (nothing hidden)
// The server path.

import ClosureKit

struct Request: Sendable {
    let user: String
    let path: String
}

/// The service that every request task calls, so it is `Sendable`.
final class Router: Hookable, Sendable {
    struct Hooks {
        let handle = HookPoint<Router, Request, Int>("handle(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func handle(_ request: Request) -> Int {
        Self.hooks.handle.call(self, request) { _, _ in 200 }
    }
}

/// The hooks that must run for every request: nonisolated, so they answer
/// at once on the caller's task.
nonisolated func installHooks(on router: Router) -> [CancellationToken] {
    [
        Router.hooks.handle.instead(on: router) { _, invocation in
            invocation.arguments.user == "guest" ? 403 : invocation.proceed()
        }
    ]
}

@main
struct Server {
    static func main() async {
        let router = Router()
        let hooks = installHooks(on: router)   // not written here: main() is main-actor code
        let statuses = await withTaskGroup(of: Int.self) { group in
            for user in ["ada", "guest", "grace"] {
                group.addTask { router.handle(Request(user: user, path: "/orders")) }
            }
            var statuses: [Int] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        print(statuses.sorted())   // [200, 200, 403]
        hooks.forEach { $0.cancel() }
    }
}
