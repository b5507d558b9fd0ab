import ClosureKitFoundation
import Foundation
import Testing

@Suite("FileManagerDelegateProxy on a real file manager")
struct FileManagerDelegateProxyTests {
    /// A fresh directory with `a.txt`, `b.tmp` and `sub/c.txt`; removed by
    /// the caller.
    static func makeTree() throws -> URL {
        let root = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("closurekit-fm-\(UUID().uuidString)")
        let source = root.appendingPathComponent("source")
        try FileManager().createDirectory(
            at: source.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: source.appendingPathComponent("a.txt"))
        try Data("b".utf8).write(to: source.appendingPathComponent("b.tmp"))
        try Data("c".utf8).write(to: source.appendingPathComponent("sub/c.txt"))
        return root
    }

    final class Refuser: NSObject, FileManagerDelegate, @unchecked Sendable {
        let refused: String
        let asked = Recorder<String>()
        init(refusing name: String) { refused = name }

        private func answer(_ url: URL) -> Bool {
            asked.append(url.lastPathComponent)
            return url.lastPathComponent != refused
        }
        func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
            answer(srcURL)
        }
        func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String)
            -> Bool
        {
            answer(URL(fileURLWithPath: srcPath))
        }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAtPath srcPath: String,
            toPath dstPath: String
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String)
            -> Bool
        { true }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAtPath srcPath: String,
            toPath dstPath: String
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String)
            -> Bool
        { true }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAtPath srcPath: String,
            toPath dstPath: String
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool { true }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAtPath path: String
        ) -> Bool { false }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAt srcURL: URL,
            to dstURL: URL
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAt srcURL: URL,
            to dstURL: URL
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
        func fileManager(
            _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAt srcURL: URL,
            to dstURL: URL
        ) -> Bool { false }
        func fileManager(_ fileManager: FileManager, shouldRemoveItemAt url: URL) -> Bool { true }
        func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAt url: URL)
            -> Bool
        { false }
    }

    @Test("a closure decides which items a directory copy takes")
    func closureFiltersACopy() throws {
        let root = try Self.makeTree()
        defer { try? FileManager().removeItem(at: root) }
        let files = FileManager()
        let asked = Recorder<String>()
        let token = files.onShouldCopy { source, _ in
            asked.append(source.lastPathComponent)
            return source.pathExtension != "tmp"
        }
        try files.copyItem(at: root.appendingPathComponent("source"), to: root.appendingPathComponent("copy"))
        withExtendedLifetime(token) {}

        let copy = root.appendingPathComponent("copy")
        #expect(files.fileExists(atPath: copy.appendingPathComponent("a.txt").path))
        #expect(!files.fileExists(atPath: copy.appendingPathComponent("b.tmp").path))
        #expect(files.fileExists(atPath: copy.appendingPathComponent("sub/c.txt").path))
        #expect(Set(asked.values).isSuperset(of: ["a.txt", "b.tmp"]))
    }

    @Test("should-methods combine with &&: the real delegate is asked first, and either can refuse")
    func shouldMethodsCombineWithAnd() throws {
        let root = try Self.makeTree()
        defer { try? FileManager().removeItem(at: root) }
        let files = FileManager()
        let refuser = Refuser(refusing: "a.txt")
        files.delegate = refuser
        let order = Recorder<String>()
        let token = files.onShouldCopy { source, _ in
            order.append("closure \(source.lastPathComponent) after \(refuser.asked.values.last ?? "-")")
            return source.pathExtension != "tmp"
        }
        #expect(files.delegateProxy.realDelegate === refuser)
        try files.copyItem(at: root.appendingPathComponent("source"), to: root.appendingPathComponent("copy"))
        withExtendedLifetime(token) {}

        let copy = root.appendingPathComponent("copy")
        #expect(!files.fileExists(atPath: copy.appendingPathComponent("a.txt").path)) // refused by the real delegate
        #expect(!files.fileExists(atPath: copy.appendingPathComponent("b.tmp").path)) // refused by the closure
        #expect(files.fileExists(atPath: copy.appendingPathComponent("sub/c.txt").path))
        #expect(order.values.contains("closure a.txt after a.txt"))
        #expect(order.values.contains("closure b.tmp after b.tmp"))
        #expect(FileManagerDelegateProxy.selectors.shouldCopyItem.combining.description == "&&")
        #expect(FileManagerDelegateProxy.selectors.shouldProceedAfterCopyError.combining.description == "&&")
    }

    @Test("a closure can keep an item from being removed; without closures the defaults apply")
    func removeAndDefaults() throws {
        // Declared by the class, before this test's proxy exists.
        #expect(FileManagerDelegateProxy.declaredSelectors.count == 16)
        let root = try Self.makeTree()
        defer { try? FileManager().removeItem(at: root) }
        let files = FileManager()
        let source = root.appendingPathComponent("source")
        let token = files.onShouldRemove { $0.lastPathComponent != "a.txt" }
        try files.removeItem(at: source.appendingPathComponent("a.txt"))
        try files.removeItem(at: source.appendingPathComponent("b.tmp"))
        #expect(files.fileExists(atPath: source.appendingPathComponent("a.txt").path))
        #expect(!files.fileExists(atPath: source.appendingPathComponent("b.tmp").path))

        token.cancel()
        #expect(!files.delegateProxy.responds(to: FileManagerDelegateProxy.selectors.shouldRemoveItem))
        try files.removeItem(at: source.appendingPathComponent("a.txt"))
        #expect(!files.fileExists(atPath: source.appendingPathComponent("a.txt").path))
    }

    @Test("with no closure and no real delegate, every question gets the documented default")
    func everyDefault() throws {
        let files = FileManager()
        let proxy = files.delegateProxy
        let adapter = try #require(files.delegate)
        let path = "/tmp/a"
        let url = URL(fileURLWithPath: path)
        let error = CocoaError(.fileNoSuchFile)
        // Each should-question lets the operation go on; each after-error
        // question stops it.
        #expect(adapter.fileManager(files, shouldCopyItemAtPath: path, toPath: path))
        #expect(adapter.fileManager(files, shouldCopyItemAt: url, to: url))
        #expect(adapter.fileManager(files, shouldMoveItemAtPath: path, toPath: path))
        #expect(adapter.fileManager(files, shouldMoveItemAt: url, to: url))
        #expect(adapter.fileManager(files, shouldLinkItemAtPath: path, toPath: path))
        #expect(adapter.fileManager(files, shouldLinkItemAt: url, to: url))
        #expect(adapter.fileManager(files, shouldRemoveItemAtPath: path))
        #expect(adapter.fileManager(files, shouldRemoveItemAt: url))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, copyingItemAtPath: path, toPath: path))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, copyingItemAt: url, to: url))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, movingItemAtPath: path, toPath: path))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, movingItemAt: url, to: url))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, linkingItemAtPath: path, toPath: path))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, linkingItemAt: url, to: url))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, removingItemAtPath: path))
        #expect(!adapter.fileManager(files, shouldProceedAfterError: error, removingItemAt: url))
        withExtendedLifetime(proxy) {}
    }

    @Test("one proxy per file manager; uninstalling restores the previous delegate")
    func installAndUninstall() {
        let files = FileManager()
        let refuser = Refuser(refusing: "")
        files.delegate = refuser
        let proxy = files.delegateProxy
        #expect(files.delegateProxy === proxy)
        #expect(files.delegate === proxy.fileManagerDelegate)
        #expect(FileManagerDelegateProxy.uninstall(from: files) === proxy)
        #expect(files.delegate === refuser)
    }
}
