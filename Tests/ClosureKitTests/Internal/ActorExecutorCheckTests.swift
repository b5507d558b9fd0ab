import Dispatch
import Testing

@testable import ClosureKit

/// The self-test of `SwiftRuntime.isRunning(on:)`: the one place where the
/// library asks the concurrency runtime, by its exported entry point, whether
/// the calling thread runs an actor's executor, reading the two words of an
/// `UnownedSerialExecutor` for it. If a toolchain changes either, these fail
/// (or the precondition in the call traps) instead of a closure silently
/// running off its actor or never answering.
@Suite("The runtime's executor check answers exactly and never traps")
struct ActorExecutorCheckTests {
    actor Probe {
        func isRunningHere() -> Bool { SwiftRuntime.isRunning(on: self) }
        func isRunning(on other: any Actor) -> Bool { SwiftRuntime.isRunning(on: other) }
        /// Synchronous nonisolated code that the actor's code calls runs on
        /// the actor too.
        func askedFromNonisolatedHelper() -> Bool { Self.helper(self) }
        nonisolated static func helper(_ probe: Probe) -> Bool { SwiftRuntime.isRunning(on: probe) }
    }

    /// A custom serial executor that implements no isolation check: the
    /// runtime cannot tell whether a plain queue block runs it, and must say
    /// no rather than trap.
    final class QueueExecutor: SerialExecutor, @unchecked Sendable {
        let queue = DispatchQueue(label: "ActorExecutorCheckTests.QueueExecutor")
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
    }

    actor QueueBound {
        static let executor = QueueExecutor()
        nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
        func isRunningHere() -> Bool { SwiftRuntime.isRunning(on: self) }
    }

    @Test("true in the actor's code and in nonisolated code it calls")
    func onTheActor() async {
        let probe = Probe()
        #expect(await probe.isRunningHere())
        #expect(await probe.askedFromNonisolatedHelper())
    }

    @Test("false outside the actor: another actor, a detached task, a plain thread")
    func offTheActor() async {
        let probe = Probe()
        let other = Probe()
        #expect(!SwiftRuntime.isRunning(on: probe))
        #expect(await other.isRunning(on: probe) == false)
        #expect(await Task.detached { SwiftRuntime.isRunning(on: probe) }.value == false)
        let onThread = FlagBox()
        blockingOnBackgroundThread { onThread.value = SwiftRuntime.isRunning(on: probe) }
        #expect(onThread.value == false)
    }

    @Test("a custom executor: true in the actor's code, false (no trap) in a plain block on its queue")
    func customExecutor() async {
        let bound = QueueBound()
        #expect(await bound.isRunningHere())
        #expect(!SwiftRuntime.isRunning(on: bound))
        let inBlock = QueueBound.executor.queue.sync { SwiftRuntime.isRunning(on: bound) }
        #expect(inBlock == false)
    }
}
