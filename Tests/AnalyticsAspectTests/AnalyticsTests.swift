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

    @Test("a misspelled table entry throws at installation, naming the type and the name; nothing is installed")
    func misspelledEntryThrows() throws {
        let registry = AspectRegistry()
        let counts = CallCounts()
        let table: [(type: any Hookable.Type, methods: [String])] = [(Basket.self, ["add(_:)", "chekout()"])]
        let error = try #require(throws: HookError.self) {
            try Analytics.install(table: table, counting: counts, in: registry)
        }
        #expect(error == .unknownName(name: "chekout()", owner: "Basket", declared: ["add(_:)", "checkout()"]))
        // The message names the type and the misspelled name, and lists the declared names.
        #expect(error.description.hasPrefix("Basket declares no method named chekout()"))
        #expect(error.description.hasSuffix("add(_:), checkout()"))
        // Nothing stays installed: not the hook of the entry before it, nor the aspect's name.
        #expect(registry.names.isEmpty)
        let basket = Basket()
        _ = basket.add("tea")
        _ = basket.checkout()
        #expect(counts.sorted.isEmpty)
        let aspect = try Analytics.install(table: [(Basket.self, ["add(_:)"])], counting: counts, in: registry)
        _ = basket.add("tea")
        #expect(counts.sorted.map { "\($0.method) \($0.count)" } == ["Basket.add(_:) 1"])
        aspect.uninstall()
    }
}
