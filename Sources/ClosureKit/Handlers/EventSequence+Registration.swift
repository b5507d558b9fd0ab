/// The one place where a source becomes a sequence: every source's
/// `changes`, `events`, `messages`, `calls`, `ticks` and `ended` call
/// ``EventSequence/init(buffering:register:)`` with a closure that registers
/// an ordinary handler feeding an ``EventFeed``.
extension EventSequence {
    /// Creates a sequence fed by the registration that `register` makes.
    ///
    /// `register` receives the feed and returns the token of a handler that
    /// yields into it. The feed must be captured by that handler alone, so
    /// that the two live and end together:
    ///
    /// - the consumer cancels, or drops the sequence and its iterator: the
    ///   stream's termination handler cancels the token, which releases the
    ///   handler and with it the feed;
    /// - the source releases the handler (its owner ended, the registration
    ///   ended on its own, it was never registered): the feed's `deinit`
    ///   finishes the stream, which delivers what it buffered, then `nil`.
    ///
    /// The stream is not yet shared while `register` runs, so no consumer can
    /// terminate it before the termination handler is set. If the source
    /// ended during `register` (a one-shot initial delivery, an empty event
    /// mask), the stream is already finished; the handler set afterwards runs
    /// when the stream is released, and cancels a token that cancels nothing.
    @usableFromInline
    init<Failure: Error>(
        buffering: EventBuffering, register: (EventFeed<Element>) throws(Failure) -> CancellationToken
    ) throws(Failure) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: buffering.policy(for: Element.self))
        let token = try register(EventFeed(continuation))
        continuation.onTermination = { _ in token.cancel() }
        self.stream = stream
        self.continuation = continuation
    }
}

extension EventSequence {
    /// Creates a sequence of your own source's events: `register` adds a
    /// nonisolated handler that calls the `yield` it is given, and returns
    /// that handler's token.
    ///
    /// ```swift
    /// import ClosureKit
    ///
    /// final class Pedometer {
    ///     private let steps = EventHandlers<Int>()
    ///
    ///     func onStep(_ handler: @escaping @isolated(any) (Int) -> Void) -> CancellationToken {
    ///         steps.add(handler)
    ///     }
    ///
    ///     func stepEvents() -> EventSequence<Int> {
    ///         EventSequence { yield in onStep { yield($0) } }
    ///     }
    /// }
    /// ```
    ///
    /// The registration lasts as long as the iteration: the token is
    /// cancelled when the consumer stops, and the sequence finishes when the
    /// source releases the handler (see ``EventSequence``, "One registration
    /// per sequence").
    ///
    /// - Parameters:
    ///   - buffering: What to keep while the consumer is not waiting.
    ///   - register: Registers a handler that passes each event to `yield`.
    public init(
        buffering: EventBuffering = .default,
        register: (_ yield: @escaping @Sendable (Element) -> Void) -> CancellationToken
    ) {
        self.init(buffering: buffering) { (feed: EventFeed<Element>) -> CancellationToken in
            register(feed.handler { $0 })
        }
    }
}

/// Held by an ``EventSequence/AsyncIterator``: when the iteration is over
/// (the loop ended early, or the iterator was dropped), it finishes the
/// stream, whose termination handler cancels the registration. An
/// `AsyncStream` alone would keep the registration until the sequence value
/// is released too.
@usableFromInline
final class IterationEnd<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation

    @usableFromInline
    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}

/// What a source's handler yields into: the producing end of one
/// ``EventSequence``, owned by the handler, that finishes the sequence when
/// the handler is released.
@usableFromInline
final class EventFeed<Element: Sendable>: Sendable {
    @usableFromInline
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    /// A handler that yields its second argument, ignoring the first (the
    /// source's owner), made outside the protocol extensions for the same
    /// reason as ``handler(_:)``.
    @inlinable
    func handler<Ignored>(ignoring _: Ignored.Type) -> @Sendable (Ignored, Element) -> Void {
        { [self] _, element in yield(element) }
    }

    deinit {
        // The handler that owned the feed was released: by the consumer's
        // cancellation (the stream has terminated already; this does nothing)
        // or by the source, whose owner or registration ended.
        continuation.finish()
    }

    /// Hands `element` to the consumer, or to the buffer under the
    /// sequence's policy.
    @inlinable
    func yield(_ element: Element) {
        continuation.yield(element)
    }

    /// A handler that yields what `transform` makes of its argument.
    ///
    /// Handlers that receive `Self` are made here rather than as closures in
    /// the protocol extensions: a closure formed there captures `Self`'s
    /// metatype, which is not `Sendable`.
    @inlinable
    func handler<Input>(_ transform: @escaping @Sendable (Input) -> Element) -> @Sendable (Input) -> Void {
        { [self] input in yield(transform(input)) }
    }

    /// Finishes the sequence, for sources that end after their last element
    /// (an object's end).
    func finish() {
        continuation.finish()
    }
}
