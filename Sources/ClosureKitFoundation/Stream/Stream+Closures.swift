import Foundation

/// Closure conveniences for `Stream`.
///
/// The closures are observers (`after` closures): the stream's previous
/// delegate still receives every event, first. They need not be `Sendable`:
/// a stream is not `Sendable`, and each closure joins its region (as
/// `XMLParser`'s closures join the parser's), so a main-actor closure may
/// use main-actor state and ties the stream (and `streamDelegate`) to the
/// main actor, and a nonisolated one may capture local `var`s. A stream
/// reports its events on the run loop it is scheduled on, and the closures
/// run there, synchronously. Schedule it on a run loop of the closures'
/// isolation (the main run loop for main-actor closures): on Apple
/// platforms, a stream scheduled on another thread's run loop reports its
/// events on that thread, which Swift cannot see, and a main-actor closure
/// reached there stops the program before it runs (a nonisolated closure
/// there runs on that thread, concurrently with code that uses the stream
/// elsewhere).
extension Stream {
    /// The stream's delegate proxy, installed as its delegate on first use;
    /// the previous delegate becomes its `realDelegate`.
    public var delegateProxy: StreamDelegateProxy {
        StreamDelegateProxy.proxy(for: self)
    }

    /// Observes every event of the stream.
    ///
    /// ```swift
    /// let token = output.onEvent { stream, event in
    ///     if event.contains(.errorOccurred) { print(stream.streamError!) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the stream and the event.
    /// - Returns: The token that removes the closure.
    public func onEvent(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ stream: Stream, _ event: Stream.Event) -> Void
    ) -> CancellationToken {
        observe(nil, options, isolation, handler)
    }

    /// Observes the events that overlap `events`.
    ///
    /// ```swift
    /// let token = input.onEvent([.endEncountered, .errorOccurred]) { stream, _ in
    ///     stream.close()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - events: The events of interest; an event is delivered when it
    ///     shares at least one bit with them.
    ///   - options: `.once` removes the closure after its
    ///     first call for a matching event (events that do not match do not
    ///     count).
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the stream and the event.
    /// - Returns: The token that removes the closure.
    public func onEvent(
        _ events: Stream.Event,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ stream: Stream, _ event: Stream.Event) -> Void
    ) -> CancellationToken {
        observe(events, options, isolation, handler)
    }

    /// What both `onEvent` functions do: observes every event, or those that
    /// overlap `events`.
    private func observe(
        _ events: Stream.Event?, _ options: RegistrationOptions, _ isolation: isolated (any Actor)?,
        _ handler: @escaping @isolated(any) (_ stream: Stream, _ event: Stream.Event) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = StreamDelegateProxy.selectors.handleEvent
        guard let events else {
            return delegateProxy.observeAfter(selector, options: options, on: actor) { handler($0.0, $0.1) }
        }
        guard options.contains(.once) else {
            return delegateProxy.observeAfter(selector, on: actor) { stream, event in
                guard !event.intersection(events).isEmpty else { return }
                handler(stream, event)
            }
        }
        // The engine's own `.once` would be consumed by events that do not
        // match: the first matching event ends the group instead, which
        // removes the closure, and only that call runs it. The closure holds
        // the group weakly; the returned token holds it.
        let group = TokenGroup()
        group.add(
            delegateProxy.observeAfter(selector, on: actor) { [weak group] stream, event in
                guard !event.intersection(events).isEmpty, group?.end() == true else { return }
                handler(stream, event)
            })
        return group.token()
    }
}
