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
        _forward(selector, arguments, defaultValue) { realDelegate($0, arguments) }
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
        _forward(selector, arguments, {}) { realDelegate($0, arguments) }
    }

    /// Sends a message through the proxy, calling the real delegate with the
    /// method's own parameters: the form to use in a protocol method that is
    /// called often (once per parsed element, say).
    ///
    /// ```swift
    /// func parser(_ parser: XMLParser, foundCharacters string: String) {
    ///     forward(Self.foundCharacters, (parser, string)) {
    ///         $0.parser(parser, foundCharacters: string)
    ///     }
    /// }
    /// ```
    ///
    /// It behaves exactly like ``forward(_:_:default:to:)``. The difference
    /// is cost: the arguments tuple is built only when closures are
    /// registered for the method, so a message that goes straight to the
    /// real delegate copies (and retains) nothing for it.
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters;
    ///     evaluated only if closures are registered for the method.
    ///   - defaultValue: The protocol's default answer.
    ///   - realDelegate: Sends the message to the real delegate, the
    ///     closure's only parameter, with the method's parameters.
    /// - Returns: The message's answer.
    @inlinable @inline(__always)
    public final func forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: @autoclosure () -> Arguments,
        default defaultValue: @autoclosure () -> Result,
        call realDelegate: (Delegate) -> Result
    ) -> Result {
        _forward(selector, building: arguments, defaultValue, realDelegate)
    }

    /// Sends a message that returns nothing through the proxy, calling the
    /// real delegate with the method's own parameters; see
    /// ``forward(_:_:default:call:)``.
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, evaluated only if closures are
    ///     registered for the method.
    ///   - realDelegate: Sends the message to the real delegate.
    @inlinable @inline(__always)
    public final func forward<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ arguments: @autoclosure () -> Arguments,
        call realDelegate: (Delegate) -> Void
    ) {
        _forward(selector, building: arguments, {}, realDelegate)
    }

    /// The one forwarding path behind every `forward` overload: its two
    /// forms differ only in how they supply the arguments (the caller's tuple,
    /// borrowed, or a tuple built on demand by the `call:` forms), so that
    /// neither copies arguments it does not need.
    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        switch _route(selector) {
        case .closure(let body):
            return body(arguments)
        case .hooks(let slot, let removals, let realObject, let witness):
            return _dispatch(slot, removals: removals, selector, arguments, realObject, witness, defaultValue, realDelegate)
        case .observers(let observers, let removals, let realObject, let witness):
            let result = realObject.map { Self.withDelegate($0, witness: witness, realDelegate) } ?? defaultValue()
            table.notify(observers, arguments, removals: removals)
            return result
        case .realDelegate(let realObject, let witness):
            return Self.withDelegate(realObject, witness: witness, realDelegate)
        case .none:
            return defaultValue()
        }
    }

    /// ``_forward(_:_:_:_:)`` with arguments built only when closures are
    /// registered. Its real delegate is handed over from the weak load into
    /// the existential it is called through, not copied: one retain per
    /// message, as a hand-written call through a weak reference pays. (The
    /// tuple form keeps the copy: there, taking it over stopped the compiler
    /// from inlining the forwarding closure, which cost more.)
    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        building arguments: () -> Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        switch _route(selector) {
        case .closure(let body):
            return body(arguments())
        case .hooks(let slot, let removals, let realObject, let witness):
            return _dispatch(
                slot, removals: removals, selector, arguments(), realObject, witness, defaultValue, realDelegate)
        case .observers(let observers, let removals, let realObject, let witness):
            let result = realObject.map { Self.withDelegate(taking: $0, witness: witness, realDelegate) } ?? defaultValue()
            table.notify(observers, arguments(), removals: removals)
            return result
        case .realDelegate(let realObject, let witness):
            return Self.withDelegate(taking: realObject, witness: witness, realDelegate)
        case .none:
            return defaultValue()
        }
    }

    /// Reads, in one critical section, everything a message needs: the
    /// method's slot, the real delegate and, when hooks are registered, the
    /// table's removal count for the dispatch's fast path.
    @inlinable @inline(__always)
    final func _route<Arguments, Result>(_ selector: MethodSelector<Arguments, Result>) -> _Route<Arguments, Result> {
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
                return .closure(body)
            }
            let slot = unsafeDowncast(table.slots[id].unsafelyUnwrapped, to: HookSlot<Arguments, Result>.self)
            let realObject = table.realDelegate
            let witness = table.realDelegateWitness
            let removals = table.removalCountLocked
            table.unlockForMessage()
            if let observers = slot.argumentObservers {
                return .observers(observers, removals, realObject, witness)
            }
            return .hooks(slot, removals, realObject, witness)
        }
        // No closures: the real delegate, or the default.
        let realObject = table.realDelegate
        let witness = table.realDelegateWitness
        table.unlockForMessage()
        if let realObject { return .realDelegate(realObject, witness) }
        return .none
    }

    /// The general path: hooks, chains of instead closures, combining rules.
    /// Specialised for the caller's types but kept out of line, so that each
    /// protocol method inlines only the fast paths.
    @inlinable @inline(never)
    final func _dispatch<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        removals: UInt,
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ realObject: AnyObject?,
        _ witness: UnsafeRawPointer?,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        table.dispatch(
            slot, removals: removals, selector: selector, arguments: arguments,
            hasRealDelegate: realObject != nil,
            realDelegate: { _ in
                Self.withDelegate(realObject.unsafelyUnwrapped, witness: witness, realDelegate)
            },
            fallback: defaultValue)
    }
}

/// Where a message goes, as read under the table's lock by
/// ``DelegateProxy/_route(_:)``.
@usableFromInline
enum _Route<Arguments, Result> {
    /// A single plain instead closure and nothing else.
    case closure(@Sendable (Arguments) -> Result)
    /// Hooks: the slot, the removal count read with it, and the real delegate.
    case hooks(HookSlot<Arguments, Result>, UInt, AnyObject?, UnsafeRawPointer?)
    /// Only `after` closures that take the arguments: the slot's
    /// `argumentObservers`, the removal count, and the real delegate.
    case observers(
        ContiguousArray<HookSlot<Arguments, Result>.ArgumentObserver>, UInt, AnyObject?, UnsafeRawPointer?)
    /// No closures; the real delegate answers.
    case realDelegate(AnyObject, UnsafeRawPointer?)
    /// No closures and no real delegate: the protocol's default.
    case none
}
