import ClosureKit
import Synchronization
import Testing

// A view model as an app writes it, with user types as an app declares them:
// main-actor isolated or plain, none `Sendable`.

/// The sample's names, in a namespace of their own.
enum IssueSample {
    @MainActor
    final class Button: EventControl {
        let controlEventStorage = ControlEventStorage()
    }

    @MainActor
    final class Settings: KeyPathObservable {
        let observationStorage = ObservationStorage()
        @ObservableProperty var volume = 0.5
    }

    final class Player {
        weak var delegate: (any PlayerDelegate)?
        func reach(_ seconds: Double) { delegate?.player(self, didReach: seconds) }
    }

    protocol PlayerDelegate: AnyObject {
        func player(_ player: Player, didReach seconds: Double)
    }

    final class PlayerProxy: DelegateProxy<any PlayerDelegate>, SelectorDeclaring, PlayerDelegate {
        struct Selectors {
            let didReach = MethodSelector<(Player, Double), Void>("player(_:didReach:)")
        }
        static let selectors = Selectors()

        func player(_ player: Player, didReach seconds: Double) {
            forward(Self.selectors.didReach, (player, seconds)) { $0.player($1.0, didReach: $1.1) }
        }
    }

    @MainActor
    final class Cart: Hookable {
        struct Hooks {
            let checkout = HookPoint<Cart, Double, String>("checkout(total:)")
        }
        nonisolated static let hooks = Hooks()
        nonisolated let hookStorage = HookStorage()
        var items = ["book"]

        func checkout(total: Double) -> String {
            Self.hooks.checkout.call(self, total) { cart, total in "\(cart.items.count) item(s): \(total)" }
        }
    }

    @MainActor
    final class ViewModel {
        var count = 0
        var tokens = Set<CancellationToken>()
        var debouncer: Debouncer<String>?
        let button = Button()
        let settings = Settings()
        let player = Player()
        let cart = Cart()

        func bind() throws {
            button.addHandler(for: .touchUpInside) { _ in self.count += 1 }.store(in: &tokens)
            settings.observe(\.volume, options: .new) { _, _ in self.count += 1 }.store(in: &tokens)
            DelayScheduler.shared.schedule(after: .seconds(1), on: .main) { self.count += 1 }.store(in: &tokens)
            PlayerProxy.proxy(for: player, delegate: \.delegate)
                .implement(PlayerProxy.selectors.didReach) { _, _ in self.count += 1 }.store(in: &tokens)
            Cart.hooks.checkout.after(on: cart) { _, _ in self.count += 1 }.store(in: &tokens)
            debouncer = try! Debouncer<String>(for: .milliseconds(300), on: .main) { _ in self.count += 1 }
        }
    }
}

@Suite("The main-actor view model of the isolation issue")
@MainActor
struct ViewModelIsolationTests {
    @Test("compiles unchanged and counts each event exactly once")
    func countsExactly() async throws {
        let model = IssueSample.ViewModel()
        defer {
            // The sample's handlers capture the model, as an app's do.
            model.tokens.removeAll()
            model.debouncer = nil
        }
        try model.bind()
        // Sends isolated to the main actor run its handlers at once.
        model.button.sendEvents(.touchUpInside)
        #expect(model.count == 1)
        #expect(model.cart.checkout(total: 9.5) == "1 item(s): 9.5")
        #expect(model.count == 2)
        // A property setter and a delegate method are not isolated sends: off the
        // main thread of an app (as under `swift test`), they are enqueued.
        // (The sample's one-second delay on the shared scheduler may add one
        // at any time, hence the ranges.)
        model.settings.volume = 0.8
        #expect(await untilMainActor { model.count >= 3 })
        model.player.reach(12)
        #expect(await untilMainActor { model.count >= 4 })
        #expect(model.count <= 5)
        model.tokens.removeAll()
        let settled = model.count
        model.button.sendEvents(.touchUpInside)
        model.settings.volume = 0.1
        model.player.reach(13)
        _ = model.cart.checkout(total: 1)
        #expect(await untilMainActor({ model.count != settled }, limit: 1_000) == false)
    }

    @Test("top-level style: a local var in a main-actor function counts proxy messages, synchronously")
    func proxyMessagesOnTheMainActor() {
        let player = IssueSample.Player()
        var reached: [Double] = []
        let token = IssueSample.PlayerProxy.proxy(for: player, delegate: \.delegate)
            .implement(IssueSample.PlayerProxy.selectors.didReach) { _, seconds in reached.append(seconds) }
        // The player is not Sendable: the closure joined its region, so its
        // messages come from the main actor, and the closure runs during each.
        for second in 1...100 { player.reach(Double(second)) }
        #expect(reached == (1...100).map(Double.init))
        _ = token
    }

    @Test("hook calls made off the main actor on a Sendable instance reach a main-actor after hook in call order")
    func hookCallsFromBackground() async {
        let recorder = SharedRecorder()
        var seen: [String] = []
        let token = SharedRecorder.hooks.log.after(on: recorder) { _, invocation in seen.append(invocation.arguments) }
        await onBackgroundThread {
            for index in 1...50 { _ = recorder.log("entry \(index)") }
        }
        #expect(await untilMainActor { seen.count == 50 })
        #expect(seen == (1...50).map { "entry \($0)" })
        _ = token
    }

    @Test("a main-actor hook on a plain instance runs synchronously, in the caller's isolation")
    func regionBoundHookRunsSynchronously() {
        let recorder = PlainRecorder()
        var seen: [String] = []
        let token = PlainRecorder.hooks.log.after(on: recorder) { _, invocation in seen.append(invocation.arguments) }
        _ = recorder.log("one")
        #expect(seen == ["one"])
        let replaced = PlainRecorder.hooks.log.instead(on: recorder) { _, invocation in
            seen.append("instead of \(invocation.arguments)")
            return invocation.proceed() * 10
        }
        #expect(recorder.log("two") == 20)
        #expect(seen == ["one", "instead of two", "two"])
        token.cancel()
        replaced.cancel()
        #expect(recorder.log("three") == 3)
        #expect(seen.count == 3)
    }

    @Test("an instead hook from the main actor answers main-actor calls and steps aside elsewhere")
    func insteadAnswersOnlyOnItsActor() async {
        let cart = IssueSample.Cart()
        let token = IssueSample.Cart.hooks.checkout.instead(on: cart) { _, _ in "replaced" }
        #expect(cart.checkout(total: 3) == "replaced")
        _ = token

        let recorder = SharedRecorder()
        let other = SharedRecorder.hooks.log.instead(on: recorder, options: .onItsActorOnly) { _, _ in 42 }
        #expect(recorder.log("here") == 42)
        let answer = Mutex(0)
        await onBackgroundThread { answer.withLock { $0 = recorder.log("there") } }
        #expect(answer.withLock { $0 } == 1) // the original: the entry count
        _ = other
    }

    @Test("a main-actor closure of a plain instance reached off the main actor traps, naming the gap")
    func regionBoundOffItsActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let recorder = await MainActor.run {
                let recorder = PlainRecorder()
                let token = PlainRecorder.hooks.log.after(on: recorder) { _, _ in MainActor.preconditionIsolated() }
                return UncheckedRecorder(recorder, keeping: token)
            }
            await onBackgroundThread { _ = recorder.recorder.log("off the main actor") }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
        #expect(message.contains("What Swift does not catch"), "\(message)")
    }
}

/// A `Hookable` class that is `Sendable`: its entries are behind a mutex,
/// so that calls may come from any thread.
final class SharedRecorder: Hookable, Sendable {
    struct Hooks {
        let log = HookPoint<SharedRecorder, String, Int>("log(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private let entries = Mutex<[String]>([])

    func log(_ entry: String) -> Int {
        Self.hooks.log.call(self, entry) { recorder, entry in
            recorder.entries.withLock {
                $0.append(entry)
                return $0.count
            }
        }
    }
}

/// A plain `Hookable` class, not `Sendable`, used from one isolation.
final class PlainRecorder: Hookable {
    struct Hooks {
        let log = HookPoint<PlainRecorder, String, Int>("log(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private var entries: [String] = []

    func log(_ entry: String) -> Int {
        Self.hooks.log.call(self, entry) { recorder, entry in
            recorder.entries.append(entry)
            return recorder.entries.count
        }
    }
}

// What the trap test hands to a background thread, which a plain type does
// not allow by itself: the gap the library's check closes.
struct UncheckedRecorder: @unchecked Sendable {
    let recorder: PlainRecorder
    let token: CancellationToken
    init(_ recorder: PlainRecorder, keeping token: CancellationToken) {
        self.recorder = recorder
        self.token = token
    }
}

final class Box: @unchecked Sendable {
    var value = 0
}
