import ClosureKit
import Dispatch
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The three forms of `observe`, each pinned: Swift picks one from the types
// (see KeyPathObservable+Observe.swift), and each runs its closure where the
// rule of the Isolation article says.

/// A model as an app declares it: a plain class, not `Sendable`.
final class PlainObservedModel: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var value = 0
    @ObservableProperty var child = PlainObservedChild(name: "a")
}

/// An observable object reached through ``PlainObservedModel/child``.
final class PlainObservedChild: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var name: String

    init(name: String) {
        self.name = name
    }
}

/// A value that is not `Sendable`: it holds a plain class.
struct ObservedNote {
    final class Attachment {}
    var text: String
    var attachment: Attachment?
}

/// A `Sendable` object (it guards its state) whose value is not `Sendable`.
final class ObservedNoteHolder: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var note = ObservedNote(text: "", attachment: nil)
}

/// The thread that runs this, as text (which is `Sendable` on every
/// platform).
private func currentThread() -> String {
    "\(pthread_self())"
}

/// Runs `body` in a detached task while the calling thread waits, without
/// letting the caller's actor run anything else meanwhile: what `body`
/// enqueues to the main actor waits until the caller's next suspension.
private func blockingOnDetachedTask(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        body()
        done.signal()
    }
    done.wait()
}

@Suite("Observation of an object that is not Sendable: the region form")
struct ObservationRegionFormTests {
    @Test("from nonisolated code the closure captures a local var and runs synchronously on the setting thread")
    func nonisolatedLocalVariable() {
        let model = PlainObservedModel()
        let setter = currentThread()
        var seen: [Int] = []
        var threads: Set<String> = []
        let token = model.observe(\.value, options: [.initial, .new]) { _, change in
            seen.append(change.newValue!)
            threads.insert(currentThread())
        }
        #expect(seen == [0])
        model.value = 1
        model.value = 2
        #expect(seen == [0, 1, 2])
        #expect(threads == [setter])
        #expect(token.cancel())
        model.value = 3
        #expect(seen == [0, 1, 2])
    }

    @Test("on a thread of its own, a model and its observer work together there")
    func onBackgroundThreadOfItsOwn() async {
        let result = ObservationLog<String>()
        await onBackgroundThread {
            let model = PlainObservedModel()
            var count = 0
            let token = model.observe(\.value) { _, _ in count += 1 }
            model.value = 1
            model.value = 1
            result.append("\(count)")
            withExtendedLifetime(token) {}
        }
        #expect(result.entries == ["2"])
    }

    @Test("nested paths, prior and once keep their behaviour in the region form")
    func nestedPriorOnce() {
        let model = PlainObservedModel()
        var log: [String] = []
        let names = model.observe(\.child.name, options: [.old, .new]) { _, change in
            log.append("\(change.oldValue!) -> \(change.newValue!)")
        }
        model.child.name = "b"
        model.child = PlainObservedChild(name: "c")
        #expect(log == ["a -> b", "b -> c"])
        var prior: [String] = []
        let once = model.observe(\.value, options: [.prior, .old, .new, .once]) { _, change in
            prior.append("\(change.kind) \(change.oldValue.map(String.init) ?? "nil")")
        }
        model.value = 5
        model.value = 6
        #expect(prior == ["prior 0"])
        #expect(once.cancel() == false)
        withExtendedLifetime(names) {}
    }

    @Test("several key paths, of one type and of different types, in the region form")
    func severalKeyPaths() {
        let model = PlainObservedModel()
        var log: [String] = []
        let same = model.observe([\.value, \.value] as [KeyPath<PlainObservedModel, Int>]) { _, change in
            log.append("same \(change.kind)")
        }
        let mixed = model.observe([\PlainObservedModel.value, \PlainObservedModel.child.name], options: .new) {
            _, change in log.append("mixed \(change.newValue!)")
        }
        model.value = 1
        model.child.name = "z"
        #expect(log == ["same change", "same change", "mixed 1", "mixed z"])
        withExtendedLifetime((same, mixed)) {}
    }
}

@Suite("Observation of an object that is not Sendable, from the main actor")
@MainActor
struct ObservationRegionFormMainActorTests {
    /// A view model that observes the plain model it owns, and changes its
    /// own state from the closure.
    @MainActor
    final class ViewModel {
        var total = 0
        var names: [String] = []
        var tokens = Set<CancellationToken>()
        let model = PlainObservedModel()

        func bind() {
            model.observe(\.value, options: .new) { _, change in
                self.total += change.newValue!
            }.store(in: &tokens)
            model.observe(\.child.name, options: [.initial, .new]) { _, change in
                self.names.append(change.newValue!)
            }.store(in: &tokens)
        }
    }

    @Test("a main-actor view model observing its plain model runs each callback before the set returns")
    func viewModelOwnsItsModel() {
        let viewModel = ViewModel()
        defer { viewModel.tokens.removeAll() } // the closures capture the view model
        viewModel.bind()
        #expect(viewModel.names == ["a"]) // .initial, before observe returned
        viewModel.model.value = 3
        #expect(viewModel.total == 3)
        viewModel.model.value = 4
        #expect(viewModel.total == 7)
        viewModel.model.child = PlainObservedChild(name: "b")
        #expect(viewModel.names == ["a", "b"])
    }

    @Test("a local var of a main-actor function counts synchronously")
    func localVariable() {
        let model = PlainObservedModel()
        var count = 0
        let token = model.observe(\.value) { _, _ in count += 1 }
        model.value = 1
        model.value = 2
        #expect(count == 2)
        _ = token
    }
}

@Suite("Observation of a Sendable object and value, from the main actor: the Sendable form")
@MainActor
struct ObservationSendableFormTests {
    @Test("a set on the main actor runs the closure at once; one from a detached task is enqueued to the main actor")
    func enqueuedFromDetachedTask() async {
        let holder = ObservedHolder()
        var received: [Int] = [] // main-actor state
        let token = holder.observe(\.count, options: .new) { _, change in received.append(change.newValue!) }
        holder.count = 1
        #expect(received == [1])
        blockingOnDetachedTask { holder.count = 2 }
        // The change waits for the main actor, which was blocked meanwhile.
        #expect(received == [1])
        #expect(await untilMainActor { received == [1, 2] })
        token.cancel()
    }

    @Test("cancelling the token drops the changes that wait for the main actor")
    func cancelDropsWaitingChanges() async {
        let holder = ObservedHolder()
        var received: [Int] = []
        let token = holder.observe(\.count, options: .new) { _, change in received.append(change.newValue!) }
        blockingOnDetachedTask {
            holder.count = 1
            holder.count = 2
        }
        #expect(token.cancel())
        #expect(await untilMainActor({ !received.isEmpty }, limit: 1_000) == false)
    }

    @Test("the same for a value that is not Equatable, and for several key paths of one type")
    func nonEquatableAndSeveral() async {
        let holder = ObservedHolder()
        var received: [String] = []
        let opaque = holder.observe(\.opaque, options: .new) { _, change in
            received.append("raw \(change.newValue!.raw)")
        }
        let several = holder.observe([\.count, \.count] as [KeyPath<ObservedHolder, Int>], options: .new) {
            _, change in received.append("count \(change.newValue!)")
        }
        blockingOnDetachedTask {
            holder.opaque = ObservedOpaque(raw: 7)
            holder.count = 8
        }
        #expect(received.isEmpty)
        #expect(await untilMainActor { received.count == 3 })
        #expect(received == ["raw 7", "count 8", "count 8"])
        withExtendedLifetime((opaque, several)) {}
    }
}

@Suite("Observation of a Sendable object whose value is not Sendable: the nonisolated form")
@MainActor
struct ObservationNonisolatedFormTests {
    @Test("written on the main actor, the closure is nonisolated and runs on the setting thread")
    func runsOnSettingThread() {
        let holder = ObservedNoteHolder()
        let log = ObservationLog<String>()
        let token = holder.observe(\.note, options: .new) { _, change in
            log.append("\(change.newValue!.text) on \(currentThread())")
        }
        let setter = ObservationLog<String>()
        blockingOnBackgroundThread {
            setter.append(currentThread())
            holder.note = ObservedNote(text: "hi", attachment: .init())
        }
        // Delivered before the set returned, on its thread, while the main
        // actor was blocked.
        #expect(log.entries == ["hi on \(setter.entries[0])"])
        token.cancel()
    }

    @Test("a closure marked @MainActor traps at the registration, naming what to do")
    func explicitlyIsolatedClosureTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ObservedNoteHolder().observe(\.note) { @MainActor _, _ in }
        }
        let message = trapMessage(result)
        #expect(message.contains("ClosureKit: an observer of \\ObservedNoteHolder."), "\(message)")
        #expect(message.contains("receives values that are not Sendable, so it cannot run on MainActor"))
        #expect(!message.contains("0x"), "\(message)")
    }
}
