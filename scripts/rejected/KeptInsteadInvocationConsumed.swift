// expect: missing reinitialization of inout parameter 'invocation' after consume
// An instead hook's invocation moved out with `consume` into a global actor's
// static: the invocation is inout, so moving it out must put another back,
// and none can be made: the compiler refuses it.
import ClosureKit

final class Doc: Hookable {
    struct Hooks {
        let save = HookPoint<Doc, String, Int>("save(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

@MainActor
enum Keeper {
    static var kept: InsteadInvocation<String, Int>?
}

@MainActor
func keep(_ doc: Doc) -> CancellationToken {
    Doc.hooks.save.instead(on: doc) { _, invocation in
        let result = invocation.proceed()
        Keeper.kept = consume invocation
        return result
    }
}
