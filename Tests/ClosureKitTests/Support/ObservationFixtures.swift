import ClosureKit
import Dispatch

// Observable types shared by the observation tests. They are `@unchecked
// Sendable` because observable properties are guarded by the object's lock.

final class ObservedAddress: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var city: String

    init(city: String) {
        self.city = city
    }
}

final class ObservedPerson: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var name: String
    @ObservableProperty var address: ObservedAddress

    init(name: String, city: String) {
        self.name = name
        self.address = ObservedAddress(city: city)
    }
}

class ObservedAccount: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var balance = 0
    @ObservableProperty var owner: ObservedPerson
    @ObservableProperty var nickname: String? = nil
    @ObservableProperty var tags: [String] = []
    /// Not observable: never notifies.
    var plain = 0
    /// Not observable, but holds an observable object: a path through it
    /// cannot be observed.
    var plainOwner = ObservedPerson(name: "Cy", city: "Rome")
    /// An optional observable link.
    @ObservableProperty var coOwner: ObservedPerson? = nil

    /// A computed property that reads an observable one.
    var balanceText: String { "\(balance) €" }

    init(owner: ObservedPerson = ObservedPerson(name: "Ada", city: "London")) {
        self.owner = owner
    }

    /// Runs when the account ends, to prove when deinitialisation happens.
    var onDeinit: (@Sendable () -> Void)?
    deinit { onDeinit?() }
}

final class ObservedSavingsAccount: ObservedAccount, @unchecked Sendable {
    @ObservableProperty var rate = 0.01
}

/// A value that is not Equatable.
struct ObservedOpaque: Sendable {
    var raw: Int
}

final class ObservedHolder: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var opaque = ObservedOpaque(raw: 0)
    @ObservableProperty var count = 0
}

/// Collects what callbacks received, from any thread.
final class ObservationLog<Entry: Sendable>: @unchecked Sendable {
    private let lock = ObservationTestLock()
    private var storage: [Entry] = []

    func append(_ entry: Entry) {
        lock.withLock { storage.append(entry) }
    }

    var entries: [Entry] {
        lock.withLock { storage }
    }

    var count: Int { entries.count }
}

/// A tiny lock for the tests, so that they need neither Foundation nor the
/// library's internals.
final class ObservationTestLock: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}
