extension DelegateProxy {
    /// Sends a message through the proxy: what each protocol method of a proxy
    /// calls, in one line.
    ///
    /// ```swift
    /// func taskShouldStart(_ task: DownloadTask) -> Bool {
    ///     forward(Self.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    /// }
    /// ```
    ///
    /// Runs the `before` closures, then the newest `instead` closure (or the
    /// real delegate, or `default`), then the `after` closures; see
    /// ``DelegateProxy`` for the full order and ``ResultCombining`` for how
    /// answers combine. A message with no closures goes straight to the real
    /// delegate after one lock round trip.
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters.
    ///   - defaultValue: The protocol's default answer, used when neither a
    ///     closure nor a real delegate answers.
    ///   - realDelegate: Sends the message to the real delegate: call the same
    ///     method on the first parameter with the arguments.
    /// - Returns: The message's answer.
    @inlinable @inline(__always)
    public final func forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        default defaultValue: @autoclosure () -> Result,
        to realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        _forward(selector, arguments, defaultValue, realDelegate)
    }

    /// Sends a message that returns nothing through the proxy: what each
    /// `Void` method of a proxy calls, in one line.
    ///
    /// ```swift
    /// func task(_ task: DownloadTask, didProgress fraction: Double) {
    ///     forward(Self.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters.
    ///   - realDelegate: Sends the message to the real delegate.
    @inlinable @inline(__always)
    public final func forward<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ arguments: Arguments,
        to realDelegate: (Delegate, Arguments) -> Void
    ) {
        _forward(selector, arguments, {}, realDelegate)
    }

    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        let table = self.table
        let id = selector.id
        table.lockForMessage()
        if id < table.slots.count, table.slots[id] != nil {
            // Safe: a selector's id fixes its types, so the slot under it is a
            // HookSlot<Arguments, Result>.
            if !selector.combining.callsBoth,
                let body = unsafeDowncast(table.slots[id].unsafelyUnwrapped, to: HookSlot<Arguments, Result>.self)
                    .fastPath
            {
                // One plain instead closure and nothing else: the snapshot
                // just read under the lock is its check. Only the closure is
                // retained past the lock, not the snapshot.
                table.unlockForMessage()
                return body(arguments)
            }
            let slot = unsafeDowncast(table.slots[id].unsafelyUnwrapped, to: HookSlot<Arguments, Result>.self)
            table.unlockForMessage()
            return _dispatch(slot, selector, arguments, defaultValue, realDelegate)
        }
        // No closures: the real delegate, or the default.
        let realObject = table.realDelegate
        let witness = table.realDelegateWitness
        table.unlockForMessage()
        if let realObject {
            return Self.withDelegate(realObject, witness: witness) { realDelegate($0, arguments) }
        }
        return defaultValue()
    }

    /// The general path: hooks, chains of instead closures, combining rules.
    /// Specialised for the caller's types but kept out of line, so that each
    /// protocol method inlines only the fast paths.
    @inlinable @inline(never)
    final func _dispatch<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        let (object, witness) = table.loadRealDelegate()
        return table.dispatch(
            slot, selector: selector, arguments: arguments,
            hasRealDelegate: object != nil,
            realDelegate: { arguments in
                Self.withDelegate(object.unsafelyUnwrapped, witness: witness) { realDelegate($0, arguments) }
            },
            fallback: defaultValue)
    }
}
