// expect: main actor-isolated property 'items' can not be referenced
// A hook registered from nonisolated code cannot read a main-actor type's state.
import ClosureKit

@MainActor
final class Cart: Hookable {
    struct Hooks {
        let checkout = HookPoint<Cart, Double, String>("checkout(total:)")
    }
    nonisolated static let hooks = Hooks()
    let hookStorage = HookStorage()
    var items = ["book"]
}

nonisolated func watch() -> CancellationToken {
    Cart.hooks.checkout.before { cart, _ in print(cart.items) }
}
