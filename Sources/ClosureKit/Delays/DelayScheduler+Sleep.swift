extension DelayScheduler {
    /// Suspends the current task until `delay` has passed on the scheduler's
    /// clock.
    ///
    /// ```swift
    /// try await scheduler.sleep(for: .milliseconds(250))
    /// ```
    ///
    /// The wait is a pending delay like any other (no task is parked on a
    /// timer of its own). Cancelling the task cancels the delay at once and
    /// the call throws `CancellationError`; a task that is already cancelled
    /// throws without waiting.
    ///
    /// - Parameter delay: How long to wait.
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(for delay: Duration) async throws {
        try await sleep(untilTicks: deadlineTicks(after: delay))
    }

    /// Suspends the current task until `deadline` on the scheduler's clock.
    ///
    /// - Parameter deadline: When to resume.
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: C.Instant) async throws {
        try await sleep(untilTicks: ticks(of: deadline))
    }

    func sleep(untilTicks deadline: Int64) async throws {
        try await core.sleep(untilTicks: deadline)
    }
}

extension TimerCore {
    /// The suspension behind every `sleep`: a pending inline delay that
    /// resumes the continuation, and a task-cancellation handler that cancels
    /// the delay and resumes with `CancellationError`. Exactly one of them
    /// resumes.
    func sleep(untilTicks deadline: Int64) async throws {
        try Task.checkCancellation()
        let waiter = SleepWaiter()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let record = DelayRecord(core: self, target: nil) { waiter.resume(throwing: nil) }
                if lock.withLock({ insertLocked(record, deadline: deadline) }) { earliestDeadlineChanged() }
                waiter.install(continuation, token: record)
            }
        } onCancel: {
            waiter.resume(throwing: CancellationError())
        }
    }
}

/// Who resumes a sleeping task: the delay or the cancellation, whichever
/// comes first.
private final class SleepWaiter: @unchecked Sendable {
    private struct State {
        var continuation: UnsafeContinuation<Void, any Error>?
        var token: CancellationToken?
        /// Set by whichever came first; the continuation is resumed with it
        /// as soon as it is installed.
        var outcome: Result<Void, any Error>?
        var resumed = false
    }

    private let state = Locked(State())

    func install(_ continuation: UnsafeContinuation<Void, any Error>, token: CancellationToken) {
        let ready = state.withLock { state -> (Result<Void, any Error>, CancellationToken?)? in
            if let outcome = state.outcome {
                state.resumed = true
                return (outcome, token)
            }
            state.continuation = continuation
            state.token = token
            return nil
        }
        if let (outcome, token) = ready {
            token?.cancel()
            continuation.resume(with: outcome)
        }
    }

    func resume(throwing error: (any Error)?) {
        let outcome: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
        let ready = state.withLock { state -> (UnsafeContinuation<Void, any Error>, CancellationToken?)? in
            if state.resumed || state.outcome != nil { return nil }
            guard let continuation = state.continuation else {
                state.outcome = outcome
                return nil
            }
            state.resumed = true
            state.continuation = nil
            let token = state.token
            state.token = nil
            return (continuation, token)
        }
        guard let (continuation, token) = ready else { return }
        // Cancelling the token removes a delay that has not fired (after a
        // task cancellation) and breaks the waiter-record cycle either way.
        token?.cancel()
        continuation.resume(with: outcome)
    }
}
