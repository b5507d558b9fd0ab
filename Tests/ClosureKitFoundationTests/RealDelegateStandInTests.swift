import ClosureKitFoundation
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ready-made Foundation proxy installs an internal adapter as the object's
/// delegate. Assigning that adapter as the proxy's real delegate
/// (`proxy.realDelegate = object.delegate`) must store nil, as assigning the
/// proxy itself does, so that `responds(to:)` stays exact and no message can
/// loop; a real delegate assigned afterwards is kept and answers.
@Suite("Foundation proxies: their own adapter is never their real delegate")
struct RealDelegateStandInTests {
    @Test("XMLParser")
    func xmlParser() throws {
        let parser = XMLParser(data: Data("<feed><entry/></feed>".utf8))
        let proxy = parser.delegateProxy
        proxy.realDelegate = parser.delegate
        #expect(proxy.realDelegate == nil)
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.didStartElement))

        let real = RecordingXMLDelegate()
        proxy.realDelegate = real
        #expect(proxy.realDelegate === real)
        #expect(proxy.responds(to: XMLParserDelegateProxy.selectors.didStartElement))
        #expect(parser.parse())
        #expect(
            real.events.contains(.startElement(name: "entry", namespaceURI: nil, qualifiedName: nil, attributes: [:])))
    }

    @Test("FileManager")
    func fileManager() throws {
        let files = FileManager()
        let proxy = files.delegateProxy
        proxy.realDelegate = files.delegate
        #expect(proxy.realDelegate == nil)
        #expect(!proxy.responds(to: FileManagerDelegateProxy.selectors.shouldCopyItem))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("a.txt")
        try Data("a".utf8).write(to: source)
        let real = FileManagerDelegateProxyTests.Refuser(refusing: "a.txt")
        proxy.realDelegate = real
        #expect(proxy.realDelegate === real)
        #expect(proxy.responds(to: FileManagerDelegateProxy.selectors.shouldCopyItem))
        try files.copyItem(at: source, to: folder.appendingPathComponent("b.txt"))
        #expect(real.asked.values == ["a.txt"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.txt").path))
    }

    @Test("Stream")
    func stream() throws {
        let stream = InputStream(data: Data("abc".utf8))
        let proxy = stream.delegateProxy
        proxy.realDelegate = stream.delegate
        #expect(proxy.realDelegate == nil)
        #expect(!proxy.responds(to: StreamDelegateProxy.selectors.handleEvent))

        let real = StandInRecordingStreamDelegate()
        proxy.realDelegate = real
        #expect(proxy.realDelegate === real)
        #expect(proxy.responds(to: StreamDelegateProxy.selectors.handleEvent))
    }

    @Test("NSCache")
    func cache() throws {
        let cache = NSCache<NSString, NSString>()
        let proxy = cache.delegateProxy
        proxy.realDelegate = cache.delegate
        #expect(proxy.realDelegate == nil)

        let real = StandInRecordingCacheDelegate()
        proxy.realDelegate = real
        #expect(proxy.realDelegate === real)
        cache.countLimit = 1
        cache.setObject("first", forKey: "a")
        cache.setObject("second", forKey: "b")
        #expect(real.evicted.count == 1, "one of the two objects was evicted, through the real delegate")
    }

    @Test("NSKeyedArchiver and NSKeyedUnarchiver")
    func keyedArchivers() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let archiverProxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
        archiverProxy.realDelegate = archiver.delegate
        #expect(archiverProxy.realDelegate == nil)
        let archiverDelegate = StandInRecordingArchiverDelegate()
        archiverProxy.realDelegate = archiverDelegate
        #expect(archiverProxy.realDelegate === archiverDelegate)
        archiver.encode("payload" as NSString, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        #expect(archiverDelegate.willEncode.contains("payload"))

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let unarchiverProxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
        unarchiverProxy.realDelegate = unarchiver.delegate
        #expect(unarchiverProxy.realDelegate == nil)
        let unarchiverDelegate = StandInRecordingUnarchiverDelegate()
        unarchiverProxy.realDelegate = unarchiverDelegate
        #expect(unarchiverProxy.realDelegate === unarchiverDelegate)
        unarchiver.requiresSecureCoding = false
        _ = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        #expect(unarchiverDelegate.decoded.contains("payload"))
    }

    @Test("URLSession")
    func urlSession() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        proxy.realDelegate = session.delegate
        #expect(proxy.realDelegate == nil)

        let real = StandInRecordingSessionDelegate()
        proxy.realDelegate = real
        #expect(proxy.realDelegate === real)
    }
}

final class StandInRecordingStreamDelegate: NSObject, StreamDelegate, @unchecked Sendable {
    var events: [Stream.Event] = []

    func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
        events.append(eventCode)
    }
}

final class StandInRecordingCacheDelegate: NSObject, NSCacheDelegate, @unchecked Sendable {
    var evicted: [String] = []

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        if let string = obj as? NSString { evicted.append(string as String) }
    }
}

final class StandInRecordingArchiverDelegate: NSObject, NSKeyedArchiverDelegate, @unchecked Sendable {
    var willEncode: [String] = []

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        if let string = object as? NSString { willEncode.append(string as String) }
        return object
    }
    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
    func archiverDidFinish(_ archiver: NSKeyedArchiver) {}
}

final class StandInRecordingUnarchiverDelegate: NSObject, NSKeyedUnarchiverDelegate, @unchecked Sendable {
    var decoded: [String] = []

    func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? {
        if let string = object as? NSString { decoded.append(string as String) }
        return object
    }
    func unarchiver(
        _ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
        originalClasses classNames: [String]
    ) -> AnyClass? { nil }
    func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {}
    func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) {}
    func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) {}
}

final class StandInRecordingSessionDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {}
