import Foundation

/// Closure conveniences for `FileManager`.
///
/// Each convenience answers both variants of its delegate method (the path
/// one and the URL one; paths arrive as file URLs), under one token. The
/// answers combine with the real delegate's by `&&`: see
/// ``FileManagerDelegateProxy``.
///
/// A decision registered from an actor answers only the operations run on
/// that actor; the others go on as if it were not there. On Apple systems
/// before the 26 releases (macOS 26, iOS 26, tvOS 26, watchOS 26,
/// visionOS 26), one registered from an actor other than the main actor
/// never answers: those runtimes cannot tell the library that an operation
/// runs on such an actor. Register it from the main actor or from
/// nonisolated code there.
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
    ///   - decide: Called with the source and destination; `false`
    ///   skips the item.
    /// - Returns: The token that removes the closure.
    public func onShouldCopy(
        @_inheritActorContext _ decide: @escaping @isolated(any) @Sendable (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let selectors = FileManagerDelegateProxy.selectors
        return implement(selectors.shouldCopyItem, selectors.shouldCopyItemAtPath, with: decide)
    }

    /// Decides whether to move each item.
    ///
    /// - Parameters:
    ///   - decide: Called with the source and destination; `false`
    ///   leaves the item where it is.
    /// - Returns: The token that removes the closure.
    public func onShouldMove(
        @_inheritActorContext _ decide: @escaping @isolated(any) @Sendable (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let selectors = FileManagerDelegateProxy.selectors
        return implement(selectors.shouldMoveItem, selectors.shouldMoveItemAtPath, with: decide)
    }

    /// Decides whether to link each item.
    ///
    /// - Parameters:
    ///   - decide: Called with the source and destination; `false`
    ///   skips the item.
    /// - Returns: The token that removes the closure.
    public func onShouldLink(
        @_inheritActorContext _ decide: @escaping @isolated(any) @Sendable (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let selectors = FileManagerDelegateProxy.selectors
        return implement(selectors.shouldLinkItem, selectors.shouldLinkItemAtPath, with: decide)
    }

    /// Decides whether to remove each item (for a directory, the directory
    /// first, then each item inside).
    ///
    /// - Parameters:
    ///   - decide: Called with the item; `false` keeps it.
    /// - Returns: The token that removes the closure.
    public func onShouldRemove(
        @_inheritActorContext _ decide: @escaping @isolated(any) @Sendable (_ item: URL) -> Bool
    ) -> CancellationToken {
        let (actor, decide) = (decide.isolation, IsolatedCall.callable(decide))
        let proxy = delegateProxy
        return both(
            proxy.implement(FileManagerDelegateProxy.selectors.shouldRemoveItem, on: actor) { decide($0.1) },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldRemoveItemAtPath, on: actor) {
                decide(URL(fileURLWithPath: $0.1))
            })
    }

    /// What `onShouldCopy`, `onShouldMove` and `onShouldLink` do: `decide`
    /// answers both the URL and the path form of one question, as URLs.
    private func implement(
        _ urlForm: MethodSelector<(FileManager, URL, URL), Bool>,
        _ pathForm: MethodSelector<(FileManager, String, String), Bool>,
        with decide: @escaping @isolated(any) @Sendable (_ source: URL, _ destination: URL) -> Bool
    ) -> CancellationToken {
        let (actor, decide) = (decide.isolation, IsolatedCall.callable(decide))
        let proxy = delegateProxy
        return both(
            proxy.implement(urlForm, on: actor) { decide($0.1, $0.2) },
            proxy.implement(pathForm, on: actor) { decide(URL(fileURLWithPath: $0.1), URL(fileURLWithPath: $0.2)) })
    }

    private func both(_ first: CancellationToken, _ second: CancellationToken) -> CancellationToken {
        TokenGroup([first, second]).token()
    }
}
