extension DelegateProxy {
    /// Sends a message through the proxy: what each protocol method of a
    /// proxy calls.
    ///
    /// ```swift
    /// func taskShouldStart(_ task: DownloadTask) -> Bool {
    ///     forward(Self.shouldStart, task, default: true) { $0.taskShouldStart(task) }
    /// }
    /// ```
    ///
    /// Runs the `before` closures, then the newest `instead` closure (or the
    /// real delegate, or `default`), then the `after` closures; see
    /// ``DelegateProxy`` for the full order and ``ResultCombining`` for how
    /// answers combine. The closure sends the message to the real delegate,
    /// its only parameter, with the method's own parameters; the arguments
    /// tuple is built only when closures are registered for the method, so a
    /// message that goes straight to the real delegate copies nothing.
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters;
    ///     evaluated only if closures are registered for the method.
    ///   - defaultValue: The protocol's default answer, used when neither a
    ///     closure nor a real delegate answers.
    ///   - realDelegate: Sends the message to the real delegate.
    /// - Returns: The message's answer.
    @inlinable @inline(__always)
    public final func forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: @autoclosure () -> Arguments,
        default defaultValue: @autoclosure () -> Result,
        call realDelegate: (Delegate) -> Result
    ) -> Result {
        _forward(selector, arguments, defaultValue, realDelegate)
    }

    /// Sends a message that returns nothing through the proxy; see
    /// ``forward(_:_:default:call:)``.
    ///
    /// ```swift
    /// func task(_ task: DownloadTask, didProgress fraction: Double) {
    ///     forward(Self.didProgress, (task, fraction)) { $0.task(task, didProgress: fraction) }
    /// }
    /// ```
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
        _forward(selector, arguments, {}, realDelegate)
    }

    /// The forwarding path: one library call reads the route under the
    /// proxy's lock; a method with no closures goes to the real delegate or
    /// the default, a single plain `instead` closure is called directly, and
    /// everything else takes the general path.
    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: () -> Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        let route = table.route(selector.id)
        guard route.hasClosures else {
            if route.object != nil { return route.callDelegate(as: Delegate.self, realDelegate) }
            return defaultValue()
        }
        let snapshot = HandlerCore<ProxyClosure<Arguments, Result>>.typed(route.closures)
        if snapshot.items.count == 1, !snapshot.items[0].once, !selector.combining.callsBoth,
            case .plain(let body) = snapshot.items[0].element
        {
            // One plain instead closure and nothing else: the snapshot just
            // read under the lock is its check.
            return body(arguments())
        }
        return _dispatch(snapshot, route, selector, arguments(), defaultValue, realDelegate)
    }

    /// The general path: before closures, the instead chain (ending in the
    /// real delegate or the default) with the combining rule, after closures.
    /// Specialised for the caller's types but kept out of line, so that each
    /// protocol method inlines only the fast paths.
    @inlinable @inline(never)
    final func _dispatch<Arguments, Result>(
        _ snapshot: HandlerSnapshot<ProxyClosure<Arguments, Result>>,
        _ route: ProxyRoute,
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        let dispatch = HandlerDispatch(snapshot, removals: route.word, core: snapshot.items[0].entry.core)
        dispatch.forEach(at: .before) { $0.observe(selector, .before, arguments, result: nil) }

        let delegateRoute = table.routeToRealDelegate()
        let hasDelegate = delegateRoute.object != nil
        // What the oldest instead closure replaces.
        func replaced(_: Arguments) -> Result {
            if hasDelegate { return delegateRoute.callDelegate(as: Delegate.self, realDelegate) }
            return defaultValue()
        }
        let result: Result
        if !snapshot.has(.instead) {
            result = replaced(arguments)
        } else if let combine = selector.combining.combine, hasDelegate {
            // Both answer: the real delegate first, then the closures.
            let realAnswer = replaced(arguments)
            var ranClosure = false
            let closureAnswer = InsteadChain.run(
                selector, count: snapshot.chain.count, arguments: arguments,
                link: { index in
                    let item = snapshot.items[snapshot.chain[index]]
                    guard dispatch.isCurrent(item) else { return nil }
                    ranClosure = true
                    return item.element.link
                },
                end: { _ in realAnswer })
            result = ranClosure ? combine(realAnswer, closureAnswer) : realAnswer
        } else {
            result = InsteadChain.run(
                selector, count: snapshot.chain.count, arguments: arguments,
                link: { index in
                    let item = snapshot.items[snapshot.chain[index]]
                    return dispatch.isCurrent(item) ? item.element.link : nil
                },
                end: replaced)
        }

        dispatch.forEach(at: .after) { $0.observe(selector, .after, arguments, result: result) }
        return result
    }
}
