import ClosureKit
import Dispatch
import Testing

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
