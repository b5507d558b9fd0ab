@testable import ClosureKit

/// A control for the control-event tests: a button with a title.
class ControlTestButton: EventControl, @unchecked Sendable {
    let controlEventStorage = ControlEventStorage()
    let title: String

    init(title: String = "OK") {
        self.title = title
    }
}

/// A subclass, to check that handlers receive the receiver's own type.
final class ControlTestToggleButton: ControlTestButton, @unchecked Sendable {
    var isOn = false
}

/// A control whose ends are observable: it reports its deinit.
final class ControlTestSlider: EventControl, @unchecked Sendable {
    let controlEventStorage = ControlEventStorage()
    let value: Int
    let onDeinit: @Sendable () -> Void

    init(value: Int = 0, onDeinit: @escaping @Sendable () -> Void = {}) {
        self.value = value
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}

/// A thread-safe record of what handlers did, in order.
final class ControlEventsLog: @unchecked Sendable {
    private let state = Locked<[String]>([])

    func append(_ entry: String) {
        state.withLock { $0.append(entry) }
    }

    var entries: [String] {
        state.withLock { $0 }
    }

    func count(of entry: String) -> Int {
        state.withLock { $0.filter { $0 == entry }.count }
    }
}

/// An object a handler captures, so that tests can see when the handler is
/// released. Its deinit runs `onDeinit`.
final class ControlEventsSentinel: @unchecked Sendable {
    let onDeinit: @Sendable () -> Void

    init(onDeinit: @escaping @Sendable () -> Void = {}) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}

/// A place for a token that its own handler (or another) reads.
final class ControlTokenSlot: @unchecked Sendable {
    private let state = Locked<CancellationToken?>(nil)

    var token: CancellationToken? {
        get { state.withLock { $0 } }
        set {
            // The replaced token is released (and so cancelled) after the lock.
            let old = state.withLock { token -> CancellationToken? in
                defer { token = newValue }
                return token
            }
            _ = old
        }
    }
}

/// Sends nothing twice when `condition` holds. A handler list serves a send
/// from its cached snapshot from the second send after a change on, and the
/// first one without it; tests that take `fromCachedSnapshot` check their rule
/// on both paths.
func warmUp(_ control: some EventControl, if condition: Bool) {
    guard condition else { return }
    control.sendEvents([])
    control.sendEvents([])
}
