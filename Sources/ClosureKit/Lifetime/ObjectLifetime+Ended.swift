extension ObjectLifetime {
    /// The end of `object`, as something a task can await: a sequence of one
    /// element, delivered when the object ends, after which it finishes.
    ///
    /// ```swift
    /// let closed = ObjectLifetime.ended(of: document)
    /// Task {
    ///     for await _ in closed { print("document closed") }
    /// }
    /// ```
    ///
    /// The sequence does not keep the object alive. The end is noticed as by
    /// `onEnd(of:perform:)`: during the object's deinitialisation for an
    /// adopter of ``Lifetime``, otherwise at the side table's next sweep (see
    /// ``ObjectLifetime``). Cancelling the waiting task, or dropping the
    /// sequence, unregisters it; the loop then ends without an element.
    ///
    /// Create the sequence where you hold the object, then await it: an
    /// `async` function that took the object would keep it alive while it
    /// waited.
    ///
    /// - Parameter object: Any class instance.
    /// - Returns: One `Void` when the object ends, then the end.
    public static func ended(of object: AnyObject) -> EventSequence<Void> {
        EventSequence(buffering: .newest(1)) { feed in
            onEnd(of: object) {
                feed.yield(())
                feed.finish()
            }
        }
    }

    /// The end of an adopter of ``Lifetime``: a sequence of one element,
    /// delivered during the object's deinitialisation.
    ///
    /// The statically typed overload of `ended(of:)`: it skips
    /// the side table.
    ///
    /// - Parameter object: An adopter of ``Lifetime``.
    /// - Returns: One `Void` when the object ends, then the end.
    public static func ended<Owner: Lifetime>(of object: Owner) -> EventSequence<Void> {
        EventSequence(buffering: .newest(1)) { feed in
            object.onEnd {
                feed.yield(())
                feed.finish()
            }
        }
    }
}
