import AnalyticsAspect
import ClosureKit
import Testing

@Suite("The analytics aspect", .serialized)
struct AnalyticsTests {
    @Test("installing it twice is an error naming it; the first stays installed")
    func installTwice() throws {
        let registry = AspectRegistry()
        let counts = CallCounts()
        try Analytics.install(counting: counts, in: registry)
        #expect(throws: AspectError.nameInUse("analytics")) {
            try Analytics.install(counting: counts, in: registry)
        }
        _ = Basket().add("tea")
        #expect(counts["Basket.add(_:)"] == 1)
        registry.uninstallAll()
    }

    @Test("counts the calls of every method its table names, across types, until it is uninstalled")
    func countsUntilUninstalled() throws {
        let registry = AspectRegistry()
        let counts = CallCounts()
        let catalog = Catalog()
        let basket = Basket()
        let payments = Payments()
        let aspect = try Analytics.install(counting: counts, in: registry)
        #expect(registry.names == ["analytics"])

        _ = catalog.search("tea")
        _ = basket.add("tea")
        _ = basket.add("cup")
        #expect(basket.checkout() == ["tea", "cup"])
        #expect(payments.charge(900))
        #expect(
            counts.sorted.map { "\($0.method) \($0.count)" } == [
                "Basket.add(_:) 2", "Basket.checkout() 1", "Catalog.search(_:) 1", "Payments.charge(_:) 1",
            ])

        aspect.uninstall()
        _ = basket.add("teapot")
        #expect(counts["Basket.add(_:)"] == 2)
        #expect(registry.names.isEmpty)
    }

    @Test("a misspelled table entry waits for its hook point, and unattachedHooks names it until uninstalled")
    func misspelledEntryIsListed() throws {
        let registry = AspectRegistry()
        let counts = CallCounts()
        let table: [(type: any Hookable.Type, methods: [String])] = [(Basket.self, ["add(_:)", "chekout()"])]
        let aspect = try Analytics.install(table: table, counting: counts, in: registry)
        let basket = Basket()
        _ = basket.add("tea")
        _ = basket.checkout()
        #expect(counts.sorted.map { "\($0.method) \($0.count)" } == ["Basket.add(_:) 1"])
        let unattached = Analytics.unattachedHooks(table: table)
        #expect(unattached.count == 1)
        #expect(unattached.first.map { "\($0)" }?.hasPrefix("Basket declares no method named chekout()") == true)
        aspect.uninstall()
        #expect(Analytics.unattachedHooks(table: table).isEmpty)
    }
}
