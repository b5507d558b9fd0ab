extension EventControl {
    /// The events sent to this control that overlap `events`, as an
    /// asynchronous sequence of `Void`.
    ///
    /// ```swift
    /// for await _ in button.events(for: .touchUpInside) {
    ///     print("tapped")
    /// }
    /// ```
    ///
    /// The sequence is a handler added with `addHandler(for:options:_:)`:
    /// each send whose events overlap `events` is one element. The control
    /// itself is not an element (it need not be `Sendable`); to deliver what
    /// the control holds at the moment of the send, use
    /// `events(for:buffering:_:)`.
    ///
    /// The handler is removed when the iterating task is cancelled or the
    /// sequence is dropped; the sequence finishes when the control ends. An
    /// empty mask registers nothing, and the sequence is finished at once.
    /// See ``EventSequence``.
    ///
    /// - Parameters:
    ///   - events: The mask, as for `addHandler(for:options:_:)`.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 events, unless given.
    /// - Returns: One element per matching send, from this call on.
    public func events(
        for events: ControlEvents,
        buffering: EventBuffering = .default
    ) -> EventSequence<Void> {
        EventSequence(buffering: buffering) { feed in
            addHandler(for: events, feed.handler { (_: AnyObject) in () })
        }
    }

    /// The events sent to this control that overlap `events`, each as what
    /// `transform` reads from the control during the send.
    ///
    /// ```swift
    /// for await value in slider.events(for: .valueChanged, { $0.value }) {
    ///     print("value is now", value)
    /// }
    /// ```
    ///
    /// `transform` runs synchronously on the sending thread, as a handler
    /// registered from nonisolated code does, whichever actor creates or
    /// iterates the sequence, with the control, for each matching send: read
    /// what the consumer needs there, since the control may have changed by
    /// the time the consumer runs.
    /// Otherwise the same as `events(for:buffering:)`.
    ///
    /// - Parameters:
    ///   - events: The mask, as for `addHandler(for:options:_:)`.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default`` unless given.
    ///   - transform: Reads an element from the control. It must not capture
    ///     the control (it receives it), or the control would never end.
    /// - Returns: One element per matching send, from this call on.
    public func events<Element: Sendable>(
        for events: ControlEvents,
        buffering: EventBuffering = .default,
        _ transform: @escaping @Sendable (Self) -> Element
    ) -> EventSequence<Element> {
        EventSequence(buffering: buffering) { feed in
            addHandler(for: events, feed.handler(transform))
        }
    }
}
