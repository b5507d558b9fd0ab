import Foundation

/// Closure conveniences for `Stream`.
///
/// The closures are observers (`after` closures): the stream's previous
/// delegate still receives every event, first. They need not be `Sendable`:
/// a stream reports its events on the run loop it is scheduled on, where the
/// stream is used.
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
    ///   - handler: Called with the stream and the event.
    /// - Returns: The token that removes the closure.
    public func onEvent(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ stream: Stream, _ event: Stream.Event) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(StreamDelegateProxy.selectors.handleEvent, options: options) {
            box.value($0.0, $0.1)
        }
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
    ///   - handler: Called with the stream and the event.
    /// - Returns: The token that removes the closure.
    public func onEvent(
        _ events: Stream.Event,
        options: RegistrationOptions = [],
        _ handler: @escaping (_ stream: Stream, _ event: Stream.Event) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        guard options.contains(.once) else {
            return delegateProxy.after(StreamDelegateProxy.selectors.handleEvent) { invocation in
                let (stream, event) = invocation.arguments
                guard !event.intersection(events).isEmpty else { return }
                box.value(stream, event)
            }
        }
        // The engine's own `.once` would be consumed by events that do not
        // match: the first matching event ends the group instead, which
        // removes the closure, and only that call runs it. The closure holds
        // the group weakly; the returned token holds it.
        let group = TokenGroup()
        group.add(
            delegateProxy.after(StreamDelegateProxy.selectors.handleEvent) { [weak group] invocation in
                let (stream, event) = invocation.arguments
                guard !event.intersection(events).isEmpty, group?.end() == true else { return }
                box.value(stream, event)
            })
        return group.token()
    }
}
