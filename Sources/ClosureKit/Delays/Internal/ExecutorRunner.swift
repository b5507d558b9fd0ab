/// Runs jobs on a Swift concurrency executor named by a ``DelayExecutor``.
class ExecutorRunner: @unchecked Sendable {
    func submit(_ job: @escaping @Sendable () -> Void) {
        job()
    }
}

/// Runs jobs on a serial executor, through an actor whose executor it is.
final class SerialExecutorRunner: ExecutorRunner, @unchecked Sendable {
    private let actor: ExecutorActor

    init(_ executor: any SerialExecutor) {
        actor = ExecutorActor(executor: executor)
    }

    override func submit(_ job: @escaping @Sendable () -> Void) {
        let actor = self.actor
        Task { await actor.run(job) }
    }
}

/// An actor that runs on the executor it is given.
private actor ExecutorActor {
    let executor: any SerialExecutor

    init(executor: any SerialExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func run(_ job: @Sendable () -> Void) {
        job()
    }
}

/// Runs jobs on a task executor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class TaskExecutorRunner: ExecutorRunner, @unchecked Sendable {
    private let executor: any TaskExecutor

    init(_ executor: any TaskExecutor) {
        self.executor = executor
    }

    override func submit(_ job: @escaping @Sendable () -> Void) {
        Task(executorPreference: executor) { job() }
    }
}
