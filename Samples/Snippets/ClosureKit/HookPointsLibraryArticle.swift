// Samples of Sources/ClosureKit/ClosureKit.docc/HookPoints.md: a library's hook points (nothing hidden)

import ClosureKit

public final class Invoice: Hookable {
    public struct Hooks: Sendable {
        public let send = HookPoint<Invoice, String, Bool>("send(to:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()

    public init() {}

    public func send(to address: String) -> Bool {
        Self.hooks.send.call(self, address) { _, address in address.contains("@") }
    }
}
