extension LifetimeStorage {
    /// Registers an end-of-life callback as the registrant wrote it: made
    /// callable where the storage ends (`ActorDelivery`: at once when
    /// nonisolated, through the registrant's actor otherwise), then chained
    /// (``addEndHandler(_:owner:)``). With `owner` (an adopter of
    /// ``Lifetime``), checks that the storage belongs to it.
    ///
    /// - Returns: The token that unregisters the callback.
    @usableFromInline
    func addEndCallback(
        _ body: consuming @escaping @isolated(any) @Sendable () -> Void, owner: ObjectIdentifier? = nil
    ) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(body)
        // Consumed: the callback's record takes the handler over without a retain of its own.
        return ActorDelivery.token(addEndHandler(consume handler, owner: owner), ending: delivery)
    }
}
