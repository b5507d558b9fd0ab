import ClosureKit

// The app's own types. They opt in to hooks method by method (a hook point
// each) and know nothing of analytics: the aspect counts their calls from
// outside.

/// Finds products.
public final class Catalog: Hookable {
    static let search = HookPoint<Catalog, String, [String]>("search(_:)")
    public let hookStorage = HookStorage()

    private let products = ["tea", "teapot", "coffee", "cup"]

    public init() {}

    /// The products whose name contains `text`.
    public func search(_ text: String) -> [String] {
        Self.search.call(self, text) { catalog, text in catalog.products.filter { $0.contains(text) } }
    }
}

/// What a customer is about to buy.
public final class Basket: Hookable {
    static let add = HookPoint<Basket, String, Int>("add(_:)")
    static let checkout = HookPoint<Basket, Void, [String]>("checkout()")
    public let hookStorage = HookStorage()

    private var items: [String] = []

    public init() {}

    /// Adds `item` and returns how many items the basket holds.
    public func add(_ item: String) -> Int {
        Self.add.call(self, item) { basket, item in
            basket.items.append(item)
            return basket.items.count
        }
    }

    /// Empties the basket and returns what it held.
    public func checkout() -> [String] {
        Self.checkout.call(self, ()) { basket, _ in
            defer { basket.items = [] }
            return basket.items
        }
    }
}

/// Takes the money.
public final class Payments: Hookable {
    static let charge = HookPoint<Payments, Int, Bool>("charge(_:)")
    public let hookStorage = HookStorage()

    public init() {}

    /// Charges `cents`; false for nothing to charge.
    public func charge(_ cents: Int) -> Bool {
        Self.charge.call(self, cents) { _, cents in cents > 0 }
    }
}
