extension DelegateProxyBase {
    /// Sends a message through the proxy: what each protocol method of a
    /// proxy calls.
    ///
    /// ```swift
    /// func taskShouldStart(_ task: DownloadTask) -> Bool {
    ///     forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    /// }
    /// ```
    ///
    /// Runs the `before` closures, then the newest `instead` closure (or the
    /// real delegate, or `default`), then the `after` closures; see
    /// ``DelegateProxy`` for the full order and ``ResultCombining`` for how
    /// answers combine. The closure sends the message to the real delegate,
    /// its first parameter, with the arguments it is given, its second: the
    /// caller's, or those an `instead` closure passed to
    /// ``InsteadInvocation/proceed(with:)``.
    ///
    /// The selector must be the one of the method that forwards it, taken
    /// from the proxy's declaration (`Self.selectors.didProgress`). In a debug
    /// build the first message of each selector checks that it is one of the
    /// proxy's ``DelegateProxyBase/declaredSelectors`` and that its name is the
    /// forwarding method's (`function`), so that a selector pasted into the
    /// wrong method, or declared under another name, stops the program with a
    /// message naming both. Release builds do not check.
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters.
    ///   - defaultValue: The protocol's default answer, used when neither a
    ///     closure nor a real delegate answers.
    ///   - function: The forwarding method's name; leave it to Swift.
    ///   - realDelegate: Sends the message to the real delegate, its first
    ///     parameter, with the arguments, its second.
    /// - Returns: The message's answer.
    @inlinable @inline(__always)
    public final func forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        default defaultValue: @autoclosure () -> Result,
        function: StaticString = #function,
        call realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        _forward(selector, arguments, defaultValue, function, realDelegate)
    }

    /// Sends a message that returns nothing through the proxy; see
    /// ``forward(_:_:default:function:call:)``.
    ///
    /// ```swift
    /// func task(_ task: DownloadTask, didProgress fraction: Double) {
    ///     forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The method being sent.
    ///   - arguments: Its arguments, as a tuple for several parameters.
    ///   - function: The forwarding method's name; leave it to Swift.
    ///   - realDelegate: Sends the message to the real delegate, its first
    ///     parameter, with the arguments, its second.
    @inlinable @inline(__always)
    public final func forward<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ arguments: Arguments,
        function: StaticString = #function,
        call realDelegate: (Delegate, Arguments) -> Void
    ) {
        _forward(selector, arguments, {}, function, realDelegate)
    }

    /// Sends a message whose first parameter is the delegating object through
    /// the proxy, the object passed apart from the other arguments: the
    /// spelling for a two-parameter method whose first parameter is of a
    /// class type (not a protocol existential).
    ///
    /// ```swift
    /// func task(_ task: DownloadTask, didProgress fraction: Double) {
    ///     forward(Self.selectors.didProgress, task, fraction) { $0.task($1, didProgress: $2) }
    /// }
    /// ```
    ///
    /// The same message as ``forward(_:_:default:function:call:)`` with the
    /// tuple `(object, rest)`, in the same order. A message that no closure
    /// answers goes to the real delegate (or the default) with the object
    /// borrowed: only closures receive the arguments as a tuple. The tuple
    /// spelling retains and releases the object on every message; this one
    /// does not where the real delegate answers.
    ///
    /// - Parameters:
    ///   - selector: The method being sent, whose arguments are `(object, rest)`.
    ///   - object: Its first argument, most often the delegating object.
    ///   - rest: Its second argument.
    ///   - defaultValue: The protocol's default answer, used when neither a
    ///     closure nor a real delegate answers.
    ///   - function: The forwarding method's name; leave it to Swift.
    ///   - realDelegate: Sends the message to the real delegate, its first
    ///     parameter, with the object and the second argument.
    /// - Returns: The message's answer.
    @inlinable @inline(__always)
    public final func forward<Object: AnyObject, Rest, Result>(
        _ selector: MethodSelector<(Object, Rest), Result>,
        _ object: Object,
        _ rest: Rest,
        default defaultValue: @autoclosure () -> Result,
        function: StaticString = #function,
        call realDelegate: (Delegate, Object, Rest) -> Result
    ) -> Result {
        _forward(selector, object, rest, defaultValue, function, realDelegate)
    }

    /// Sends a message that returns nothing, whose first parameter is the
    /// delegating object, through the proxy; see
    /// ``forward(_:_:_:default:function:call:)``.
    ///
    /// ```swift
    /// func task(_ task: DownloadTask, didFinish bytes: Int) {
    ///     forward(Self.selectors.didFinish, task, bytes) { $0.task($1, didFinish: $2) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The method being sent, whose arguments are `(object, rest)`.
    ///   - object: Its first argument, most often the delegating object.
    ///   - rest: Its second argument.
    ///   - function: The forwarding method's name; leave it to Swift.
    ///   - realDelegate: Sends the message to the real delegate, its first
    ///     parameter, with the object and the second argument.
    @inlinable @inline(__always)
    public final func forward<Object: AnyObject, Rest>(
        _ selector: MethodSelector<(Object, Rest), Void>,
        _ object: Object,
        _ rest: Rest,
        function: StaticString = #function,
        call realDelegate: (Delegate, Object, Rest) -> Void
    ) {
        _forward(selector, object, rest, {}, function, realDelegate)
    }

    /// The forwarding path of ``forward(_:_:_:default:function:call:)``: as
    /// ``_forward(_:_:_:_:_:)``, but the object reaches the real delegate as
    /// it came, a class reference borrowed from the caller; the tuple that
    /// closures receive is built only where a closure is called. Its own body,
    /// not the tuple path's with the tuple made by a closure: a closure returns
    /// its tuple owned, one more retain and release on every message a closure
    /// sees.
    @inlinable @inline(__always)
    final func _forward<Object: AnyObject, Rest, Result>(
        _ selector: MethodSelector<(Object, Rest), Result>,
        _ object: Object,
        _ rest: Rest,
        _ defaultValue: () -> Result,
        _ function: StaticString,
        _ realDelegate: (Delegate, Object, Rest) -> Result
    ) -> Result {
        if _isDebugAssertConfiguration() { checkForwarding(selector.erased, from: function) }
        let first64 = table.isFirst64(selector.id)
        let hasCore = first64 && table.hasCore(selector.id)
        if first64, !hasCore {
            // Never had a closure: the real delegate, or the default.
            let route = table.delegateRoute()
            // Always nil: tested, so that the optimiser knows there is no box
            // to release (without the test, one call to release nil a message).
            if route.closures == nil {
                guard route.delegate != nil else { return defaultValue() }
                return route.callDelegate(as: Delegate.self) { realDelegate($0, object, rest) }
            }
            route.releaseDelegate()
        }
        let route = table.route(selector.id, hasCore: hasCore)
        guard let closures = route.closures else {
            if route.delegate != nil { return route.callDelegate(as: Delegate.self) { realDelegate($0, object, rest) } }
            return defaultValue()
        }
        if closures.isSoleTerminal {
            // As in the tuple spelling: a selector's id fixes its type.
            return (closures as! ProxyAnswer<(Object, Rest), Result>).answer((object, rest))
        }
        let snapshot = HandlerCore<ProxyClosure<(Object, Rest), Result>>.typed(closures)
        return _dispatch(snapshot, route, selector, (object, rest), defaultValue) { realDelegate($0, $1.0, $1.1) }
    }

    /// The forwarding path: one library call reads the route (under the
    /// proxy's lock, unless a ``DelegateProxy``'s selector has never had a
    /// closure: see ``ProxyTable/route(_:hasCore:)``); a method with no closures goes
    /// to the real delegate or the default, a plain `instead` closure of no
    /// actor that answers alone (``ProxyAnswer``) is called directly, with no
    /// isolation to check, and everything else takes the engine's stages.
    ///
    /// A ``DelegateProxy``'s selector among its first 64 is tested here,
    /// inlined, for whether it ever had a closure (``ProxyTable/coreBits``):
    /// one that never had reads only the real delegate, through a call that
    /// saves few registers and takes no lock.
    @inlinable @inline(__always)
    final func _forward<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ defaultValue: () -> Result,
        _ function: StaticString,
        _ realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        if _isDebugAssertConfiguration() { checkForwarding(selector.erased, from: function) }
        let first64 = table.isFirst64(selector.id)
        let hasCore = first64 && table.hasCore(selector.id)
        if first64, !hasCore {
            // Never had a closure: the real delegate, or the default.
            let route = table.delegateRoute()
            // Always nil: tested, so that the optimiser knows there is no box
            // to release (without the test, one call to release nil a message).
            if route.closures == nil {
                guard route.delegate != nil else { return defaultValue() }
                return route.callDelegate(as: Delegate.self) { realDelegate($0, arguments) }
            }
            route.releaseDelegate()
        }
        let route = table.route(selector.id, hasCore: hasCore)
        guard let closures = route.closures else {
            if route.delegate != nil { return route.callDelegate(as: Delegate.self) { realDelegate($0, arguments) } }
            return defaultValue()
        }
        if closures.isSoleTerminal {
            // One plain instead closure of no actor, which answers alone, boxed
            // (see `ProxyAnswer`): the route read under the lock is its check,
            // and it has no isolation to check. A selector's id fixes its type.
            return (closures as! ProxyAnswer<Arguments, Result>).answer(arguments)
        }
        let snapshot = HandlerCore<ProxyClosure<Arguments, Result>>.typed(closures)
        return _dispatch(snapshot, route, selector, arguments, defaultValue, realDelegate)
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
        _ realDelegate: (Delegate, Arguments) -> Result
    ) -> Result {
        let dispatch = HandlerDispatch(snapshot, removals: route.removals)
        let hasDelegate = route.delegate != nil
        defer { route.releaseDelegate() }
        var combine: ((Result, Result) -> Result)?
        if hasDelegate, let rule = selector.combining.combine { combine = rule }
        // What the oldest instead closure replaces, with the arguments it
        // proceeds with.
        func replaced(_ arguments: Arguments) -> Result {
            if hasDelegate { return route.withDelegate(as: Delegate.self) { realDelegate($0, arguments) } }
            return defaultValue()
        }
        return Stages.run(
            selector, arguments,
            shared: HandlerDispatch<ProxyClosure<Arguments, Result>>?.none, where: { _ in true },
            own: dispatch, ready: { $0.isReady },
            observe: { closure, position, result in closure.observe(selector, position, arguments, result: result) },
            link: { closure, arguments, next in closure.link?.run(selector, arguments, next: next) },
            combine: combine,
            end: replaced)
    }
}
