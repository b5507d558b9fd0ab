extension DelegateProxyBase {
    /// The messages `selector` receives, each as its arguments and the result
    /// the proxy answered, as an asynchronous sequence.
    ///
    /// ```swift
    /// // DownloadTask is Sendable here; otherwise, see messages(for:buffering:_:).
    /// for await message in proxy.messages(for: DownloadProxy.selectors.shouldStart) {
    ///     print("asked to start; the answer was", message.result)
    /// }
    /// ```
    ///
    /// The sequence is an `after` closure (see `after(_:options:_:)`): it
    /// observes the message once the instead closures, the real delegate or
    /// the protocol's default have answered, and it never changes that
    /// answer. Like any closure for `selector`, it makes `responds(to:)`
    /// true for it.
    ///
    /// Arguments and result must be `Sendable` to be elements. For a method
    /// that passes objects that are not (the delegating object itself, most
    /// often), use `messages(for:buffering:_:)` to read what the consumer
    /// needs while the message is sent.
    ///
    /// The closure is removed when the iterating task is cancelled or the
    /// sequence is dropped; the sequence finishes when the proxy ends (with
    /// the object it was installed on). See ``EventSequence``.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 messages, unless given.
    /// - Returns: One element per message, from this call on.
    public func messages<Arguments: Sendable, Result: Sendable>(
        for selector: MethodSelector<Arguments, Result>,
        buffering: EventBuffering = .default
    ) -> EventSequence<(arguments: Arguments, result: Result)> {
        // A nonisolated `after` closure, on the thread that sends: the
        // values cross to the consumer as elements, which are `Sendable`.
        EventSequence(buffering: buffering) { feed in
            observe(selector, .after, []) { invocation in
                // An after closure always sees the result.
                guard let result = invocation.result else { return }
                feed.yield((invocation.arguments, result))
            }
        }
    }

    /// The messages `selector` receives, each as what `transform` reads from
    /// the message while it is sent.
    ///
    /// ```swift
    /// for await fraction in proxy.messages(for: DownloadProxy.selectors.didProgress, { $0.arguments.1 }) {
    ///     print("\(Int(fraction * 100))%")
    /// }
    /// ```
    ///
    /// `transform` runs as an `after` closure registered from nonisolated
    /// code does, whichever actor creates or iterates the sequence:
    /// synchronously, on the thread that sent the message, with the
    /// invocation (arguments and result). Otherwise the same as
    /// `messages(for:buffering:)`.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default`` unless given.
    ///   - transform: Reads an element from the message.
    /// - Returns: One element per message, from this call on.
    public func messages<Arguments, Result, Element: Sendable>(
        for selector: MethodSelector<Arguments, Result>,
        buffering: EventBuffering = .default,
        _ transform: @escaping @Sendable (Invocation<Arguments, Result>) -> Element
    ) -> EventSequence<Element> {
        // Nonisolated and `@Sendable`, on the thread that sends: only the
        // element, which is `Sendable`, crosses to the consumer.
        EventSequence(buffering: buffering) { feed in
            observe(selector, .after, []) { invocation in feed.yield(transform(invocation)) }
        }
    }
}
