// Samples of Sources/ClosureKit/HookPoints/EndOfLifeHookPoint.swift
// snippet.hide
import ClosureKit
extension Connection {
    var id: Int { 1 }
}
// snippet.show

// Sources/ClosureKit/HookPoints/EndOfLifeHookPoint.swift:11
final class Connection: Hookable {
    static let end = EndOfLifeHookPoint<Connection>()
    let hookStorage = HookStorage()
    deinit { Self.end.fire(self) }
}

let token = Connection.end.before { connection in
    print("closing", connection.id)
}
