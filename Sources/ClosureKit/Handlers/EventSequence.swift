/// The events of one ClosureKit source, as an `AsyncSequence`: every source
/// that takes closures can also be iterated with `for await`.
///
/// | source | sequence | element |
/// |---|---|---|
/// | a property of a ``KeyPathObservable`` | `changes(of:options:buffering:)` | ``ObservedChange`` |
/// | a property of an `@Observable` object | `changes(of:on:buffering:)` | ``ObservedChange`` |
/// | an ``EventControl`` | `events(for:buffering:)` | `Void`, or what a transform reads |
/// | a ``DelegateProxy`` selector | `messages(for:buffering:)` | arguments and result |
/// | a ``HookPoint`` | `calls(on:for:buffering:)` | arguments and result |
/// | a ``DelayScheduler`` | `ticks(every:startingAfter:buffering:)` | the clock's instant |
/// | any object's end | `ObjectLifetime.ended(of:)` | one `Void`, then the end |
///
/// ```swift
/// let changes = settings.changes(of: \.volume)   // registered from here on
/// let task = Task {
///     for await change in changes {
///         print("volume is now", change.newValue!)
///     }
/// }
/// settings.volume = 0.8   // the task prints "volume is now 0.8"
/// ```
///
/// ## One registration per sequence
///
/// Creating a sequence registers with its source at once, as the closure
/// form would, so nothing sent after the call returns is missed, even before
/// a task starts iterating. The registration is an `after` observer: it never
/// changes what a delegate answers or what a method returns.
///
/// The registration ends, and releases everything it captured, when:
/// - the iterating task is cancelled: the sequence finishes;
/// - the loop ends early (`break`, `return`, a thrown error): its iterator is
///   released;
/// - the sequence is dropped without being iterated;
/// - the source ends: its owner ends (a control, an observed object, a
///   proxy's object, an instance with hooks), or the registration ends on its
///   own (``ObservationOptions/once``). The sequence then finishes after
///   delivering what it had buffered.
///
/// ## Several consumers
///
/// For several consumers that each see every event, ask the source for one
/// sequence each: they are independent registrations.
///
/// Consumers of one sequence share its one registration: each element goes
/// to exactly one of them (the one that has waited longest, or else the next
/// to ask), and nothing traps. That is what `AsyncChannel` of
/// swift-async-algorithms does with several consumers, and what the
/// `AsyncStream` underneath does; the sequence was chosen to split its
/// elements this way rather than trap on a second consumer. The sequence
/// ends for all of them when it ends for one: a consumer whose task is
/// cancelled, or whose loop ends early, ends the registration, and the others
/// receive what was buffered, then `nil`.
///
/// ## Delivery
///
/// The source never waits for the consumer: the registration hands each
/// element to the sequence on the sender's thread, synchronously, and a
/// consumer that is not waiting finds it in a buffer bounded by the
/// sequence's ``EventBuffering`` (the newest 64 elements unless the call says
/// otherwise). Elements are `Sendable`: sources whose arguments are not
/// (a control, an object passed to a delegate) take a transform that reads
/// what the consumer needs, on the sender's thread, while the event is sent.
///
/// - Note: The sequence is an `AsyncStream` underneath, with the stream's
///   guarantees: elements arrive in the order they were sent from one thread.
public struct EventSequence<Element: Sendable>: AsyncSequence, Sendable {
    @usableFromInline
    let stream: AsyncStream<Element>

    /// The stream's producing end, for the iterator to end the registration
    /// when the consumer stops early.
    @usableFromInline
    let continuation: AsyncStream<Element>.Continuation

    /// Creates an iterator for one consumer. Iterators of one sequence share
    /// its elements (see "Several consumers").
    @inlinable
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), end: IterationEnd(continuation))
    }

    /// The iterator of an ``EventSequence``; it belongs to the one task that
    /// iterates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline
        var base: AsyncStream<Element>.Iterator

        /// Ends the registration when the last copy of the iterator is
        /// released: leaving a `for await` loop early (`break`, `return`, a
        /// thrown error) stops the source at once, even while the sequence
        /// itself is still held.
        @usableFromInline
        let end: IterationEnd<Element>

        @usableFromInline
        init(base: AsyncStream<Element>.Iterator, end: IterationEnd<Element>) {
            self.base = base
            self.end = end
        }

        /// The next element, waiting for it if none is buffered; `nil` once
        /// the source has ended or the task is cancelled.
        @inlinable
        public mutating func next() async -> Element? {
            await base.next()
        }

        /// The next element, resuming on the caller's isolation.
        ///
        /// - Parameter actor: The caller's actor, if it has one.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await base.next(isolation: actor)
        }
    }
}

@available(*, unavailable, message: "an iterator belongs to the one task that iterates")
extension EventSequence.AsyncIterator: Sendable {}
