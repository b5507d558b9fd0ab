import Foundation

/// A delegate proxy for `FileManager`: closures for every method of
/// `FileManagerDelegate` (whether to copy, move, link or remove an item, and
/// whether to go on after an error), with the file manager's previous
/// delegate kept as `realDelegate`.
///
/// ```swift
/// let files = FileManager()
/// let token = files.onShouldCopy { source, _ in
///     !source.lastPathComponent.hasPrefix(".")      // skip hidden files
/// }
/// try files.copyItem(at: folder, to: backup)
/// ```
///
/// Use a `FileManager` of your own, not `FileManager.default`, which is
/// shared by the whole process.
///
/// ## Combining rule
///
/// Every method returns a `Bool` and asks "should": the rule is `&&`. When a
/// closure and the real delegate both answer, both are asked (the real
/// delegate first) and the operation goes ahead only if both say `true`. With
/// neither, the answer is Foundation's default: `true` for "should copy,
/// move, link, remove", `false` for "should proceed after error".
///
/// ## Threads
///
/// A file manager asks its delegate on the thread that runs the operation,
/// and needs the answer at once. A closure runs where the code that
/// registered it lives (the rule of ClosureKit's Isolation article):
/// registered from nonisolated code, it is `@Sendable` and answers on that
/// thread; registered from an actor, it answers the operations run on that
/// actor; an operation run elsewhere stops the program, unless the
/// registration passed `.onItsActorOnly`, and then the real delegate (or
/// Foundation's default) decides. On Apple systems before the 26 releases,
/// for an actor other than the main actor, the actor's own
/// `preconditionIsolated` decides. On swift-corelibs-foundation it asks
/// the URL variants of the methods, also for path-based operations; the
/// `FileManager` conveniences register both variants.
///
/// ## The file manager's delegate object
///
/// On Apple platforms `FileManagerDelegate` refines `NSObjectProtocol`, so
/// the object the file manager holds (``fileManagerDelegate``) is a small
/// internal `NSObject` that forwards to this proxy, on every platform alike.
// `@unchecked Sendable`, restated from `SendableDelegateProxy` as Swift asks
// of a subclass: the proxy adds no state of its own (its adapter is its
// base's stand-in, set in `init`), and every closure it holds is `@Sendable`.
public final class FileManagerDelegateProxy: SendableDelegateProxy<any FileManagerDelegate>, SelectorDeclaring,
    @unchecked Sendable
{
    /// The methods of `FileManagerDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `fileManager(_:shouldCopyItemAtPath:toPath:)`: asks whether to copy the item at a path.
        ///
        /// Arguments: `(fileManager, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldCopyItemAtPath = MethodSelector<(FileManager, String, String), Bool>(
            "fileManager(_:shouldCopyItemAtPath:toPath:)", objC: "fileManager:shouldCopyItemAtPath:toPath:")

        /// `fileManager(_:shouldProceedAfterError:copyingItemAtPath:toPath:)`: asks whether to go on after an error
        /// while copying the item at a path.
        ///
        /// Arguments: `(fileManager, error, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterCopyErrorAtPath = MethodSelector<
            (FileManager, any Error, String, String), Bool
        >(
            "fileManager(_:shouldProceedAfterError:copyingItemAtPath:toPath:)",
            objC: "fileManager:shouldProceedAfterError:copyingItemAtPath:toPath:")

        /// `fileManager(_:shouldMoveItemAtPath:toPath:)`: asks whether to move the item at a path.
        ///
        /// Arguments: `(fileManager, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldMoveItemAtPath = MethodSelector<(FileManager, String, String), Bool>(
            "fileManager(_:shouldMoveItemAtPath:toPath:)", objC: "fileManager:shouldMoveItemAtPath:toPath:")

        /// `fileManager(_:shouldProceedAfterError:movingItemAtPath:toPath:)`: asks whether to go on after an error
        /// while moving the item at a path.
        ///
        /// Arguments: `(fileManager, error, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterMoveErrorAtPath = MethodSelector<
            (FileManager, any Error, String, String), Bool
        >(
            "fileManager(_:shouldProceedAfterError:movingItemAtPath:toPath:)",
            objC: "fileManager:shouldProceedAfterError:movingItemAtPath:toPath:")

        /// `fileManager(_:shouldLinkItemAtPath:toPath:)`: asks whether to link the item at a path.
        ///
        /// Arguments: `(fileManager, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldLinkItemAtPath = MethodSelector<(FileManager, String, String), Bool>(
            "fileManager(_:shouldLinkItemAtPath:toPath:)", objC: "fileManager:shouldLinkItemAtPath:toPath:")

        /// `fileManager(_:shouldProceedAfterError:linkingItemAtPath:toPath:)`: asks whether to go on after an error
        /// while linking the item at a path.
        ///
        /// Arguments: `(fileManager, error, srcPath, dstPath)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterLinkErrorAtPath = MethodSelector<
            (FileManager, any Error, String, String), Bool
        >(
            "fileManager(_:shouldProceedAfterError:linkingItemAtPath:toPath:)",
            objC: "fileManager:shouldProceedAfterError:linkingItemAtPath:toPath:")

        /// `fileManager(_:shouldRemoveItemAtPath:)`: asks whether to remove the item at a path.
        ///
        /// Arguments: `(fileManager, path)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldRemoveItemAtPath = MethodSelector<(FileManager, String), Bool>(
            "fileManager(_:shouldRemoveItemAtPath:)", objC: "fileManager:shouldRemoveItemAtPath:")

        /// `fileManager(_:shouldProceedAfterError:removingItemAtPath:)`: asks whether to go on after an error while
        /// removing the item at a path.
        ///
        /// Arguments: `(fileManager, error, path)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterRemoveErrorAtPath = MethodSelector<(FileManager, any Error, String), Bool>(
            "fileManager(_:shouldProceedAfterError:removingItemAtPath:)",
            objC: "fileManager:shouldProceedAfterError:removingItemAtPath:")

        /// `fileManager(_:shouldCopyItemAt:to:)`: asks whether to copy the item at a URL.
        ///
        /// Arguments: `(fileManager, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldCopyItem = MethodSelector<(FileManager, URL, URL), Bool>(
            "fileManager(_:shouldCopyItemAt:to:)", objC: "fileManager:shouldCopyItemAtURL:toURL:")

        /// `fileManager(_:shouldProceedAfterError:copyingItemAt:to:)`: asks whether to go on after an error while
        /// copying the item at a URL.
        ///
        /// Arguments: `(fileManager, error, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterCopyError = MethodSelector<(FileManager, any Error, URL, URL), Bool>(
            "fileManager(_:shouldProceedAfterError:copyingItemAt:to:)",
            objC: "fileManager:shouldProceedAfterError:copyingItemAtURL:toURL:")

        /// `fileManager(_:shouldMoveItemAt:to:)`: asks whether to move the item at a URL.
        ///
        /// Arguments: `(fileManager, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldMoveItem = MethodSelector<(FileManager, URL, URL), Bool>(
            "fileManager(_:shouldMoveItemAt:to:)", objC: "fileManager:shouldMoveItemAtURL:toURL:")

        /// `fileManager(_:shouldProceedAfterError:movingItemAt:to:)`: asks whether to go on after an error while moving
        /// the item at a URL.
        ///
        /// Arguments: `(fileManager, error, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterMoveError = MethodSelector<(FileManager, any Error, URL, URL), Bool>(
            "fileManager(_:shouldProceedAfterError:movingItemAt:to:)",
            objC: "fileManager:shouldProceedAfterError:movingItemAtURL:toURL:")

        /// `fileManager(_:shouldLinkItemAt:to:)`: asks whether to link the item at a URL.
        ///
        /// Arguments: `(fileManager, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldLinkItem = MethodSelector<(FileManager, URL, URL), Bool>(
            "fileManager(_:shouldLinkItemAt:to:)", objC: "fileManager:shouldLinkItemAtURL:toURL:")

        /// `fileManager(_:shouldProceedAfterError:linkingItemAt:to:)`: asks whether to go on after an error while
        /// linking the item at a URL.
        ///
        /// Arguments: `(fileManager, error, srcURL, dstURL)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterLinkError = MethodSelector<(FileManager, any Error, URL, URL), Bool>(
            "fileManager(_:shouldProceedAfterError:linkingItemAt:to:)",
            objC: "fileManager:shouldProceedAfterError:linkingItemAtURL:toURL:")

        /// `fileManager(_:shouldRemoveItemAt:)`: asks whether to remove the item at a URL.
        ///
        /// Arguments: `(fileManager, url)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `true`.
        public let shouldRemoveItem = MethodSelector<(FileManager, URL), Bool>(
            "fileManager(_:shouldRemoveItemAt:)", objC: "fileManager:shouldRemoveItemAtURL:")

        /// `fileManager(_:shouldProceedAfterError:removingItemAt:)`: asks whether to go on after an error while
        /// removing the item at a URL.
        ///
        /// Arguments: `(fileManager, error, url)`. Combining rule: `&&` (both are
        /// asked, the real delegate first); with neither, `false`.
        public let shouldProceedAfterRemoveError = MethodSelector<(FileManager, any Error, URL), Bool>(
            "fileManager(_:shouldProceedAfterError:removingItemAt:)",
            objC: "fileManager:shouldProceedAfterError:removingItemAtURL:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    /// Creates a proxy that is not installed on any file manager.
    public required init() {
        super.init()
        FileManagerDelegateAdapter().serve(self)
    }

    /// The object a file manager holds as its delegate: it forwards every
    /// message to this proxy. ``proxy(for:)`` installs it.
    public var fileManagerDelegate: any FileManagerDelegate { servingAdapter }

    /// The proxy of `fileManager`, created and installed as its delegate the
    /// first time; the previous delegate becomes `realDelegate`.
    ///
    /// Asking again, from any thread, returns the same proxy. The file
    /// manager keeps its proxy alive.
    ///
    /// - Parameter fileManager: The file manager.
    /// - Returns: The installed proxy.
    public static func proxy(for fileManager: FileManager) -> FileManagerDelegateProxy {
        proxy(for: fileManager, getDelegate: { fileManager.delegate }, setDelegate: { fileManager.delegate = $0 })
    }

    /// Removes the proxy from `fileManager` and makes its `realDelegate` the
    /// file manager's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter fileManager: The file manager.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from fileManager: FileManager) -> FileManagerDelegateProxy? {
        uninstall(from: fileManager, setDelegate: { fileManager.delegate = $0 })
    }
}

/// What a `FileManager` holds as its delegate: an `NSObject` that forwards
/// each message to its ``FileManagerDelegateProxy``, and never to itself.
// `@unchecked Sendable`: `FileManagerDelegate` requires `Sendable` on Linux.
// The adapter has no state of its own; its base's reference to the proxy is
// set before the adapter is shared, and cleared as the proxy ends (see
// `DelegateProxyAdapter`).
final class FileManagerDelegateAdapter: DelegateProxyAdapter, FileManagerDelegate, ProxyServingAdapter,
    @unchecked Sendable
{
    typealias Proxy = FileManagerDelegateProxy

    func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        send(Proxy.selectors.shouldCopyItemAtPath, (fileManager, srcPath, dstPath), default: true) {
            $0.fileManager(_:shouldCopyItemAtPath:toPath:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        let arguments = (fileManager, error, srcPath, dstPath)
        return send(Proxy.selectors.shouldProceedAfterCopyErrorAtPath, arguments, default: false) {
            $0.fileManager(_:shouldProceedAfterError:copyingItemAtPath:toPath:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        send(Proxy.selectors.shouldMoveItemAtPath, (fileManager, srcPath, dstPath), default: true) {
            $0.fileManager(_:shouldMoveItemAtPath:toPath:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        let arguments = (fileManager, error, srcPath, dstPath)
        return send(Proxy.selectors.shouldProceedAfterMoveErrorAtPath, arguments, default: false) {
            $0.fileManager(_:shouldProceedAfterError:movingItemAtPath:toPath:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        send(Proxy.selectors.shouldLinkItemAtPath, (fileManager, srcPath, dstPath), default: true) {
            $0.fileManager(_:shouldLinkItemAtPath:toPath:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        let arguments = (fileManager, error, srcPath, dstPath)
        return send(Proxy.selectors.shouldProceedAfterLinkErrorAtPath, arguments, default: false) {
            $0.fileManager(_:shouldProceedAfterError:linkingItemAtPath:toPath:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool {
        send(Proxy.selectors.shouldRemoveItemAtPath, (fileManager, path), default: true) {
            $0.fileManager(_:shouldRemoveItemAtPath:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAtPath path: String
    ) -> Bool {
        send(Proxy.selectors.shouldProceedAfterRemoveErrorAtPath, (fileManager, error, path), default: false) {
            $0.fileManager(_:shouldProceedAfterError:removingItemAtPath:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
        send(Proxy.selectors.shouldCopyItem, (fileManager, srcURL, dstURL), default: true) {
            $0.fileManager(_:shouldCopyItemAt:to:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        send(Proxy.selectors.shouldProceedAfterCopyError, (fileManager, error, srcURL, dstURL), default: false) {
            $0.fileManager(_:shouldProceedAfterError:copyingItemAt:to:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool {
        send(Proxy.selectors.shouldMoveItem, (fileManager, srcURL, dstURL), default: true) {
            $0.fileManager(_:shouldMoveItemAt:to:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        send(Proxy.selectors.shouldProceedAfterMoveError, (fileManager, error, srcURL, dstURL), default: false) {
            $0.fileManager(_:shouldProceedAfterError:movingItemAt:to:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool {
        send(Proxy.selectors.shouldLinkItem, (fileManager, srcURL, dstURL), default: true) {
            $0.fileManager(_:shouldLinkItemAt:to:)
        }
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        send(Proxy.selectors.shouldProceedAfterLinkError, (fileManager, error, srcURL, dstURL), default: false) {
            $0.fileManager(_:shouldProceedAfterError:linkingItemAt:to:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldRemoveItemAt url: URL) -> Bool {
        send(Proxy.selectors.shouldRemoveItem, (fileManager, url), default: true) {
            $0.fileManager(_:shouldRemoveItemAt:)
        }
    }

    func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAt url: URL)
        -> Bool
    {
        send(Proxy.selectors.shouldProceedAfterRemoveError, (fileManager, error, url), default: false) {
            $0.fileManager(_:shouldProceedAfterError:removingItemAt:)
        }
    }
}
