import ClosureKit

// The app's own types. They opt in to hooks method by method (a hook point
// each, declared once in the type's `Hooks`) and know nothing of analytics:
// the aspect counts their calls from outside.

/// Finds products.
public final class Catalog: Hookable {
    public struct Hooks: Sendable {
        let search = HookPoint<Catalog, String, [String]>("search(_:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()

    private let products = ["tea", "teapot", "coffee", "cup"]

    public init() {}

    /// The products whose name contains `text`.
    public func search(_ text: String) -> [String] {
        Self.hooks.search.call(self, text) { catalog, text in catalog.products.filter { $0.contains(text) } }
    }
}

/// What a customer is about to buy.
public final class Basket: Hookable {
    public struct Hooks: Sendable {
        let add = HookPoint<Basket, String, Int>("add(_:)")
        let checkout = HookPoint<Basket, Void, [String]>("checkout()")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()

    private var items: [String] = []

    public init() {}

    /// Adds `item` and returns how many items the basket holds.
    public func add(_ item: String) -> Int {
        Self.hooks.add.call(self, item) { basket, item in
            basket.items.append(item)
            return basket.items.count
        }
    }

    /// Empties the basket and returns what it held.
    public func checkout() -> [String] {
        Self.hooks.checkout.call(self, ()) { basket, _ in
            defer { basket.items = [] }
            return basket.items
        }
    }
}

/// Takes the money.
public final class Payments: Hookable {
    public struct Hooks: Sendable {
        let charge = HookPoint<Payments, Int, Bool>("charge(_:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()

    public init() {}

    /// Charges `cents`; false for nothing to charge.
    public func charge(_ cents: Int) -> Bool {
        Self.hooks.charge.call(self, cents) { _, cents in cents > 0 }
    }
}
