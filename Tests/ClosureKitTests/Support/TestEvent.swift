@testable import ClosureKit

/// Something a test awaits: the code under test calls ``signal()`` when it
/// happens, and the test awaits ``wait(count:)``, which returns as soon as
/// the event has happened that many times. No test measures time with it.
///
/// The only clock involved is the hang guard: a wait that nothing ends gives
/// up after `hangGuard` (a minute by default, far beyond any working run, so
/// that a lost event fails the test instead of hanging the run). Reaching it
/// is a bug, never a slow machine.
final class TestEvent: Sendable {
    private struct State {
        var count = 0
        var waiting: [(count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// Records one occurrence, and resumes the waits it completes.
    func signal() {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.count += 1
            let count = state.count
            let ready = state.waiting.filter { $0.count <= count }.map(\.continuation)
            state.waiting.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// How many times the event happened.
    var count: Int { state.withLock { $0.count } }

    /// Waits until the event has happened `count` times; returns false only
    /// if the hang guard ran out first.
    func wait(count: Int = 1, hangGuard: Duration = .seconds(60)) async -> Bool {
        let guardTask = Task {
            // Cancelled when the wait ends: then it gives nothing up.
            do { try await Task.sleep(for: hangGuard) } catch { return }
            let given = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
                defer { state.waiting.removeAll() }
                return state.waiting.map(\.continuation)
            }
            for continuation in given { continuation.resume(returning: false) }
        }
        defer { guardTask.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let now = state.withLock { state -> Bool in
                if state.count >= count { return true }
                state.waiting.append((count, continuation))
                return false
            }
            if now { continuation.resume(returning: true) }
        }
    }
}

/// Yields until `condition` holds, for what no event can report (a task that
/// started waiting inside the library, say); returns false only if the hang
/// guard ran out first. Each look follows a `Task.yield()`, never a sleep:
/// what the condition waits for runs as soon as the cooperative pool gives
/// it a thread.
func eventually(hangGuard: Duration = .seconds(60), _ condition: @Sendable () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let giveUp = clock.now.advanced(by: hangGuard)
    while !condition() {
        if clock.now > giveUp { return false }
        await Task.yield()
    }
    return true
}
