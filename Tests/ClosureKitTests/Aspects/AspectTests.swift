import Dispatch
import Testing

@testable import ClosureKit

extension AspectSuites {
    @Suite("Aspect")
    struct AspectTests {
        @Test("an aspect's hooks, proxy closures and observations, across types and objects, run while it is installed")
        func installsAcrossTypesAndObjects() throws {
            let scene = Scene()
            let (registry, log, till, shelf, owner, proxy, account) = (
                scene.registry, scene.log, scene.till, scene.shelf, scene.owner, scene.proxy, scene.account
            )

            let aspect = try Aspect.install("everything", in: registry) {
                Till.hooks.ring.before { _, invocation in log.record("aspect before ring \(invocation.arguments)") }
                Shelf.hooks.restock.after(on: shelf) { _, invocation in
                    log.record("aspect after restock \(invocation.arguments)")
                }
                proxy.before(TransferProxy.selectors.didProgress) { invocation in
                    log.record("aspect progress \(invocation.arguments.1)")
                }
                account.observe(\.balance, options: .new) { _, change in
                    log.record("aspect balance \(change.newValue!)")
                }
            }
            #expect(aspect.isInstalled)

            _ = till.ring(3)
            shelf.restock(2)
            owner.progress(0.5)
            account.balance = 7
            #expect(
                log.events == [
                    "aspect before ring 3", "ring 3", "restock 2", "aspect after restock 2", "aspect progress 0.5",
                    "aspect balance 7",
                ])
        }

        @Test("uninstalling removes everything the aspect added and nothing else")
        func uninstallLeavesOthersAlone() throws {
            let scene = Scene()
            let (registry, log, till, shelf, owner, proxy, account) = (
                scene.registry, scene.log, scene.till, scene.shelf, scene.owner, scene.proxy, scene.account
            )

            // The same methods and objects, registered directly and by another aspect.
            let direct = [
                Till.hooks.ring.before { _, _ in log.record("direct ring") },
                Shelf.hooks.restock.after(on: shelf) { _, _ in log.record("direct restock") },
                proxy.before(TransferProxy.selectors.didProgress) { _ in log.record("direct progress") },
                account.observe(\.balance) { _, _ in log.record("direct balance") },
            ]
            try Aspect.install("other", in: registry) {
                Till.hooks.ring.after(on: till) { _, _ in log.record("other ring") }
            }
            let aspect = try Aspect.install("leaving", in: registry) {
                Till.hooks.ring.before { _, _ in log.record("leaving ring") }
                Till.hooks.ring.instead(on: till) { _, invocation in invocation.proceed() * 10 }
                Shelf.hooks.restock.after(on: shelf) { _, _ in log.record("leaving restock") }
                proxy.before(TransferProxy.selectors.didProgress) { _ in log.record("leaving progress") }
                account.observe(\.balance) { _, _ in log.record("leaving balance") }
            }

            #expect(aspect.uninstall())
            #expect(!aspect.isInstalled)
            #expect(till.ring(1) == 1)
            shelf.restock(1)
            owner.progress(1)
            account.balance = 1
            #expect(
                log.events == [
                    "direct ring", "ring 1", "other ring", "restock 1", "direct restock", "direct progress",
                    "direct balance",
                ])
            #expect(registry.names == ["other"])
            #expect(!aspect.uninstall())
            _ = direct
        }

        @Test("two aspects on one method compose in installation order, in either order")
        func composeInInstallationOrder() throws {
            for order in [["A", "B"], ["B", "A"]] {
                let registry = AspectRegistry()
                let log = Probe()
                let till = Till(log: log)
                for name in order {
                    try Aspect.install(name, in: registry) {
                        Till.hooks.ring.before { _, _ in log.record("\(name) before") }
                        Till.hooks.ring.instead { _, invocation in
                            log.record("\(name) instead")
                            return invocation.proceed() + 1
                        }
                        Till.hooks.ring.after { _, invocation in log.record("\(name) after \(invocation.result!)") }
                    }
                }
                let (first, second) = (order[0], order[1])
                #expect(till.ring(10) == 12)
                #expect(
                    log.events == [
                        "\(first) before", "\(second) before",
                        // The later aspect's instead hook wraps the earlier one's.
                        "\(second) instead", "\(first) instead", "ring 10",
                        "\(first) after 12", "\(second) after 12",
                    ], "installed \(order)")
                registry.uninstallAll()
                #expect(till.ring(10) == 10)
            }
        }

        @Test("uninstalling one of two aspects on a method keeps the other's hooks in place")
        func uninstallOneOfTwo() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let till = Till(log: log)
            for name in ["A", "B", "C"] {
                try Aspect.install(name, in: registry) {
                    Till.hooks.ring.before { _, _ in log.record(name) }
                }
            }
            #expect(registry.uninstall(named: "B"))
            _ = till.ring(1)
            #expect(log.events == ["A", "C", "ring 1"])
            registry.uninstallAll()
        }

        @Test("an aspect is built from a table of type and method names, through the name-based hooks")
        func fromATableOfNames() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let table: [(type: any Hookable.Type, methods: [String])] = [
                (Till.self, ["ring(_:)"]), (Shelf.self, ["restock(_:)"]),
            ]
            try Aspect.install("counts", in: registry) {
                for (type, methods) in table {
                    for method in methods {
                        let typeName = "\(type)"
                        try type.hook(method, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
                            log.record("\(typeName).\(invocation.selector.name)")
                        }
                    }
                }
            }
            _ = Till(log: log).ring(1)
            Shelf(log: log).restock(2)
            #expect(log.events == ["Till.ring(_:)", "ring 1", "Shelf.restock(_:)", "restock 2"])
            registry.uninstallAll()
        }

        @Test("a body that throws cancels what it had registered, frees the name and rethrows")
        func failingBody() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let till = Till(log: log)
            struct Refused: Error {}
            func refused() throws -> CancellationToken { throw Refused() }
            #expect(throws: Refused.self) {
                try Aspect.install("broken", in: registry) {
                    Till.hooks.ring.before { _, _ in log.record("broken") }
                    Till.hooks.ring.after(on: till) { _, _ in log.record("broken") }
                    try refused()
                }
            }
            #expect(registry.names.isEmpty)
            _ = till.ring(1)
            #expect(log.events == ["ring 1"])
            try Aspect.install("broken", in: registry) {}
            #expect(registry.names == ["broken"])
        }

        @Test("registrations added later are uninstalled with the aspect; added after, they end at once")
        func addLater() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let aspect = try Aspect.install("later", in: registry) {}
            let till = Till(log: log)
            aspect.add {
                Till.hooks.ring.before(on: till) { _, _ in log.record("later") }
            }
            _ = till.ring(1)
            aspect.uninstall()
            aspect.add {
                Till.hooks.ring.before(on: till) { _, _ in log.record("too late") }
            }
            _ = till.ring(2)
            #expect(log.events == ["later", "ring 1", "ring 2"])
        }

        @Test("a hook that uninstalls its own aspect stops it at once, on its own thread")
        func uninstallFromOwnHook() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let till = Till(log: log)
            try Aspect.install("self-removing", in: registry) {
                Till.hooks.ring.before { _, _ in
                    log.record("first")
                    registry.uninstall(named: "self-removing")
                }
                Till.hooks.ring.before { _, _ in log.record("second") }
                Till.hooks.ring.after { _, _ in log.record("after") }
            }
            _ = till.ring(1)
            _ = till.ring(2)
            #expect(log.events == ["first", "ring 1", "ring 2"])
            #expect(registry.names.isEmpty)
        }

        @Test("an aspect uninstalled from another thread while its hooks run stops for every call that starts later")
        func uninstallWhileRunning() throws {
            let registry = AspectRegistry()
            let log = Probe()
            let hooks = Probe()
            let till = Till(log: log)
            let aspect = try Aspect.install("racing", in: registry) {
                Till.hooks.ring.before { _, _ in hooks.increment() }
                Till.hooks.ring.instead { _, invocation in invocation.proceed() + 1 }
                Till.hooks.ring.after { _, _ in hooks.increment() }
            }
            let running = Probe()
            let uninstalled = Probe()
            let afterUninstall = Probe()
            // The uninstaller has a thread of its own (a queue of its own gets
            // one even when the callers hold every thread of the global
            // pool); it starts once they are calling.
            let done = DispatchSemaphore(value: 0)
            DispatchQueue(label: "uninstaller").async {
                while running.count < 100 {}
                #expect(aspect.uninstall())
                uninstalled.increment()
                done.signal()
            }
            concurrently(3) { _ in
                // Call until 200 calls of this thread have started after
                // uninstall() returned.
                var late = 0
                while late < 200 {
                    let wasUninstalled = uninstalled.count > 0
                    let result = till.ring(1)
                    running.increment()
                    guard wasUninstalled else { continue }
                    late += 1
                    // A call that started after uninstall() returned runs no hook of the aspect.
                    if result != 1 { afterUninstall.record("instead ran: \(result)") }
                }
            }
            done.wait()
            #expect(afterUninstall.events.isEmpty)
            #expect(!aspect.isInstalled)
            let count = hooks.count
            #expect(count > 0) // the hooks ran while the aspect was installed
            #expect(till.ring(1) == 1)
            #expect(hooks.count == count)
        }

        @Test("a main-actor model's aspect runs its hooks on the main actor, as direct registrations do")
        @MainActor
        func isolation() async throws {
            let registry = AspectRegistry()
            let model = TillModel()
            try model.start(in: registry)
            let till = Till(log: Probe())
            // Called from a background thread, the hook is enqueued to the main actor.
            blockingOnBackgroundThread { _ = till.ring(5) }
            #expect(model.total == 0) // not run on the background thread
            #expect(await untilMainActor { model.total == 5 })
            registry.uninstallAll()
        }
    }
}

/// A main-actor model as an app writes it: its aspect's hook changes its state.
@MainActor
private final class TillModel {
    var total = 0

    func start(in registry: AspectRegistry) throws {
        try Aspect.install("till total", in: registry) {
            Till.hooks.ring.after { [weak self] _, invocation in self?.total += invocation.result! }
        }
    }
}

/// Objects of every kind an aspect registers on: two hookable types, a
/// delegate proxy and an observable object.
private struct Scene {
    let registry = AspectRegistry()
    let log = Probe()
    let till: Till
    let shelf: Shelf
    let owner = TransferOwner()
    let proxy: TransferProxy
    let account = ObservedAccount(owner: ObservedPerson(name: "Ada", city: "Rome"))

    init() {
        till = Till(log: log)
        shelf = Shelf(log: log)
        proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
    }
}
