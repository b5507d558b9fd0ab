/// How many elements an ``EventSequence`` keeps for a consumer that is not
/// waiting, and which ones it drops when it is full.
///
/// A source never waits for its consumer: the object that sets a property,
/// sends an event or calls a method does so at its own pace, on its own
/// thread. When the iterating task is slower, elements wait in the
/// sequence's buffer; the policy bounds that buffer.
///
/// | policy | a full buffer |
/// |---|---|
/// | ``newest(_:)`` | drops the oldest buffered element to keep the new one |
/// | ``oldest(_:)`` | drops the new element |
/// | ``unbounded`` | never drops, and grows without limit |
///
/// Every source takes the policy as its `buffering:` parameter. The default,
/// ``default``, keeps the newest 64 elements; repeating ticks
/// (`DelayScheduler.ticks(every:startingAfter:buffering:)`) keep only the
/// newest one, as a timer skips the ticks it missed.
///
/// ```swift
/// // Only the latest value matters: a slow consumer skips to it.
/// for await change in settings.changes(of: \.volume, buffering: .newest(1)) {
///     print("volume is now", change.newValue!)
/// }
/// ```
public struct EventBuffering: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable {
        case newest(Int)
        case oldest(Int)
        case unbounded
    }

    let kind: Kind

    /// Keeps at most `limit` elements; when full, drops the oldest one to keep
    /// the new element. `newest(0)` delivers an element only to a consumer
    /// that is already waiting.
    ///
    /// - Precondition: `limit` is not negative; a negative limit traps.
    /// - Parameter limit: The most elements kept for a consumer that is not
    ///   waiting.
    public static func newest(_ limit: Int) -> EventBuffering {
        precondition(limit >= 0, "EventBuffering.newest(\(limit)): the limit must not be negative")
        return EventBuffering(kind: .newest(limit))
    }

    /// Keeps at most `limit` elements; when full, drops each new element until
    /// the consumer has taken some.
    ///
    /// - Precondition: `limit` is not negative; a negative limit traps.
    /// - Parameter limit: The most elements kept for a consumer that is not
    ///   waiting.
    public static func oldest(_ limit: Int) -> EventBuffering {
        precondition(limit >= 0, "EventBuffering.oldest(\(limit)): the limit must not be negative")
        return EventBuffering(kind: .oldest(limit))
    }

    /// Keeps every element: memory grows for as long as the consumer lags.
    /// Choose it only where the source's rate is bounded.
    public static let unbounded = EventBuffering(kind: .unbounded)

    /// The default of every source but repeating ticks: ``newest(_:)`` with a
    /// limit of 64.
    public static let `default` = EventBuffering(kind: .newest(64))

    /// The policy, for diagnostics: `newest(64)`, `oldest(8)`, `unbounded`.
    public var description: String {
        switch kind {
        case .newest(let limit): "newest(\(limit))"
        case .oldest(let limit): "oldest(\(limit))"
        case .unbounded: "unbounded"
        }
    }

    /// The same policy for the `AsyncStream` behind a sequence.
    func policy<Element>(for _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch kind {
        case .newest(let limit): .bufferingNewest(limit)
        case .oldest(let limit): .bufferingOldest(limit)
        case .unbounded: .unbounded
        }
    }
}
