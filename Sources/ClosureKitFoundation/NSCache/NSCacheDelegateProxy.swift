import Foundation

/// A delegate proxy for `NSCache`: closures for
/// `cache(_:willEvictObject:)`, with the cache's previous delegate kept as
/// `realDelegate`.
///
/// ```swift
/// let cache = NSCache<NSString, Thumbnail>()
/// cache.countLimit = 100
/// let token = cache.onEvict { thumbnail in
///     thumbnail.releaseGPUMemory()
/// }
/// ```
///
/// Get a cache's proxy with `NSCache.delegateProxy` or
/// ``proxy(for:)``; the first call installs it and keeps the previous
/// delegate as `realDelegate`. The cache keeps its proxy alive.
///
/// `NSCacheDelegate` refines `NSObjectProtocol`, which only `NSObject`
/// subclasses can adopt on Apple platforms, so the object the cache actually
/// holds as its delegate is a small internal `NSObject` that forwards to this
/// proxy. Read it as the cache's `delegate`; do not make it the
/// `realDelegate` of the same proxy (the proxy ignores it there rather
/// than loop).
///
/// ## Threads
///
/// `NSCache` tells its delegate about an eviction on the thread that caused
/// it (a `setObject` over the limit, on swift-corelibs-foundation). A cache
/// is not `Sendable`, and neither is its proxy, a `DelegateProxy`: a closure
/// that receives the cache or an object that is not `Sendable` joins the
/// cache's region and runs during the eviction, in the registrant's
/// isolation (the compiler keeps the cache there). `NSCache.onEvict` for
/// `Sendable` objects also takes a `@Sendable` closure that, registered from
/// an actor, runs on the actor, at once when the eviction happens there,
/// otherwise enqueued to it with the object.
public final class NSCacheDelegateProxy: DelegateProxy<any NSCacheDelegate>, SelectorDeclaring {
    /// The methods of `NSCacheDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `cache(_:willEvictObject:)`: the cache is about to evict an object.
        ///
        /// Arguments: `(cache, object)`. The cache is passed with its key and
        /// object types erased to `AnyObject`, as Foundation declares it.
        public let willEvictObject = MethodSelector<(NSCache<AnyObject, AnyObject>, Any), Void>(
            "cache(_:willEvictObject:)", objC: "cache:willEvictObject:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    /// Creates a proxy that is not installed on any cache.
    public required init() {
        super.init()
        NSCacheDelegateAdapter().serve(self)
    }

    /// The proxy of `cache`, created and installed as its delegate the first
    /// time; the previous delegate becomes `realDelegate`.
    ///
    /// Asking again returns the same proxy, in the cache's region.
    ///
    /// - Parameter cache: The cache.
    /// - Returns: The installed proxy.
    public static func proxy<Key, Object>(for cache: NSCache<Key, Object>) -> NSCacheDelegateProxy {
        proxy(for: cache, getDelegate: { cache.delegate }, setDelegate: { cache.delegate = $0 })
    }

    /// Removes the proxy from `cache` and makes its `realDelegate` the
    /// cache's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter cache: The cache.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall<Key, Object>(from cache: NSCache<Key, Object>) -> NSCacheDelegateProxy? {
        uninstall(from: cache, setDelegate: { cache.delegate = $0 })
    }

    /// The object a cache holds as its delegate: it forwards every message to
    /// this proxy. ``proxy(for:)`` installs it.
    public var cacheDelegate: any NSCacheDelegate { servingAdapter }
}

/// What `NSCache` holds as its delegate: an `NSObject` (as `NSCacheDelegate`
/// requires) that forwards to its proxy.
final class NSCacheDelegateAdapter: DelegateProxyAdapter, NSCacheDelegate, ProxyServingAdapter {
    typealias Proxy = NSCacheDelegateProxy

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        send(Proxy.selectors.willEvictObject, (cache, obj)) { $0.cache(_:willEvictObject:) }
    }
}
