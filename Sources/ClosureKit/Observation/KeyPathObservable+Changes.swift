extension KeyPathObservable {
    /// The changes of the value at `keyPath`, as an asynchronous sequence.
    ///
    /// ```swift
    /// for await change in settings.changes(of: \.volume, options: [.initial, .new, .skippingEqualValues]) {
    ///     print("volume is", change.newValue!)
    /// }
    /// ```
    ///
    /// The sequence is an observation registered with
    /// `observe(_:options:_:)`, with the same options and the same rules for
    /// key paths (one that cannot be observed traps here); each change it
    /// would pass to a closure is an element, handed over on the setting
    /// thread, so the values must be `Sendable` but the object need not be. It
    /// differs in one default: `options` is `.new`, so that each change
    /// carries the new value. With ``ObservationOptions/initial`` the first
    /// element is the current value, buffered before this call returns.
    ///
    /// The observation ends when the iterating task is cancelled or the
    /// sequence is dropped, and the sequence finishes when this object ends
    /// (after the changes it buffered) or after the first element with
    /// ``ObservationOptions/once``. See ``EventSequence``.
    ///
    /// - Note: For a key path through intermediate objects
    ///   (`\.owner.address.city`) the object's end stops the changes but does
    ///   not finish the sequence: the engine keeps such an observation's
    ///   handler until its token is released. End the loop by cancelling its
    ///   task.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries; see ``ObservationOptions``.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 changes, unless given.
    /// - Returns: The changes, from this call on.
    @inlinable
    public func changes<Value: Equatable & Sendable>(
        of keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = .new,
        buffering: EventBuffering = .default
    ) -> EventSequence<ObservedChange<Value>> {
        EventSequence(buffering: buffering) { (feed: EventFeed<ObservedChange<Value>>) in
            // The feed's handler is nonisolated: it yields on the setting thread.
            register(keyPath, options: options, feed.handler(ignoring: AnyObject.self))
        }
    }

    /// The changes of a value that is not `Equatable`, as an asynchronous
    /// sequence.
    ///
    /// Everything `changes(of:options:buffering:)` says for an `Equatable`
    /// value holds, except that ``ObservationOptions/skippingEqualValues`` is
    /// not available (see ``NonEquatableObservationOptions``).
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries; `.new` unless given.
    ///   - buffering: What a consumer that is not waiting is kept.
    /// - Returns: The changes, from this call on.
    @inlinable
    public func changes<Value: Sendable>(
        of keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = .new,
        buffering: EventBuffering = .default
    ) -> EventSequence<ObservedChange<Value>> {
        EventSequence(buffering: buffering) { (feed: EventFeed<ObservedChange<Value>>) in
            register(keyPath, options: options.observationOptions, feed.handler(ignoring: AnyObject.self))
        }
    }
}
