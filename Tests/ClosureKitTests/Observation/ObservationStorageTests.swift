import Dispatch
import Testing

@testable import ClosureKit

/// A class that wrongly shares one storage between its instances.
private final class SharingStorage: KeyPathObservable {
    static let shared = ObservationStorage()
    var observationStorage: ObservationStorage { Self.shared }
    @ObservableProperty var value = 0
}

@Suite("ObservationStorage")
struct ObservationStorageTests {
    @Test("sharing one storage between two objects traps at registration")
    func sharingTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let first = SharingStorage()
                let second = SharingStorage()
                let a = first.observe(\.value) { _, _ in }
                let b = second.observe(\.value) { _, _ in }
                withExtendedLifetime((a, b)) {}
            }
        )
        // The trap names what was wrong.
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("An ObservationStorage belongs to exactly one object"), "\(message)")
    }

    @Test("a set through another object that shares an observed storage traps before any observer runs")
    func setThroughSharingObjectTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let first = SharingStorage()
                let second = SharingStorage()
                // A tracked read gives the second object's property its slot,
                // as a registration's read would before it binds.
                _ = AccessTracking.track { second.value }
                let token = first.observe(\.value) { _, _ in print("delivered") }
                second.value = 1
                withExtendedLifetime(token) {}
            }
        )
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("An ObservationStorage belongs to exactly one object"), "\(message)")
    }

    @Test("removing inside a prior callback prevents the callback after the change")
    func removeInsidePrior() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let box = ObservationTokenBox()
        box.token = account.observe(\.balance, options: .prior) { _, change in
            log.append("\(change.kind)")
            box.token?.cancel()
        }
        account.balance = 1
        #expect(log.entries == ["prior"])
    }

    @Test("sets between registrations reach every current observer, and a removed one no more")
    func setsBetweenRegistrations() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let first = account.observe(\.balance, options: .new) { _, change in log.append("first \(change.newValue!)") }
        // The second and third sets find the observers read by the first.
        account.balance = 1
        account.balance = 2
        account.balance = 3
        let second = account.observe(\.balance, options: .new) { _, change in
            log.append("second \(change.newValue!)")
        }
        account.balance = 4
        account.balance = 5
        _ = first.cancel()
        account.balance = 6
        account.balance = 7
        #expect(
            log.entries == [
                "first 1", "first 2", "first 3", "first 4", "second 4", "first 5", "second 5", "second 6",
                "second 7",
            ])
        withExtendedLifetime(second) {}
    }

    @Test("an observer that hears before sets hears before every set, not only the first")
    func priorOnEverySet() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance, options: [.prior, .old, .new]) { _, change in
            log.append("\(change.kind) \(change.oldValue!) \(change.newValue.map(String.init) ?? "-")")
        }
        account.balance = 1
        account.balance = 2
        account.balance = 3
        #expect(log.entries == ["prior 0 -", "change 0 1", "prior 1 -", "change 1 2", "prior 2 -", "change 2 3"])
        withExtendedLifetime(token) {}
    }

    @Test("an observer that hears before sets of one property leaves the other properties' changes as they were")
    func priorOnOnePropertyOnly() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let nickname = account.observe(\.nickname, options: [.old, .new]) { _, change in
            log.append("nickname \(change.kind) \(change.oldValue! ?? "nil") \(change.newValue! ?? "nil")")
        }
        // Before any observer hears before sets, and after one does (on
        // another property): the same changes, one per set.
        account.nickname = "a"
        let balance = account.observe(\.balance, options: [.prior, .new]) { _, change in
            log.append("balance \(change.kind) \(change.newValue.map(String.init) ?? "-")")
        }
        account.nickname = "b"
        account.balance = 1
        account.nickname = nil
        #expect(
            log.entries == [
                "nickname change nil a", "nickname change a b", "balance prior -", "balance change 1",
                "nickname change b nil",
            ])
        withExtendedLifetime((nickname, balance)) {}
    }

    @Test("a token cancelled on another thread stops later sets on every thread")
    func cancelFromAnotherThread() throws {
        let account = ObservedAccount()
        let log = ObservationLog<String>()
        let token = account.observe(\.balance) { _, _ in log.append("called") }
        DispatchQueue.global().sync { _ = token.cancel() }
        DispatchQueue.concurrentPerform(iterations: 2) { index in account.balance = index }
        #expect(log.count == 0)
        #expect(token.cancel() == false)
    }

    @Test("a one-shot observation runs exactly once when many threads set at once")
    func onceUnderContention() throws {
        let account = ObservedAccount()
        let log = ObservationLog<Int>()
        let direct = account.observe(\.balance, options: [.once, .new]) { _, change in log.append(change.newValue!)
        }
        let nested = account.observe(\.owner.name, options: .once) { _, _ in log.append(-1) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<50 {
                account.balance = thread * 100 + index
                account.owner.name = "n\(index)"
            }
        }
        #expect(log.entries.filter { $0 >= 0 }.count == 1)
        #expect(log.entries.filter { $0 < 0 }.count == 1)
        #expect(direct.cancel() == false)
        #expect(nested.cancel() == false)
    }

    @Test("objects ending on other threads while observed never call back afterwards")
    func endingConcurrently() {
        let log = ObservationLog<String>()
        let ended = ObservationLog<String>()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 {
                var account: ObservedAccount? = ObservedAccount()
                let token = account!.observe(\.owner.address.city) { _, _ in log.append("city") }
                let owner = account!.owner
                // While the account lives, the set reaches its observer.
                owner.address.city = "before"
                account = nil
                owner.address.city = "after"
                if token.cancel() { ended.append("cancelled after end") }
            }
        }
        #expect(log.count == 4 * 100, "one callback per object, for the set before its end")
        #expect(ended.count == 0)
    }
}
