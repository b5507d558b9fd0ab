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
    ///   - handler: Called with the object, on the thread that caused the
    ///     eviction.
    /// - Returns: The token that removes the closure.
    public func onEvict(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (_ object: ObjectType) -> Void
    ) -> CancellationToken {
        let (actor, handler) = (handler.isolation, IsolatedCall.callable(handler))
        return delegateProxy.after(NSCacheDelegateProxy.selectors.willEvictObject, options: options, on: actor) {
            invocation in
            guard let object = invocation.arguments.1 as? ObjectType else { return }
            handler(object)
        }
    }
}
