import ClosureKit

// A protocol of the tests' own, its proxy, a delegating object and a real
// delegate that records what it receives.

final class Transfer: @unchecked Sendable {
    let name: String
    init(name: String = "transfer") { self.name = name }
}

protocol TransferDelegate: AnyObject {
    func transfer(_ transfer: Transfer, didProgress fraction: Double)
    func transferShouldStart(_ transfer: Transfer) -> Bool
    func transferShouldRetry(_ transfer: Transfer) -> Bool
    func priority(for transfer: Transfer) -> Int
    func title(for transfer: Transfer) -> String
}

extension TransferDelegate {
    func transfer(_ transfer: Transfer, didProgress fraction: Double) {}
    func transferShouldStart(_ transfer: Transfer) -> Bool { true }
    func transferShouldRetry(_ transfer: Transfer) -> Bool { false }
    func priority(for transfer: Transfer) -> Int { 0 }
    func title(for transfer: Transfer) -> String { "default" }
}

final class TransferProxy: SendableDelegateProxy<any TransferDelegate>, SelectorDeclaring, TransferDelegate,
    @unchecked Sendable
{
    struct Selectors {
        let didProgress = MethodSelector<(Transfer, Double), Void>("transfer(_:didProgress:)")
        let shouldStart = MethodSelector<Transfer, Bool>("transferShouldStart(_:)")
        let shouldRetry = MethodSelector<Transfer, Bool>("transferShouldRetry(_:)", combining: .or)
        let priority = MethodSelector<Transfer, Int>("priority(for:)", combining: .custom { $0 + $1 })
        let title = MethodSelector<Transfer, String>("title(for:)")
    }
    static let selectors = Selectors()

    func transfer(_ transfer: Transfer, didProgress fraction: Double) {
        // The `call:` form: the real delegate gets the method's own parameters.
        forward(Self.selectors.didProgress, (transfer, fraction)) { $0.transfer($1.0, didProgress: $1.1) }
    }
    func transferShouldStart(_ transfer: Transfer) -> Bool {
        forward(Self.selectors.shouldStart, transfer, default: true) { $0.transferShouldStart($1) }
    }
    func transferShouldRetry(_ transfer: Transfer) -> Bool {
        forward(Self.selectors.shouldRetry, transfer, default: false) { $0.transferShouldRetry($1) }
    }
    func priority(for transfer: Transfer) -> Int {
        forward(Self.selectors.priority, transfer, default: 0) { $0.priority(for: $1) }
    }
    func title(for transfer: Transfer) -> String {
        forward(Self.selectors.title, transfer, default: "default") { $0.title(for: $1) }
    }
}

/// The delegating object: a weak delegate property, as in most frameworks.
final class TransferOwner: @unchecked Sendable {
    let transfer = Transfer()
    /// Keeps a test's real delegate alive (the proxy holds it weakly).
    var keepAlive: AnyObject?
    private let lock = TestLock()
    private weak var _delegate: (any TransferDelegate)?
    var delegate: (any TransferDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    func progress(_ fraction: Double) { delegate?.transfer(transfer, didProgress: fraction) }
    func shouldStart() -> Bool? { delegate?.transferShouldStart(transfer) }
    func shouldRetry() -> Bool? { delegate?.transferShouldRetry(transfer) }
    func priority() -> Int? { delegate?.priority(for: transfer) }
    func priority(of other: Transfer) -> Int? { delegate?.priority(for: other) }
    func title() -> String? { delegate?.title(for: transfer) }
}

/// An object that adopts Lifetime, so that its proxy ends deterministically.
final class LifetimeTransferOwner: Lifetime, @unchecked Sendable {
    let lifetimeStorage = LifetimeStorage()
    weak var delegate: (any TransferDelegate)?
}

/// A real delegate that records every message and answers with set values.
final class RecordingTransferDelegate: TransferDelegate, @unchecked Sendable {
    private let lock = TestLock()
    private var _log: [String] = []
    var startAnswer = true
    var retryAnswer = false
    var priorityAnswer = 10
    var log: [String] { lock.withLock { _log } }
    func record(_ entry: String) { lock.withLock { _log.append(entry) } }

    func transfer(_ transfer: Transfer, didProgress fraction: Double) { record("real progress \(fraction)") }
    func transferShouldStart(_ transfer: Transfer) -> Bool {
        record("real shouldStart")
        return startAnswer
    }
    func transferShouldRetry(_ transfer: Transfer) -> Bool {
        record("real shouldRetry")
        return retryAnswer
    }
    func priority(for transfer: Transfer) -> Int {
        record("real priority")
        return priorityAnswer
    }
    func title(for transfer: Transfer) -> String {
        record("real title")
        return "real"
    }
}

/// A thread-safe log for closures.
final class DelegateProxyTestLog: @unchecked Sendable {
    private let lock = TestLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
    var count: Int { lock.withLock { entries.count } }
}

/// A value behind a lock, for tests.
final class DelegateProxyTestBox<Value>: @unchecked Sendable {
    private let lock = TestLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

/// A transfer owner whose real delegate records what it receives (and is kept
/// alive by the owner), with a ``TransferProxy`` installed in front of it: the
/// set-up most proxy suites start from.
func installedTransferProxy() -> (TransferOwner, RecordingTransferDelegate, TransferProxy) {
    let owner = TransferOwner()
    let real = RecordingTransferDelegate()
    owner.delegate = real
    owner.keepAlive = real
    return (owner, real, TransferProxy.proxy(for: owner, delegate: \.delegate))
}
