extension DelegateProxyBase {
    /// The proxy of this class for `object`, created and installed as the
    /// object's delegate the first time.
    ///
    /// ```swift
    /// let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)
    /// ```
    ///
    /// There is one proxy per (object, protocol): asking again, from any
    /// thread, also from many threads at once, returns the same instance. On
    /// first installation the object's current delegate becomes the proxy's
    /// ``realDelegate`` and the proxy becomes the object's delegate.
    ///
    /// The object keeps the proxy alive through an ``Association`` (delegate
    /// properties are usually weak), so the proxy ends with the object: at
    /// once for objects that adopt ``Lifetime``, otherwise when the library
    /// notices the end (see ``ObjectLifetime``). The proxy holds neither the
    /// object nor the real delegate strongly. The object need not adopt
    /// ``Lifetime``.
    ///
    /// If something else replaces the object's delegate after installation,
    /// the proxy is no longer asked; ``uninstall(from:delegate:)`` and install
    /// again, or set ``realDelegate`` and the property yourself.
    ///
    /// - Parameters:
    ///   - object: The delegating object.
    ///   - keyPath: The object's delegate property, weak or strong.
    /// - Returns: The installed proxy.
    /// - Precondition: The proxy class conforms to `Delegate`, and no proxy of
    ///   another class is installed on `object` for the same protocol.
    public static func proxy<Object: AnyObject>(
        for object: Object,
        delegate keyPath: ReferenceWritableKeyPath<Object, Delegate?>
    ) -> Self {
        proxy(
            for: object,
            getDelegate: { object[keyPath: keyPath] },
            setDelegate: { object[keyPath: keyPath] = $0 })
    }

    /// The proxy of this class for `object`, created and installed through a
    /// getter and a setter of the object's delegate the first time.
    ///
    /// Use it where the delegate is not a writable property, for example a
    /// pair of `delegate()` and `setDelegate(_:)` methods:
    ///
    /// ```swift
    /// let proxy = DownloadProxy.proxy(
    ///     for: queue,
    ///     getDelegate: { queue.delegate() },
    ///     setDelegate: { queue.setDelegate($0) })
    /// ```
    ///
    /// The same rules as ``proxy(for:delegate:)`` apply. `getDelegate` and
    /// `setDelegate` are called only by the caller that creates the proxy,
    /// once each, with no library lock held. A caller that loses a race to
    /// create it gets the winner's proxy, which may still be in the middle of
    /// becoming the delegate on the winner's thread.
    ///
    /// - Parameters:
    ///   - object: The delegating object.
    ///   - getDelegate: Returns the object's current delegate.
    ///   - setDelegate: Makes its argument the object's delegate.
    /// - Returns: The installed proxy.
    public static func proxy(
        for object: AnyObject,
        getDelegate: () -> Delegate?,
        setDelegate: (Delegate?) -> Void
    ) -> Self {
        if let existing = existingProxy(for: object) { return existing }
        let candidate = Self()
        let installed = candidate.attach(to: object)
        if installed === candidate {
            installed.realDelegate = getDelegate()
            setDelegate(installed.asDelegate)
        }
        return installed
    }

    /// The proxy of this class installed on `object`, or nil. Creates nothing.
    ///
    /// - Parameter object: The delegating object.
    /// - Precondition: No proxy of another class is installed on `object` for
    ///   the same protocol.
    public static func existingProxy(for object: AnyObject) -> Self? {
        guard let storage = SideTable.existingStorage(for: object),
            let box = storage.box(for: associationID)
        else { return nil }
        return cast(ValueBox<AnyObject>.unchecked(box).value(), for: object)
    }

    /// Makes `object` keep `proxy` alive as its proxy for this protocol,
    /// without touching its delegate property: for objects whose delegate is
    /// fixed at initialisation (`URLSession` takes its delegate in `init`).
    ///
    /// ```swift
    /// let proxy = DownloadProxy()
    /// proxy.realDelegate = myDelegate
    /// let session = DownloadSession(delegate: proxy)   // holds its delegate from init on
    /// proxy.attach(to: session)
    /// ```
    ///
    /// - Parameter object: The delegating object.
    /// - Returns: The proxy now attached to `object`: this one, or the one
    ///   that was attached already (attaching never replaces one).
    @discardableResult
    public final func attach(to object: AnyObject) -> Self {
        let storage = SideTable.storage(for: object)
        let box = storage.existingBox(for: Self.associationID, orInsert: StrongValueBox<AnyObject>(self))
        return Self.castInstalled(ValueBox<AnyObject>.unchecked(box).value(), for: object)
    }

    /// Removes the proxy of this class from `object` and makes its real
    /// delegate the object's delegate again.
    ///
    /// ```swift
    /// DownloadProxy.uninstall(from: task, delegate: \.delegate)
    /// ```
    ///
    /// The proxy's closures stay registered on the proxy (tokens you hold keep
    /// working), but the object no longer sends it messages nor keeps it
    /// alive. Does nothing when no proxy is installed.
    ///
    /// - Parameters:
    ///   - object: The delegating object.
    ///   - keyPath: The object's delegate property.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall<Object: AnyObject>(
        from object: Object,
        delegate keyPath: ReferenceWritableKeyPath<Object, Delegate?>
    ) -> Self? {
        uninstall(from: object, setDelegate: { object[keyPath: keyPath] = $0 })
    }

    /// Removes the proxy of this class from `object` and hands its real
    /// delegate to `setDelegate`, to become the object's delegate again.
    ///
    /// - Parameters:
    ///   - object: The delegating object.
    ///   - setDelegate: Makes its argument the object's delegate; called once,
    ///     with no library lock held, only when a proxy was installed.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from object: AnyObject, setDelegate: (Delegate?) -> Void) -> Self? {
        guard let proxy = existingProxy(for: object) else { return nil }
        setDelegate(proxy.realDelegate)
        if let storage = SideTable.existingStorage(for: object) {
            let old = storage.replaceBox(for: associationID, with: nil)
            _ = old
        }
        return proxy
    }

    // MARK: - Private

    /// The proxy, or its ``standIn``, as a value of the protocol type, for
    /// the delegate property.
    var asDelegate: Delegate {
        if let standIn {
            guard let delegate = standIn as? Delegate else {
                preconditionFailure(
                    "\(Self.self)'s stand-in, a \(type(of: standIn)), must conform to \(Delegate.self) to be "
                        + "installed as the delegate")
            }
            return delegate
        }
        guard let delegate = self as? Delegate else {
            preconditionFailure(
                "\(Self.self) must conform to \(Delegate.self) to be installed as a delegate: declare it "
                    + "`class \(Self.self): DelegateProxy<\(Delegate.self)>, <the protocol>`, or give it a "
                    + "stand-in that does (setStandIn(_:))")
        }
        return delegate
    }

    /// The association id under which an object keeps its proxy for
    /// `Delegate`: one per protocol, whatever the proxy class.
    static var associationID: Int {
        ProxyKeys.id(for: Delegate.self)
    }

    private static func cast(_ value: AnyObject?, for object: AnyObject) -> Self? {
        guard let value else { return nil }
        guard let proxy = value as? Self else {
            preconditionFailure(
                "\(type(of: object)) already has a \(type(of: value)) for \(Delegate.self); asked for \(Self.self). "
                    + "An object has one proxy per protocol: ask \(type(of: value)) for it, or uninstall it first")
        }
        return proxy
    }

    private static func castInstalled(_ value: AnyObject?, for object: AnyObject) -> Self {
        guard let proxy = cast(value, for: object) else {
            preconditionFailure("a proxy association of \(type(of: object)) holds nil")
        }
        return proxy
    }
}

/// One association key per delegate protocol.
enum ProxyKeys {
    private static let ids = Locked([ObjectIdentifier: Int]())

    static func id(for protocolType: Any.Type) -> Int {
        let key = ObjectIdentifier(protocolType)
        return ids.withLock { ids in
            if let id = ids[key] { return id }
            let id = KeyCounter.next()
            ids[key] = id
            return id
        }
    }
}
