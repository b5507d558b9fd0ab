extension DelayScheduler {
    /// Runs `body` with `object` once `delay` has passed, unless the object
    /// has ended by then.
    ///
    /// ```swift
    /// let token = scheduler.schedule(after: .seconds(3), boundTo: toast, on: .main) { toast in
    ///     toast.dismiss()
    /// }
    /// ```
    ///
    /// The object is held weakly: the delay never keeps it alive. If the
    /// object is gone at the deadline the closure does not run. When the
    /// object ends, the delay is cancelled and its closure released; for an
    /// object that adopts ``Lifetime`` that happens during its
    /// deinitialisation, for any other object when the library notices the end
    /// (see ``ObjectLifetime``). The token's ``CancellationToken/cancel()``
    /// then returns `false`: the end of the object, not the token, prevented
    /// the closure.
    ///
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - object: The object the delay belongs to, held weakly.
    ///   - executor: What hands the closure over (see ``DelayExecutor``).
    ///   - body: The closure; it receives the object, alive for the call.
    /// - Returns: The token that cancels the delay.
    public func schedule<Object: AnyObject & Sendable>(
        after delay: Duration,
        boundTo object: Object,
        on executor: DelayExecutor,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Object) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body)
        let weakObject = WeakBox(object)
        let record = BoundDelayRecord(core: core, target: executor.target) {
            guard let object = weakObject.object else { return }
            body(object)
        }
        // The end-of-life callback refers to the record weakly: the record is
        // also the owner's token, and releasing that token must still cancel
        // the delay. The record holds the callback's token until it fires or
        // is cancelled.
        let endToken = ObjectLifetime.onEnd(of: object) { @Sendable [weak record] in
            _ = record?.finish(byOwner: false)
        }
        let keep = core.lock.withLock { () -> Bool in
            guard record.slot == DelayRecord.State.new else { return false }
            record.endToken = endToken
            return true
        }
        if !keep { endToken.cancel() }
        insert(record, at: deadlineTicks(after: delay))
        return ActorDelivery.token(record, ending: delivery)
    }
}
