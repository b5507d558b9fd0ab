// Samples of Sources/ClosureKit/HookPoints/EndOfLifeHookPoint.swift
// snippet.hide
import ClosureKit
extension Connection {
    var id: Int { 1 }
}
// snippet.show

// Sources/ClosureKit/HookPoints/EndOfLifeHookPoint.swift:11
final class Connection: Hookable {
    struct Hooks {
        let end = EndOfLifeHookPoint<Connection>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    deinit { Self.hooks.end.fire(self) }
}

let token = Connection.hooks.end.before { connection in
    print("closing", connection.id)
}
