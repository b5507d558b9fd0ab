import ClosureKit
import Dispatch
import Testing

/// Three observable counters, set from several threads by the tests below.
private final class ObservedTriple: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var first = 0
    @ObservableProperty var second = 0
    @ObservableProperty var third = ""
    @ObservableProperty var fourth = 0
}

/// The name of the key path a change is for.
private func name(_ keyPath: AnyKeyPath) -> String {
    switch keyPath {
    case \ObservedTriple.first: "first"
    case \ObservedTriple.second: "second"
    case \ObservedTriple.third: "third"
    case \ObservedTriple.fourth: "fourth"
    default: "other"
    }
}

@Suite("Dropping one key path of an observation of several")
struct KeyPathObservationTokenTests {
    @Test("cancel(_:) stops one key path of three and the others keep delivering")
    func dropOneOfThree() throws {
        let triple = ObservedTriple()
        let log = ObservationLog<String>()
        let token = triple.observe([\ObservedTriple.first, \ObservedTriple.second, \ObservedTriple.third]) {
            _, change in
            log.append(name(change.keyPath))
        }
        triple.first = 1
        triple.second = 1
        triple.third = "a"
        #expect(token.cancel(\.second) == true)
        #expect(token.cancel(\.second) == false)
        triple.first = 2
        triple.second = 2
        triple.third = "b"
        #expect(log.entries == ["first", "second", "third", "first", "third"])
        #expect(token.isCancelled == false)
        // The token still ends the others.
        #expect(token.cancel() == true)
        triple.first = 3
        triple.third = "c"
        #expect(log.count == 5)
    }

    @Test("the typed forms return the same token: one type, Equatable or not")
    func typedForms() throws {
        let account = ObservedAccount()
        let holder = ObservedHolder()
        let log = ObservationLog<String>()
        let balances = account.observe([\.balance, \.owner.name.count], options: [.new, .skippingEqualValues]) {
            _, change in log.append("balance \(change.newValue!)")
        }
        let opaque = holder.observe([\.opaque], options: .new) { _, change in
            log.append("opaque \(change.newValue!.raw)")
        }
        #expect(balances.cancel(\.owner.name.count) == true)
        account.owner.name = "Grace"
        account.balance = 5
        account.balance = 5
        holder.opaque = ObservedOpaque(raw: 7)
        #expect(opaque.cancel(\.opaque) == true)
        holder.opaque = ObservedOpaque(raw: 8)
        #expect(log.entries == ["balance 5", "opaque 7"])
        withExtendedLifetime(balances) {}
    }

    @Test("dropping every key path ends the whole registration")
    func dropAll() throws {
        let triple = ObservedTriple()
        let log = ObservationLog<String>()
        let token = triple.observe([\.first, \.second]) { _, change in log.append(name(change.keyPath)) }
        #expect(token.cancel(\.first) == true)
        #expect(token.isCancelled == false)
        #expect(token.cancel(\.second) == true)
        #expect(token.isCancelled == true)
        #expect(token.cancel() == false)
        triple.first = 1
        triple.second = 1
        #expect(log.entries.isEmpty)
    }

    @Test("a key path given twice is dropped both times; after cancel() nothing is left to drop")
    func duplicatesAndAfterCancel() throws {
        let triple = ObservedTriple()
        let log = ObservationLog<String>()
        let token = triple.observe([\.first, \.first, \.second]) { _, change in log.append(name(change.keyPath)) }
        triple.first = 1
        #expect(log.entries == ["first", "first"])
        #expect(token.cancel(\.first) == true)
        triple.first = 2
        triple.second = 2
        #expect(log.entries == ["first", "first", "second"])
        #expect(token.cancel() == true)
        #expect(token.cancel(\.second) == false)
    }

    @Test("a key path can be dropped from inside the observation's own closure")
    func dropFromCallback() throws {
        let triple = ObservedTriple()
        let log = ObservationLog<String>()
        let holder = TokenHolder()
        holder.token = triple.observe([\.first, \.second]) { _, change in
            log.append(name(change.keyPath))
            holder.token?.cancel(\.first)
        }
        triple.first = 1
        triple.first = 2
        triple.second = 1
        #expect(log.entries == ["first", "second"])
        holder.token = nil
    }

    @Test("dropping a key path the registration does not observe traps, naming it")
    func unknownKeyPathTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let triple = ObservedTriple()
                let token = triple.observe([\.first, \.second]) { _, _ in }
                token.cancel(\.third)
            }
        )
        let message = trapMessage(result)
        #expect(message.contains("is not a key path of this token's observation"), "\(message)")
        // Key paths describe themselves as Swift prints them, with no
        // address: a wrapped property by its root and value types where Swift
        // prints no name (`\ObservedTriple.<computed String>`).
        #expect(
            message.contains("\\ObservedTriple.third is not") || message.contains("<computed String> is not"),
            "\(message)")
        #expect(!message.contains("0x"), "\(message)")
    }

    @Test("dropping one key path of three while another thread writes all three")
    func dropWhileWriting() throws {
        let triple = ObservedTriple()
        let counts = ObservationLog<String>()
        // Sets of `second` made after the writer saw the drop carry negative
        // values: their dispatch starts after cancel(_:) returned, so none may
        // reach the closure.
        let late = ObservationLog<Int>()
        let token = triple.observe([\ObservedTriple.first, \ObservedTriple.second, \ObservedTriple.third]) {
            triple, change in
            counts.append(name(change.keyPath))
            if change.keyPath == \ObservedTriple.second, triple.second < 0 { late.append(triple.second) }
        }
        let dropped = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let answers = ObservationLog<Bool>()
        let sets = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                var sawDrop = false
                for index in 1...sets {
                    if index == 100 { started.signal() }
                    if !sawDrop, index > 100 {
                        // Half way, wait for the drop, so that the writer
                        // runs on both sides of it.
                        let deadline: DispatchTime = index == sets / 2 ? .distantFuture : .now()
                        sawDrop = dropped.wait(timeout: deadline) == .success
                    }
                    triple.first = index
                    triple.second = sawDrop ? -index : index
                    triple.third = "\(index)"
                }
            } else {
                started.wait()
                answers.append(token.cancel(\.second))
                dropped.signal()
            }
        }
        #expect(answers.entries == [true])
        #expect(late.entries.isEmpty)
        // The other two delivered every set; the dropped one at most as many.
        let entries = counts.entries
        #expect(entries.filter { $0 == "first" }.count == sets)
        #expect(entries.filter { $0 == "third" }.count == sets)
        #expect(entries.filter { $0 == "second" }.count < sets)
        // And they go on delivering.
        triple.first = 0
        triple.second = 0
        triple.third = ""
        #expect(counts.entries.suffix(2) == ["first", "third"])
        withExtendedLifetime(token) {}
    }
}

@Suite("Dropping one key path: a closure that runs on the main actor")
@MainActor
struct KeyPathObservationTokenMainActorTests {
    @Test("a change that waits for the main actor is not delivered once its key path is dropped; the others are")
    func waitingChangeOfDroppedKeyPath() async throws {
        let triple = ObservedTriple()
        var log: [String] = [] // main-actor state, changed from the closure
        // Key paths of one `Sendable` type, typed as such: the closure runs on
        // the main actor. (As `[PartialKeyPath]`, the values would be `Any`,
        // which may not cross, and the closure would be nonisolated.)
        let paths: [KeyPath<ObservedTriple, Int>] = [\.first, \.second, \.fourth]
        let token = triple.observe(paths) { _, change in log.append(name(change.keyPath)) }
        // Sent from another thread, the changes wait for the main actor ...
        blockingOnBackgroundThread {
            triple.first = 1
            triple.second = 1
            triple.fourth = 1
        }
        #expect(log.isEmpty)
        // ... which drops one key path before they run.
        #expect(token.cancel(\.second) == true)
        #expect(await untilMainActor { log.count >= 2 })
        for _ in 0..<100 { await Task.yield() }
        #expect(log == ["first", "fourth"])
        // The others keep delivering; the dropped one does not.
        await onBackgroundThread {
            triple.second = 2
            triple.fourth = 2
        }
        #expect(await untilMainActor { log.count >= 3 })
        for _ in 0..<100 { await Task.yield() }
        #expect(log == ["first", "fourth", "fourth"])
        token.cancel()
    }

    @Test("key paths of different types of a Sendable object reach a nonisolated closure on the setting thread")
    func severalTypesOfSendableObjectRunOnTheSetter() async {
        let triple = ObservedTriple()
        let log = ObservationLog<String>()
        // Written on the main actor, the closure is nonisolated: its values
        // are `Any`, which may not cross to the main actor.
        let token = triple.observe([\ObservedTriple.first, \ObservedTriple.third]) { _, change in
            log.append(name(change.keyPath))
        }
        blockingOnBackgroundThread {
            triple.first = 1
            triple.third = "a"
        }
        // Delivered on the setting thread, while the main actor was blocked.
        #expect(log.entries == ["first", "third"])
        token.cancel()
    }
}

/// Holds a token that the observation's own closure reads.
private final class TokenHolder: @unchecked Sendable {
    private let lock = ObservationTestLock()
    private var stored: KeyPathObservationToken<ObservedTriple>?

    var token: KeyPathObservationToken<ObservedTriple>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
