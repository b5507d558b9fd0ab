import ClosureKit

/// A shopping cart whose `checkout(total:)` can be hooked.
private final class Cart: Hookable {
    struct Hooks {
        let checkout = HookPoint<Cart, Double, String>("checkout(total:)")
        let end = EndOfLifeHookPoint<Cart>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let owner: String
    init(owner: String) { self.owner = owner }
    deinit { Self.hooks.end.fire(self) }

    func checkout(total: Double) -> String {
        Self.hooks.checkout.call(self, total) { cart, total in
            "receipt for \(cart.owner): \(total)"
        }
    }
}

func demoHookPoints() {
    var tokens = Set<CancellationToken>()
    // Every cart: log before and after, like an analytics layer would.
    Cart.hooks.checkout.before { cart, invocation in
        print("   [type-wide before] \(cart.owner) checks out \(invocation.arguments)")
    }.store(in: &tokens)
    Cart.hooks.checkout.after { _, invocation in
        print("   [type-wide after] result: \(invocation.result ?? "none")")
    }.store(in: &tokens)

    let alice = Cart(owner: "alice")
    var bob: Cart? = Cart(owner: "bob")
    // One cart: a hook that replaces the method and calls through with a 10% discount.
    Cart.hooks.checkout.instead(on: bob!) { _, invocation in
        let discounted = invocation.arguments * 0.9
        print("   [bob only, instead] 10% off: calling through with \(discounted) for \(invocation.arguments)")
        return invocation.proceed(with: discounted)
    }.store(in: &tokens)

    print("   alice: \(alice.checkout(total: 20))")
    print("   bob:   \(bob!.checkout(total: 20))")

    // Configuration-driven: hook by name; mistakes are errors at registration.
    do {
        _ = try Cart.hook("checkout(total:)", at: .before) { @Sendable (_: Cart, _: Invocation<Int, String>) in }
    } catch {
        print("   a mistyped hook is rejected at registration: \(error)")
    }
    Cart.hooks.end.before { cart in print("   [end of life] \(cart.owner)'s cart is ending") }
        .store(in: &tokens)
    bob = nil
}
