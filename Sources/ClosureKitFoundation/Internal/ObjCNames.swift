import ClosureKit
import Foundation

/// The Objective-C side of a proxy's declaration: the checks and the answer
/// of ``DelegateProxyAdapter``, in plain Swift so that the tests run them on
/// every platform.
enum ObjCNames {
    /// The proxy classes whose declarations passed ``requireComplete(_:)``.
    private static let checked = CheckedClasses()

    /// Stops the program unless every selector `proxyClass` declares has an
    /// Objective-C name, no two the same: an adapter answers `responds(to:)`
    /// from those names, and a method without one would be answered by
    /// `NSObject`, from what the adapter implements rather than from the
    /// proxy's closures. Checks each class once.
    static func requireComplete<Delegate>(_ proxyClass: DelegateProxyBase<Delegate>.Type) {
        let key = ObjectIdentifier(proxyClass)
        guard !checked.contains(key) else { return }
        if let problem = problem(in: proxyClass.declaredSelectors, of: "\(proxyClass)") {
            preconditionFailure(problem)
        }
        checked.insert(key)
    }

    /// What is wrong with `selectors` as the declaration of a proxy that an
    /// adapter serves, or nil when every selector has an Objective-C name and
    /// no name is declared twice.
    ///
    /// - Parameters:
    ///   - selectors: A proxy's declared selectors.
    ///   - proxy: The proxy class's name, for the message.
    static func problem(in selectors: [AnyMethodSelector], of proxy: String) -> String? {
        if selectors.isEmpty {
            return "\(proxy) declares no methods for its adapter to answer: adopt SelectorDeclaring and declare "
                + "each method of the protocol once, as a stored property of `static let selectors`"
        }
        let unnamed = selectors.filter { $0.objCName == nil }.map(\.name)
        if !unnamed.isEmpty {
            return "\(proxy) is served by a DelegateProxyAdapter, which answers responds(to:) by the Objective-C "
                + "names of the proxy's methods, but these selectors have none: \(unnamed.joined(separator: ", ")). "
                + "Declare each with its name, as MethodSelector<…>(\"\(unnamed[0])\", objC: \"…\")"
        }
        var seen = [String: String]()
        for selector in selectors {
            guard let objC = selector.objCName else { continue }
            if let first = seen[objC] {
                return "\(proxy) declares the Objective-C name \(objC) twice, for \(first) and \(selector.name); "
                    + "each method of an Objective-C protocol has its own selector name"
            }
            seen[objC] = selector.name
        }
        return nil
    }

    /// Whether an adapter that serves a `proxyClass` answers the method
    /// named `objCName`: nil when `proxyClass` declares no such method; false
    /// when `proxy` has ended; otherwise whether `proxy` has a closure for
    /// it or its real delegate implements it (`realDelegateResponds`, asked
    /// only when no closure answers).
    static func responds<Delegate>(
        _ proxyClass: DelegateProxyBase<Delegate>.Type, _ proxy: DelegateProxyBase<Delegate>?, to objCName: String,
        realDelegateResponds: (AnyObject) -> Bool
    ) -> Bool? {
        guard let selector = proxyClass.declaredSelector(objCName: objCName) else { return nil }
        guard let proxy else { return false }
        if proxy.hasHandlers(for: selector) { return true }
        return proxy.realDelegate.map { realDelegateResponds($0 as AnyObject) } ?? false
    }
}

/// A set of classes behind an `NSLock` (`NSLock.withLock` needs macOS 14 /
/// iOS 17, `Synchronization.Mutex` macOS 15 / iOS 18, both above the
/// package's floor). `@unchecked Sendable`: `lock` guards `classes`, its
/// only mutable state, and no user code runs under it.
private final class CheckedClasses: @unchecked Sendable {
    private let lock = NSLock()
    private var classes = Set<ObjectIdentifier>()

    func contains(_ key: ObjectIdentifier) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return classes.contains(key)
    }

    func insert(_ key: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        classes.insert(key)
    }
}
