import Testing

@testable import ClosureKit

extension AspectSuites {
    @Suite("AspectRegistry")
    struct AspectRegistryTests {
        @Test("the registry lists installed aspects by name, in installation order")
        func listsByName() throws {
            let registry = AspectRegistry()
            #expect(registry.names.isEmpty)
            let analytics = try Aspect.install("analytics", in: registry) {}
            try Aspect.install("audit", in: registry) {}
            try Aspect.install("cache", in: registry) {}
            #expect(registry.names == ["analytics", "audit", "cache"])
            #expect(registry.aspects.map(\.name) == ["analytics", "audit", "cache"])
            #expect(registry.aspect(named: "analytics") === analytics)
            #expect(registry.aspect(named: "missing") == nil)

            #expect(registry.uninstall(named: "audit"))
            #expect(!registry.uninstall(named: "audit"))
            #expect(registry.names == ["analytics", "cache"])
            try Aspect.install("audit", in: registry) {}
            #expect(registry.names == ["analytics", "cache", "audit"])
            registry.uninstallAll()
            #expect(registry.names.isEmpty)
            #expect(!analytics.isInstalled)
        }

        @Test("installing a second aspect of a name in use is an error naming it, and its body never runs")
        func duplicateName() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let till = Till(log: log)
            let first = try Aspect.install("analytics", in: registry) {
                Till.hooks.ring.before { _, _ in log.record("first") }
            }
            var ran = false
            func running(_ token: CancellationToken) -> CancellationToken {
                ran = true
                return token
            }
            #expect(throws: AspectError.nameInUse("analytics")) {
                try Aspect.install("analytics", in: registry) {
                    running(Till.hooks.ring.before { _, _ in log.record("second") })
                }
            }
            #expect(!ran)
            #expect(
                AspectError.nameInUse("analytics").description
                    == "an aspect named \"analytics\" is already installed; uninstall it before installing another "
                    + "of that name, or choose another name")
            #expect(first.isInstalled)
            #expect(registry.names == ["analytics"])
            _ = till.ring(1)
            #expect(log.events == ["first", "ring 1"])
            registry.uninstallAll()
        }

        @Test("an empty name is an error")
        func emptyName() {
            #expect(throws: AspectError.emptyName) {
                try Aspect.install("", in: AspectRegistry()) {}
            }
            #expect(AspectError.emptyName.description == "an aspect's name must not be empty")
        }

        @Test("registries scope names: the same name installs in two registries")
        func separateRegistries() throws {
            let first = AspectRegistry()
            let second = AspectRegistry()
            try Aspect.install("analytics", in: first) {}
            try Aspect.install("analytics", in: second) {}
            #expect(first.names == ["analytics"])
            #expect(second.names == ["analytics"])
            first.uninstallAll()
            #expect(second.names == ["analytics"])
            second.uninstallAll()
        }

        @Test("a registry that ends uninstalls its aspects")
        func registryEnds() throws {
            let log = Probe()
            let till = Till(log: log)
            var registry: AspectRegistry? = AspectRegistry()
            let aspect = try Aspect.install("scoped", in: registry!) {
                Till.hooks.ring.before { _, _ in log.record("scoped") }
            }
            _ = till.ring(1)
            registry = nil
            _ = till.ring(2)
            #expect(log.events == ["scoped", "ring 1", "ring 2"])
            #expect(!aspect.isInstalled)
            #expect(!aspect.uninstall())
        }

        @Test("the shared registry keeps an aspect whose handle was dropped")
        func sharedKeepsAspect() throws {
            let log = Probe()
            let till = Till(log: log)
            try Aspect.install("AspectRegistryTests.shared") {
                Till.hooks.ring.before { _, _ in log.record("shared") }
            }
            #expect(AspectRegistry.shared.names.contains("AspectRegistryTests.shared"))
            _ = till.ring(1)
            #expect(AspectRegistry.shared.uninstall(named: "AspectRegistryTests.shared"))
            _ = till.ring(2)
            #expect(log.events == ["shared", "ring 1", "ring 2"])
        }

        @Test("many threads installing one name: exactly one succeeds")
        func concurrentInstall() {
            let registry = AspectRegistry()
            let wins = Probe()
            concurrently(16) { _ in
                if (try? Aspect.install("once", in: registry) {}) != nil { wins.increment() }
            }
            #expect(wins.count == 1)
            #expect(registry.names == ["once"])
        }
    }
}
