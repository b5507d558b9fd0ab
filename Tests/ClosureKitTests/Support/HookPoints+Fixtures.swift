import Testing

@testable import ClosureKit

/// Hook-point suites share the fixture types below, and type-wide hooks
/// apply to every instance: the suites run one test at a time.
@Suite("Hook points", .serialized)
struct HookPointSuites {}

/// A type with hook points, for the hook-point tests.
class Recorder: Hookable, @unchecked Sendable {
    struct Hooks {
        let record = HookPoint<Recorder, String, Int>("record(_:)")
        let reset = HookPoint<Recorder, Void, Void>("reset()")
        let end = EndOfLifeHookPoint<Recorder>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let name: String
    let log: Probe
    private let state = Locked<[String]>([])
    var entries: [String] { state.withLock { $0 } }

    init(_ name: String, log: Probe) {
        self.name = name
        self.log = log
    }

    deinit { Self.hooks.end.fire(self) }

    /// Appends `entry` and returns the new count.
    func record(_ entry: String) -> Int {
        Self.hooks.record.call(self, entry) { recorder, entry in
            recorder.log.record("original \(recorder.name) \(entry)")
            return recorder.state.withLock { entries in
                entries.append(entry)
                return entries.count
            }
        }
    }

    func reset() {
        Self.hooks.reset.call(self, ()) { recorder, _ in recorder.state.withLock { $0.removeAll() } }
    }
}

/// A subclass, for type-wide scoping.
final class LoudRecorder: Recorder, @unchecked Sendable {}
