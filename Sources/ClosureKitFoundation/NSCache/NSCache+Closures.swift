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
    ///   - isolation: Where the closure runs: the caller's actor, which Swift passes
    ///     for you (see the Isolation article).
    ///   - handler: Called with the object, on the thread that caused the
    ///     eviction.
    /// - Returns: The token that removes the closure.
    public func onEvict(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping (_ object: ObjectType) -> Void
    ) -> CancellationToken {
        delegateProxy.after(NSCacheDelegateProxy.willEvictObject, options: options, isolation: isolation) {
            invocation in
            guard let object = invocation.arguments.1 as? ObjectType else { return }
            handler(object)
        }
    }
}
