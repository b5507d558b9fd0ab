internal import ClosureKitShims

/// The Swift runtime entry points the library calls directly, for references
/// that do not own their object. The runtime exports them on every platform;
/// ClosureKitShims declares them, so that the linker resolves them (also in
/// a statically linked executable, where a look-up by name finds nothing):
///
/// - `swift_tryRetain`: retains an object unless its deinitialisation has
///   begun, in which case it returns nil and changes nothing.
/// - `swift_isDeallocating`: whether an object's deinitialisation has begun.
/// - `swift_task_isCurrentExecutorWithFlags`: whether the calling thread
///   runs an actor's executor now, answered without a trap (see
///   ``isRunning(on:)``).
///
/// What they are for: the delay heap refers to each pending delay, which is
/// also the token its owner holds, without retaining it, and retains it at
/// its deadline only if its owner still holds it (``UnretainedDelayEntries``);
/// on Linux, the side table pins the objects it describes with unowned
/// references and sweeps those that have ended
/// (``PinnedOwnerReference``: 50% on `association.read.any`, 289 instructions
/// against 573 with a weak reference, which gives every owner a side table).
/// A pending delay is one allocation: the heap does not own the record that
/// is also the token. Self-tests: `TimerCoreTests`,
/// `SideTableOwnerReferenceTests`, `ActorExecutorCheckTests`.
enum SwiftRuntime {
    /// Retains `object` and returns it as a strong reference, or returns nil
    /// if its deinitialisation has begun. The caller must guarantee that the
    /// object's memory is still allocated (its `deinit` cannot finish
    /// meanwhile).
    @inline(__always)
    static func tryRetain<Object: AnyObject>(_ object: Unmanaged<Object>) -> Object? {
        guard closurekit_try_retain(object.toOpaque()) != nil else { return nil }
        return object.takeRetainedValue()
    }

    /// Whether the object at `object`, whose memory an unowned reference
    /// keeps allocated, has begun (or finished) its deinitialisation.
    @inline(__always)
    static func isDeallocating(_ object: UnsafeMutableRawPointer) -> Bool {
        closurekit_is_deallocating(object)
    }

    #if DEBUG
    /// For tests only (debug builds): while true in the current task,
    /// ``isRunning(on:)`` answers false, as it does where the runtime cannot
    /// tell (an Apple runtime older than macOS 26, a custom executor that does
    /// not implement `isIsolatingCurrentContext()`), so that a test on Linux
    /// takes that fallback path (`ExecutorCheckFallbackTests`). A task-local
    /// value rather than a global flag, so that tests running in parallel in
    /// other tasks keep the real answer. Release builds have no such switch.
    @TaskLocal static var simulatesMissingExecutorCheck = false
    #endif

    /// Whether the calling thread runs `actor`'s executor now: code of
    /// `actor`, or nonisolated synchronous code that such code called. Never
    /// traps: where the runtime cannot tell (a custom executor that does not
    /// implement `isIsolatingCurrentContext()`, an Apple runtime older than
    /// macOS 26 and its siblings) the answer is false.
    ///
    /// The one public way to ask is `Task.immediate`, which starts a task to
    /// learn it; an answering closure needs the answer before it is claimed,
    /// with no task left behind when it is no. The executor reference is read
    /// as the two words of the `@frozen` `UnownedSerialExecutor` (identity
    /// and implementation), which the runtime takes; `ActorExecutorCheckTests`
    /// is the self-test (true on the actor and in code it calls, false in a
    /// detached task, another actor and a plain thread, no trap for a custom
    /// executor).
    static func isRunning(on actor: any Actor) -> Bool {
        #if DEBUG
        if simulatesMissingExecutorCheck { return false }
        #endif
        let executor = actor.unownedExecutor
        precondition(
            MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<UInt>.size,
            "ClosureKit: UnownedSerialExecutor changed layout on this toolchain")
        let (identity, implementation) = withUnsafeBytes(of: executor) { bytes in
            (
                bytes.load(as: UnsafeMutableRawPointer?.self),
                bytes.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
            )
        }
        return closurekit_is_current_executor(identity, implementation)
    }

    /// Whether ``isRunning(on:)``'s "no" for `actor` is exact: the runtime
    /// was asked, and `actor` runs on the default executor of an actor (the
    /// executor's implementation word is zero), which the runtime checks
    /// without asking the executor. Where this is false, a "no" may mean
    /// "cannot tell" (a custom executor, an Apple runtime older than the 26
    /// releases), and only the executor's own trapping check
    /// (`preconditionIsolated`) can decide.
    static func answersExactly(for actor: any Actor) -> Bool {
        #if DEBUG
        if simulatesMissingExecutorCheck { return false }
        #endif
        guard closurekit_can_check_executor() else { return false }
        return withUnsafeBytes(of: actor.unownedExecutor) {
            $0.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) == 0
        }
    }
}
