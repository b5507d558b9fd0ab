import Foundation

/// Closure conveniences for `NSCache`.
extension NSCache {
    /// The cache's delegate proxy, installed on first use; the previous
    /// delegate becomes its `realDelegate`.
    public var delegateProxy: NSCacheDelegateProxy {
        NSCacheDelegateProxy.proxy(for: self)
    }

    /// Observes evictions: the closure receives each object the cache is
    /// about to evict, typed as the cache's object type.
    ///
    /// ```swift
    /// let token = cache.onEvict { image in print("evicting", image) }
    /// ```
    ///
    /// The cache's previous delegate still receives
    /// `cache(_:willEvictObject:)`, first. Which removals count as evictions
    /// is Foundation's choice: on swift-corelibs-foundation, exceeding
    /// `countLimit` or `totalCostLimit`; on Apple platforms also
    /// `removeObject(forKey:)` and `removeAllObjects()`.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the object, on the thread that caused the
    ///     eviction.
    /// - Returns: The token that removes the closure.
    public func onEvict(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ object: ObjectType) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        return delegateProxy.observeAfter(NSCacheDelegateProxy.selectors.willEvictObject, options: options, on: actor) {
            guard let object = $0.1 as? ObjectType else { return }
            handler(object)
        }
    }

    /// Observes evictions of a cache whose objects are `Sendable`, from any
    /// isolation: the closure is `@Sendable`, and, registered from an actor,
    /// runs on that actor, at once when the eviction happens there,
    /// otherwise enqueued to it with the object (which may cross because it
    /// is `Sendable`). The cache is not passed, and so stays where it is.
    ///
    /// Swift picks this form when `ObjectType` is `Sendable`; see the form
    /// above for the rest.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the object.
    /// - Returns: The token that removes the closure.
    public func onEvict(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (_ object: ObjectType) -> Void
    ) -> CancellationToken where ObjectType: Sendable {
        let (deliver, delivery) = ActorDelivery<ObjectType>.make(handler)
        // Nonisolated and `@Sendable`: it runs on the thread that evicts,
        // picks the object there, and hands only the object on.
        let token = delegateProxy.observeAfter(NSCacheDelegateProxy.selectors.willEvictObject, options: options) {
            guard let object = $0.1 as? ObjectType else { return }
            deliver(object)
        }
        return ActorDelivery.token(token, ending: delivery)
    }
}
