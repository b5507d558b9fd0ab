import ClosureKit

/// The analytics aspect at work: installed from its table, counting a
/// shopping session, uninstalled and reinstalled at run time. Prints each
/// step, each line starting with `indent`.
public func runAnalyticsTour(indent: String = "") throws {
    func say(_ line: String) { print(indent + line) }
    let counts = CallCounts()
    let catalog = Catalog()
    let basket = Basket()
    let payments = Payments()
    func shop() {
        for item in catalog.search("tea") { _ = basket.add(item) }
        _ = catalog.search("cup")
        let bought = basket.checkout()
        _ = payments.charge(bought.count * 450)
    }

    for (type, methods) in Analytics.table {
        say("counting \(type): \(methods.joined(separator: ", "))")
    }
    let analytics = try Analytics.install(counting: counts)
    say("installed aspects: \(AspectRegistry.shared.names)")
    shop()
    shop()
    for (method, count) in counts.sorted {
        say("  \(method): \(count)")
    }

    do {
        try Analytics.install(counting: counts)
    } catch {
        say("installing it twice fails: \(error)")
    }

    analytics.uninstall()
    say("uninstalled; installed aspects: \(AspectRegistry.shared.names)")
    shop()
    say("after another session, Basket.add(_:) is still \(counts["Basket.add(_:)"])")

    // Reinstalled at run time, from a smaller table: only checkouts now.
    let checkouts = try Analytics.install("checkouts", table: [(Basket.self, ["checkout()"])], counting: counts)
    shop()
    say(
        "reinstalled as \"checkouts\": Basket.checkout() \(counts["Basket.checkout()"]), "
            + "Basket.add(_:) \(counts["Basket.add(_:)"])")
    checkouts.uninstall()

    // A misspelled entry is an error at installation, before any method has
    // run: the HookError names the type and the name, and lists the declared
    // names. Nothing is installed, and the name "typo" stays free.
    let misspelled = [(type: Basket.self as any Hookable.Type, methods: ["chekout()"])]
    do {
        let typo = try Analytics.install("typo", table: misspelled, counting: counts)
        typo.uninstall()
        say("a misspelled method name was accepted (it should not be)")
    } catch let error as HookError {
        say("a misspelled method name is refused at installation: \(error)")
    }

    say("installed aspects at the end: \(AspectRegistry.shared.names)")
}
