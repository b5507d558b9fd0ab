internal import ClosureKitShims

/// The Swift runtime's entry points the library calls directly (declared by ClosureKitShims, so that the linker
/// resolves them, also in a statically linked executable). Each caller states why its object's memory is
/// allocated; ``isRunning(on:)`` and ``answersExactly(for:)`` have no safe spelling that answers without a trap
/// or a task. Self-tests: `TimerCoreTests`, `SideTableOwnerReferenceTests`, `ActorExecutorCheckTests`.
enum SwiftRuntime {
    /// `swift_tryRetain`: `object` retained, or nil if its deinit has begun; the caller keeps its memory allocated.
    @inline(__always)
    static func tryRetain<Object: AnyObject>(_ object: Unmanaged<Object>) -> Object? {
        guard closurekit_try_retain(object.toOpaque()) != nil else { return nil }
        return object.takeRetainedValue()
    }

    /// `swift_isDeallocating`: whether the object at `object`, whose memory an unowned reference keeps
    /// allocated, has begun (or finished) its deinitialisation.
    @inline(__always)
    static func isDeallocating(_ object: UnsafeMutableRawPointer) -> Bool {
        closurekit_is_deallocating(object)
    }

    /// `swift_task_isCurrentExecutorWithFlags`, which never traps: whether the calling thread runs `actor`'s
    /// executor now; false where the runtime cannot tell (a custom executor without `isIsolatingCurrentContext()`,
    /// an Apple runtime before the 26 releases). Sound because `UnownedSerialExecutor` is `@frozen`: its two words
    /// (identity, implementation) are what the runtime takes, checked by the size precondition.
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

    /// Whether ``isRunning(on:)``'s "no" is exact: the runtime can check, and `actor` runs on an actor's default
    /// executor (implementation word zero), which the runtime checks without asking the executor.
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
