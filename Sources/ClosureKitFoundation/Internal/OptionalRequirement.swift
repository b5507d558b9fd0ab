import ClosureKit

/// A method of a Foundation delegate protocol as an optional function, the
/// same expression on every platform.
///
/// On Apple platforms the delegate protocols declare their methods
/// `@objc optional`, so `delegate.parser(_:foundCharacters:)` is already an
/// optional function (nil when the delegate does not implement it). On other
/// platforms the methods are requirements with default implementations, so
/// the function is never nil and is wrapped here. An adapter therefore writes
/// each call to its real delegate once, as
/// `optionalRequirement($0.parser(_:foundCharacters:))?(parser, string)`.
@inline(__always)
func optionalRequirement<Function>(_ method: Function?) -> Function? {
    method
}

/// Which method of a proxy each Objective-C selector of its protocol names:
/// what an adapter's `responds(to:)` answers from on Apple platforms, where
/// Foundation asks before it sends an optional method.
///
/// One table per adapter, next to its methods. Plain Swift, so that the
/// tests check it on every platform.
struct ObjCSelectorTable<Delegate>: Sendable {
    struct Entry: Sendable {
        /// The proxy method's Swift name, such as `parser(_:foundCharacters:)`.
        let name: String
        /// Whether the proxy has closures for the method.
        let hasClosures: @Sendable (DelegateProxy<Delegate>) -> Bool
    }

    /// Keyed by the Objective-C selector, such as `parser:foundCharacters:`.
    let entries: [String: Entry]

    /// One line of a table.
    struct Row: Sendable {
        let objC: String
        let entry: Entry
        let selector: AnyMethodSelector

        /// The Objective-C selector `objC` names `selector`.
        static func entry<Arguments, Result>(
            _ objC: String, _ selector: MethodSelector<Arguments, Result>
        ) -> Row {
            Row(
                objC: objC, entry: Entry(name: selector.name, hasClosures: { $0.hasHandlers(for: selector) }),
                selector: selector.erased)
        }
    }

    /// The Objective-C selectors, in the order the rows list them.
    let objCSelectors: [String]

    /// Every method of the protocol, in the order the rows list them.
    let selectors: [AnyMethodSelector]

    /// Makes a table. Its rows name the proxy's declared selectors
    /// (`P.selectors.x`): the table gives each its Objective-C name and
    /// declares nothing.
    init(_ rows: [Row]) {
        objCSelectors = rows.map(\.objC)
        selectors = rows.map(\.selector)
        entries = Dictionary(rows.map { ($0.objC, $0.entry) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether an adapter whose proxy is `proxy` answers the Objective-C
    /// selector `objC`: a closure is registered for its method, or the real
    /// delegate implements it (`realDelegateResponds`). Nil for a selector
    /// that is not one of the protocol's (the adapter answers for itself).
    /// What `DelegateAdapter.respondsToProtocolMethod(named:realDelegateResponds:)`
    /// answers.
    func responds(
        to objC: String, proxy: DelegateProxy<Delegate>?, realDelegateResponds: (AnyObject) -> Bool
    ) -> Bool? {
        guard let entry = entries[objC] else { return nil }
        guard let proxy else { return false }
        if entry.hasClosures(proxy) { return true }
        return proxy.realDelegate.map { realDelegateResponds($0 as AnyObject) } ?? false
    }
}
