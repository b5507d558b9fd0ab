import Dispatch

/// What hands a delayed closure over when it falls due.
///
/// A closure scheduled from nonisolated code runs where its executor hands it
/// over. One scheduled from an actor runs on that actor whatever the
/// executor: at once when the hand-over happens on the actor (``main`` for
/// the main actor, ``inline`` under ``ManualClock/advance(by:isolation:)``
/// called on the actor), and enqueued to the actor otherwise (see the
/// Isolation article).
///
/// Name it at every scheduling call:
///
/// ```swift
/// let token = DelayScheduler.shared.schedule(after: .seconds(2), on: .main) {
///     banner.hide()
/// }
/// ```
///
/// - ``inline`` hands the closure over on the thread that notices the
///   deadline: the scheduler's timer thread for a real clock, the caller of
///   ``ManualClock/advance(by:isolation:)`` for a manual clock. It is the
///   cheapest, and the one to use in tests, but a slow closure there delays
///   every other delay of that clock.
/// - ``main`` and ``queue(_:)`` submit the closure to a dispatch queue.
/// - ``executor(_:)`` and ``taskExecutor(_:)`` hand it to a Swift concurrency
///   executor.
///
/// Whatever the executor, a delay is checked once more just before its closure
/// runs: cancelling it while it waits for its executor still prevents it.
public struct DelayExecutor: @unchecked Sendable {
    // `target` is nil (inline), a `DispatchQueue` or an `ExecutorRunner`: all
    // immutable and thread-safe, hence the unchecked conformance.
    let target: AnyObject?

    private init(target: AnyObject?) {
        self.target = target
    }

    /// Hands the closure over on the thread that notices the deadline: the
    /// timer thread of a real clock, or the thread that advances a
    /// ``ManualClock``.
    ///
    /// With a manual clock this makes delays fully deterministic: they run
    /// inside ``ManualClock/advance(by:isolation:)``, before it returns (a
    /// delay scheduled from an actor does so when `advance` is called on that
    /// actor, and is enqueued to the actor otherwise).
    public static let inline = DelayExecutor(target: nil)

    /// Hands the closure to the main dispatch queue, which is the main
    /// actor's executor.
    public static var main: DelayExecutor { queue(.main) }

    /// Hands the closure to a dispatch queue.
    ///
    /// Delays that fall due together and target the same queue are submitted
    /// as one job that runs them in deadline order.
    ///
    /// - Parameter queue: The queue, serial or concurrent.
    public static func queue(_ queue: DispatchQueue) -> DelayExecutor {
        DelayExecutor(target: queue)
    }

    /// Hands the closure to a serial executor, such as the custom executor
    /// of one of your actors (for the main actor, use ``main``).
    ///
    /// Create the `DelayExecutor` once and reuse it: each value wraps the
    /// executor in a small object.
    ///
    /// - Parameter executor: The serial executor that runs the closures.
    public static func executor(_ executor: any SerialExecutor) -> DelayExecutor {
        DelayExecutor(target: SerialExecutorRunner(executor))
    }

    /// Hands the closure to a new task that prefers `executor`.
    ///
    /// - Parameter executor: The task executor that runs the closures.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static func taskExecutor(_ executor: any TaskExecutor) -> DelayExecutor {
        DelayExecutor(target: TaskExecutorRunner(executor))
    }

    /// Runs `body` on this executor now: synchronously for ``inline``,
    /// asynchronously for the others.
    func execute(_ body: @escaping @Sendable () -> Void) {
        TimerCore.submit(to: target, body)
    }
}
