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
    /// everything else takes the engine's stages.
    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: () -> Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        let route = table.route(selector.id)
        guard route.closures != nil else {
            if route.delegate != nil { return route.callDelegate(as: Delegate.self, realDelegate) }
            return defaultValue()
        }
        let snapshot = HandlerCore<ProxyClosure<Arguments, Result>>.typed(route.closures.unsafelyUnwrapped)
        if snapshot.isSoleTerminal, case .plain(let body) = snapshot.items[0].element {
            // One plain instead closure and nothing else: the snapshot just
            // read under the lock is its check.
            return body(arguments())
        }
        return _dispatch(snapshot, route, selector, arguments(), defaultValue, realDelegate)
    }

    /// The general path: the engine's stages (``Stages``) over the
    /// selector's closures, ending in the real delegate read with them, or
    /// the default. Specialised for the caller's types but kept out of line,
    /// so that each protocol method inlines only the fast paths.
    @inlinable @inline(never)
    final func _dispatch<Arguments, Result>(
        _ snapshot: HandlerSnapshot<ProxyClosure<Arguments, Result>>,
        _ route: ProxyRoute,
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ realDelegate: (Delegate) -> Result
    ) -> Result {
        let dispatch = HandlerDispatch(snapshot, removals: route.removals, core: snapshot.items[0].entry.core)
        let hasDelegate = route.delegate != nil
        defer { route.releaseDelegate() }
        var combine: ((Result, Result) -> Result)?
        if hasDelegate, let rule = selector.combining.combine { combine = rule }
        // What the oldest instead closure replaces.
        func replaced(_: Arguments) -> Result {
            if hasDelegate { return route.withDelegate(as: Delegate.self, realDelegate) }
            return defaultValue()
        }
        return Stages.run(
            selector, arguments,
            shared: HandlerDispatch<ProxyClosure<Arguments, Result>>?.none, where: { _ in true },
            own: dispatch,
            observe: { closure, position, result in closure.observe(selector, position, arguments, result: result) },
            link: { $0.link },
            combine: combine,
            end: replaced)
    }
}
