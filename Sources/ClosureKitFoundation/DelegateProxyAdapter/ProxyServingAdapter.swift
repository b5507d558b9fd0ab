/// The adapter of one of this module's ready-made proxies: a
/// ``DelegateProxyAdapter`` that names the class of proxy it serves, so that
/// each of its protocol methods is one `send` of the proxy's selector, its
/// arguments and the method read from the real delegate
/// (`StreamDelegateAdapter` is the shortest).
///
/// Each `send` does what ``DelegateProxyAdapter/withProxy(_:_:)`` around the
/// proxy's `forward` does, and answers `default` once the proxy has ended.
protocol ProxyServingAdapter: DelegateProxyAdapter {
    /// The class of the proxy this adapter serves.
    associatedtype Proxy: AnyObject
}

extension ProxyServingAdapter {
    /// Sends a message through the served proxy, which answers with its
    /// closures, its real delegate or `default` (see
    /// `DelegateProxyBase.forward(_:_:default:function:call:)`).
    ///
    /// The real delegate is asked through `method`, which reads the method
    /// from it as a function: `{ $0.archiver(_:didEncode:) }`. The one
    /// expression compiles on every platform: where the protocol's methods
    /// are `@objc optional` (Apple's), the function is nil when the real
    /// delegate does not implement the method, and `default` answers, as
    /// Foundation does for such a delegate; where they are requirements with
    /// default implementations (swift-corelibs-foundation's), it never is.
    /// The function holds a copy of the real delegate, a retain and a release
    /// per message: the `XMLParser` adapter, whose messages come per event,
    /// calls each method directly in ``DelegateProxyAdapter/withProxy(_:_:)``
    /// instead: through `send`, a parse would make more than twice the
    /// retains and releases.
    ///
    /// - Parameters:
    ///   - selector: The message's selector, one of `Proxy`'s.
    ///   - arguments: The message's arguments.
    ///   - defaultValue: The protocol's answer where nothing else answers,
    ///     and once the proxy has ended.
    ///   - function: The calling method, for the proxy's debug check that a
    ///     method forwards its own selector.
    ///   - method: Reads the method from the real delegate.
    /// - Returns: The message's result.
    @inline(__always)
    func send<Delegate, each Argument, Result>(
        _ selector: MethodSelector<(repeat each Argument), Result>,
        _ arguments: (repeat each Argument),
        default defaultValue: @autoclosure () -> Result,
        function: StaticString = #function,
        to method: (Delegate) -> ((repeat each Argument) -> Result)?
    ) -> Result where Proxy: DelegateProxyBase<Delegate> {
        send(selector, arguments, default: defaultValue(), function: function) { method($0)?(repeat each $1) }
    }

    /// ``send(_:_:default:function:to:)`` for a message that returns nothing.
    @inline(__always)
    func send<Delegate, each Argument>(
        _ selector: MethodSelector<(repeat each Argument), Void>,
        _ arguments: (repeat each Argument),
        function: StaticString = #function,
        to method: (Delegate) -> ((repeat each Argument) -> Void)?
    ) where Proxy: DelegateProxyBase<Delegate> {
        send(selector, arguments, function: function) { method($0)?(repeat each $1) }
    }

    /// Sends a message through the served proxy, whose real delegate `call`
    /// receives with the message's arguments. It returns nil where the real
    /// delegate does not implement the method, and `default` answers then.
    ///
    /// For a message that passes a function (a completion handler), which
    /// ``send(_:_:default:function:to:)`` cannot take: Swift 6.3 crashes
    /// lowering a function inside a parameter pack.
    @inline(__always)
    func send<Delegate, Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        default defaultValue: @autoclosure () -> Result,
        function: StaticString = #function,
        call: (Delegate, Arguments) -> Result?
    ) -> Result where Proxy: DelegateProxyBase<Delegate> {
        guard let proxy = servedProxy as? Proxy else { return defaultValue() }
        return proxy.forward(selector, arguments, default: defaultValue(), function: function) {
            call($0, $1) ?? defaultValue()
        }
    }

    /// ``send(_:_:default:function:call:)`` for a message that returns
    /// nothing.
    @inline(__always)
    func send<Delegate, Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ arguments: Arguments,
        function: StaticString = #function,
        call: (Delegate, Arguments) -> Void
    ) where Proxy: DelegateProxyBase<Delegate> {
        guard let proxy = servedProxy as? Proxy else { return }
        proxy.forward(selector, arguments, function: function, call: call)
    }
}
