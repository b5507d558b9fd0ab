import Foundation

/// Closure conveniences for `FileManager`.
///
/// Each convenience answers both variants of its delegate method (the path
/// one and the URL one; paths arrive as file URLs), under one token. The
/// answers combine with the real delegate's by `&&`: see
/// ``FileManagerDelegateProxy``.
extension FileManager {
    /// The file manager's delegate proxy, installed on first use; the previous
    /// delegate becomes its `realDelegate`.
    public var delegateProxy: FileManagerDelegateProxy {
        FileManagerDelegateProxy.proxy(for: self)
    }

    /// Decides whether to copy each item (for a directory, the directory and
    /// then each item inside).
    ///
    /// ```swift
    /// let token = files.onShouldCopy { source, _ in source.pathExtension != "tmp" }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: Where the closure runs: the caller's actor, which Swift passes
    ///     for you (see the Isolation article).
    ///   - decide: Called with the source and destination; `false`
    ///   skips the item.
    /// - Returns: The token that removes the closure.
    public func onShouldCopy(
        isolation: isolated (any Actor)? = #isolation,
        _ decide: @escaping (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let proxy = delegateProxy
        return both(
            proxy.implement(FileManagerDelegateProxy.shouldCopyItem, isolation: isolation) { decide($0.1, $0.2) },
            proxy.implement(FileManagerDelegateProxy.shouldCopyItemAtPath, isolation: isolation) {
                decide(URL(fileURLWithPath: $0.1), URL(fileURLWithPath: $0.2))
            })
    }

    /// Decides whether to move each item.
    ///
    /// - Parameters:
    ///   - isolation: Where the closure runs: the caller's actor, which Swift passes
    ///     for you (see the Isolation article).
    ///   - decide: Called with the source and destination; `false`
    ///   leaves the item where it is.
    /// - Returns: The token that removes the closure.
    public func onShouldMove(
        isolation: isolated (any Actor)? = #isolation,
        _ decide: @escaping (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let proxy = delegateProxy
        return both(
            proxy.implement(FileManagerDelegateProxy.shouldMoveItem, isolation: isolation) { decide($0.1, $0.2) },
            proxy.implement(FileManagerDelegateProxy.shouldMoveItemAtPath, isolation: isolation) {
                decide(URL(fileURLWithPath: $0.1), URL(fileURLWithPath: $0.2))
            })
    }

    /// Decides whether to link each item.
    ///
    /// - Parameters:
    ///   - isolation: Where the closure runs: the caller's actor, which Swift passes
    ///     for you (see the Isolation article).
    ///   - decide: Called with the source and destination; `false`
    ///   skips the item.
    /// - Returns: The token that removes the closure.
    public func onShouldLink(
        isolation: isolated (any Actor)? = #isolation,
        _ decide: @escaping (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let proxy = delegateProxy
        return both(
            proxy.implement(FileManagerDelegateProxy.shouldLinkItem, isolation: isolation) { decide($0.1, $0.2) },
            proxy.implement(FileManagerDelegateProxy.shouldLinkItemAtPath, isolation: isolation) {
                decide(URL(fileURLWithPath: $0.1), URL(fileURLWithPath: $0.2))
            })
    }

    /// Decides whether to remove each item (for a directory, the directory
    /// first, then each item inside).
    ///
    /// - Parameters:
    ///   - isolation: Where the closure runs: the caller's actor, which Swift passes
    ///     for you (see the Isolation article).
    ///   - decide: Called with the item; `false` keeps it.
    /// - Returns: The token that removes the closure.
    public func onShouldRemove(
        isolation: isolated (any Actor)? = #isolation,
        _ decide: @escaping (_ item: URL) -> Bool
    ) -> CancellationToken {
        let proxy = delegateProxy
        return both(
            proxy.implement(FileManagerDelegateProxy.shouldRemoveItem, isolation: isolation) { decide($0.1) },
            proxy.implement(FileManagerDelegateProxy.shouldRemoveItemAtPath, isolation: isolation) {
                decide(URL(fileURLWithPath: $0.1))
            })
    }

    private func both(_ first: CancellationToken, _ second: CancellationToken) -> CancellationToken {
        TokenGroup([first, second]).token()
    }
}
