extension HookTable {
    /// Sends one message through a slot's closures: before closures, then the
    /// implementation (the instead chain, newest first, ending in
    /// `realDelegate` or `fallback`), then after closures.
    ///
    /// - Parameters:
    ///   - realDelegate: Asks the real delegate; nil when there is none.
    ///   - fallback: The protocol's default, when there is no real delegate.
    ///
    /// Called with no lock held; takes the lock only to claim entries.
    @inlinable
    func dispatch<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
        selector: MethodSelector<Arguments, Result>,
        arguments: Arguments,
        realDelegate: ((Arguments) -> Result)?,
        fallback: () -> Result
    ) -> Result {
        for item in slot.befores where claim(item.entry) {
            if case .observer(let body) = item.body {
                body(Invocation(selector: selector, position: .before, arguments: arguments))
            }
        }

        let result: Result = withoutActuallyEscaping(fallback) { fallback in
            // What the oldest instead closure replaces.
            let replaced: () -> Result = {
                if let realDelegate { return realDelegate(arguments) }
                return fallback()
            }
            if let combine = selector.combining.combine, !slot.insteads.isEmpty, let realDelegate {
                // Both answer: the real delegate first, then the closures.
                let realAnswer = realDelegate(arguments)
                var ranClosure = false
                let closureAnswer = runInsteads(
                    slot, selector: selector, arguments: arguments, from: slot.insteads.count - 1,
                    ran: &ranClosure, replaced: { realAnswer })
                return ranClosure ? combine(realAnswer, closureAnswer) : realAnswer
            }
            var ranClosure = false
            return runInsteads(
                slot, selector: selector, arguments: arguments, from: slot.insteads.count - 1,
                ran: &ranClosure, replaced: replaced)
        }

        for item in slot.afters where claim(item.entry) {
            if case .observer(let body) = item.body {
                body(Invocation(selector: selector, position: .after, arguments: arguments, result: result))
            }
        }
        return result
    }

    /// Runs the newest still-registered instead closure at or below `index`;
    /// its `proceed()` continues below it, ending in `replaced`.
    @inlinable
    func runInsteads<Arguments, Result>(
        _ slot: HookSlot<Arguments, Result>,
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
            guard claim(item.entry) else { continue }
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
                            slot, selector: selector, arguments: arguments, from: below,
                            ran: &ignored, replaced: replaced)
                    })
                return body(invocation)
            case .observer:
                continue
            }
        }
        return replaced()
    }
}
