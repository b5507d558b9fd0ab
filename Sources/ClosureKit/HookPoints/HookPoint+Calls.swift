extension HookPoint {
    /// The calls of the hooked method, each as its arguments and result, as
    /// an asynchronous sequence: on one instance, or on every instance of a
    /// type.
    ///
    /// ```swift
    /// for await call in Uploader.hooks.upload.calls(on: uploader) {
    ///     print("uploaded", call.arguments.name, call.result ? "" : "(failed)")
    /// }
    /// ```
    ///
    /// The sequence is an `after` hook (see `after(on:for:options:_:)`): it
    /// sees each call once the instead hooks or the original have returned,
    /// and never changes the result.
    ///
    /// The hook is removed when the iterating task is cancelled or the
    /// sequence is dropped. A sequence of one instance finishes when the
    /// instance ends, during its deinitialisation: its hooks live in its
    /// ``Hookable/hookStorage`` and end with it. A type-wide sequence lasts
    /// until it is cancelled or dropped. See ``EventSequence``.
    ///
    /// The instance is not part of an element (it need not be `Sendable`);
    /// arguments and result must be. Otherwise use
    /// `calls(on:for:buffering:_:)`.
    ///
    /// - Parameters:
    ///   - instance: The one instance to observe, or nil (the default) for
    ///     every instance of `type`.
    ///   - type: With no instance, the class whose instances (and
    ///     subclasses') are observed: `Owner` unless you name a subclass.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 calls, unless given.
    /// - Returns: One element per call, from this call on.
    public func calls(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        buffering: EventBuffering = .default
    ) -> EventSequence<(arguments: Arguments, result: Result)> where Arguments: Sendable, Result: Sendable {
        EventSequence(buffering: buffering) { feed in
            // Registered as nonisolated: the feed is Sendable and takes the
            // call on the calling thread.
            observeCalls(on: instance, for: type, HookBodies<Owner, Arguments, Result>.results { feed.yield($0) })
        }
    }

    /// The calls of the hooked method, each as what `transform` reads from
    /// the instance and the call while it runs.
    ///
    /// ```swift
    /// for await bytes in Uploader.hooks.upload.calls({ _, call in call.arguments.bytes }) {
    ///     print("uploaded", bytes, "bytes")
    /// }
    /// ```
    ///
    /// `transform` runs as an `after` hook registered from nonisolated code
    /// does, whichever actor creates or iterates the sequence: synchronously,
    /// on the calling thread, with the instance and the invocation (arguments
    /// and result). Otherwise the same as `calls(on:for:buffering:)`.
    ///
    /// - Parameters:
    ///   - instance: The one instance to observe, or nil for every instance
    ///     of `type`.
    ///   - type: With no instance, the class whose instances are observed.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default`` unless given.
    ///   - transform: Reads an element from the call. It must not capture the
    ///     instance (it receives it), or the instance would never end.
    /// - Returns: One element per call, from this call on.
    public func calls<Element: Sendable>(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        buffering: EventBuffering = .default,
        _ transform: @escaping @Sendable (Owner, Invocation<Arguments, Result>) -> Element
    ) -> EventSequence<Element> {
        EventSequence(buffering: buffering) { feed in
            observeCalls(
                on: instance, for: type,
                HookBodies<Owner, Arguments, Result>.transformed(transform) { feed.yield($0) })
        }
    }
}
