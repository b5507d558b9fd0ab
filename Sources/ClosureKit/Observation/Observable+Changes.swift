#if canImport(Observation)
import Dispatch
import Observation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observable where Self: AnyObject {
    /// The changes of one property of this `@Observable` object, each with
    /// the old and the new value, as an asynchronous sequence.
    ///
    /// ```swift
    /// @Observable @MainActor final class Player { var volume = 0.5 }
    ///
    /// @MainActor
    /// func follow(_ player: Player) async {
    ///     for await change in player.changes(of: \.volume, on: .main) {
    ///         print("volume", change.oldValue!, "->", change.newValue!)
    ///     }
    /// }
    /// ```
    ///
    /// The object must be `Sendable` (a `@MainActor` model is), as for
    /// `onChange(of:on:perform:)`.
    ///
    /// The sequence is the bridge `onChange(of:on:perform:)`: the new value is
    /// read on `queue` after the setting code has finished, and several
    /// changes before the queue runs are one element, from the value before
    /// the first to the value after the last. Each element is a
    /// ``ObservedChange`` of kind ``ObservedChange/Kind/change`` that carries
    /// both values.
    ///
    /// The observation ends when the iterating task is cancelled or the
    /// sequence is dropped. The sequence finishes when the object ends:
    /// during its deinitialisation if it adopts ``Lifetime``, otherwise when
    /// ``ObjectLifetime`` notices the end. See ``EventSequence``.
    ///
    /// - Parameters:
    ///   - keyPath: The property to observe, or any value computed from
    ///     tracked properties.
    ///   - queue: The queue the object is confined to (`.main` for a
    ///     `@MainActor` model); the values are read there.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 changes, unless given.
    /// - Returns: The changes, from this call on.
    public func changes<Value: Sendable>(
        of keyPath: KeyPath<Self, Value>,
        on queue: DispatchQueue,
        buffering: EventBuffering = .default
    ) -> EventSequence<ObservedChange<Value>> where Self: Sendable {
        let shared = ObservedKeyPath(holding: keyPath)
        return EventSequence(buffering: buffering) { feed in
            let changes = onChange(of: keyPath, on: queue) { old, new in
                feed.yield(ObservedChange(keyPath: shared, kind: .change, oldValue: old, newValue: new))
            }
            // The bridge alone would notice the object's end only at a change
            // that never comes; its end of life finishes the sequence, whose
            // termination then cancels both registrations.
            let end = ObjectLifetime.endOf(self) { feed.finish() }
            return CancellationToken {
                changes.cancel()
                end.cancel()
            }
        }
    }
}

extension ObjectLifetime {
    /// `onEnd(of:perform:)`, deterministic for an adopter of ``Lifetime``
    /// whose static type the caller does not know.
    static func endOf(_ object: AnyObject, perform body: @escaping @Sendable () -> Void) -> CancellationToken {
        if let owner = object as? any Lifetime {
            return owner.onEnd(perform: body)
        }
        return onEnd(of: object, perform: body)
    }
}
#endif
