extension HookTable {
    /// Runs a slot's argument observers (see `HookSlot.argumentObservers`),
    /// each checked just before its call as ``dispatch`` checks hooks.
    @inlinable
    func notify<Arguments, Result>(
        _ observers: ContiguousArray<HookSlot<Arguments, Result>.ArgumentObserver>,
        _ arguments: Arguments,
        removals: UInt
    ) {
        for index in observers.indices where claim(observers[index].entry, removals: removals) {
            observers[index].body(arguments)
        }
    }

    /// Sends one message through a slot's closures: before closures, then the
    /// implementation (the instead chain, newest first, ending in
    /// `realDelegate` or `fallback`), then after closures.
    ///
    /// - Parameters:
    ///   - hasRealDelegate: Whether a real delegate is present.
    ///   - realDelegate: Asks the real delegate; called only when
    ///     `hasRealDelegate`.
    ///   - fallback: The protocol's default, when there is no real delegate.
    ///
    /// Called with no lock held; takes the lock only to claim entries. With no
    /// instead closure it allocates nothing.
    @inlinable
    func dispatch<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        removals: UInt,
        selector: MethodSelector<Arguments, Result>,
        arguments: Arguments,
        hasRealDelegate: Bool,
        realDelegate: (Arguments) -> Result,
        fallback: () -> Result
    ) -> Result {
        for item in slot.befores where claim(item.entry, removals: removals) {
            observe(item.body, .before, selector, arguments, result: nil)
        }

        let result: Result
        if slot.insteads.isEmpty {
            result = hasRealDelegate ? realDelegate(arguments) : fallback()
        } else {
            result = runImplementation(
                slot, removals: removals, selector: selector, arguments: arguments, hasRealDelegate: hasRealDelegate,
                realDelegate: realDelegate, fallback: fallback)
        }

        for item in slot.afters where claim(item.entry, removals: removals) {
            observe(item.body, .after, selector, arguments, result: result)
        }
        return result
    }

    /// The implementation step when instead closures are registered: the
    /// chain, ending in the real delegate or the default, and the combining
    /// rule.
    /// Calls a before or after closure: with the arguments alone, or with an
    /// invocation built for it (carrying `result` after the method ran).
    @inlinable @inline(__always)
    func observe<Arguments, Result>(
        _ body: HookEntry<Arguments, Result>.Body,
        _ position: HookPosition,
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        result: Result?
    ) {
        switch body {
        case .argumentsObserver(let body):
            body(arguments)
        case .observer(let body):
            body(Invocation(selector: selector, position: position, arguments: arguments, result: result))
        case .plain, .instead:
            break
        }
    }

    @inlinable
    func runImplementation<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        removals: UInt,
        selector: MethodSelector<Arguments, Result>,
        arguments: Arguments,
        hasRealDelegate: Bool,
        realDelegate: (Arguments) -> Result,
        fallback: () -> Result
    ) -> Result {
        withoutActuallyEscaping(fallback) { fallback in
            withoutActuallyEscaping(realDelegate) { realDelegate in
                // What the oldest instead closure replaces.
                let replaced: () -> Result = {
                    if hasRealDelegate { return realDelegate(arguments) }
                    return fallback()
                }
                if let combine = selector.combining.combine, hasRealDelegate {
                    // Both answer: the real delegate first, then the closures.
                    let realAnswer = realDelegate(arguments)
                    var ranClosure = false
                    let closureAnswer = runInsteads(
                        slot, removals: removals, selector: selector, arguments: arguments, from: slot.insteads.count - 1,
                        ran: &ranClosure, replaced: { realAnswer })
                    return ranClosure ? combine(realAnswer, closureAnswer) : realAnswer
                }
                var ranClosure = false
                return runInsteads(
                    slot, removals: removals, selector: selector, arguments: arguments, from: slot.insteads.count - 1,
                    ran: &ranClosure, replaced: replaced)
            }
        }
    }

    /// Runs the newest still-registered instead closure at or below `index`;
    /// its `proceed()` continues below it, ending in `replaced`.
    @inlinable
    func runInsteads<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        removals: UInt,
        selector: MethodSelector<Arguments, Result>,
        arguments: Arguments,
        from index: Int,
        ran: inout Bool,
        replaced: @escaping () -> Result
    ) -> Result {
        var index = index
        while index >= 0 {
            let item = slot.insteads[index]
            index -= 1
            guard claim(item.entry, removals: removals) else { continue }
            ran = true
            switch item.body {
            case .plain(let body):
                return body(arguments)
            case .instead(let body):
                let below = index
                let invocation = Invocation(
                    selector: selector, position: .instead, arguments: arguments,
                    next: { [self] in
                        var ignored = false
                        return self.runInsteads(
                            slot, removals: removals, selector: selector, arguments: arguments, from: below,
                            ran: &ignored, replaced: replaced)
                    })
                return body(invocation)
            case .observer, .argumentsObserver:
                continue
            }
        }
        return replaced()
    }
}
