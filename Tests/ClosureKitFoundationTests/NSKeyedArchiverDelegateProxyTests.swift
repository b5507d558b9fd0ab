import ClosureKitFoundation
import Foundation
import Testing

/// An archivable class; top level, because swift-corelibs-foundation archives
/// only top-level classes.
final class ArchivedItem: NSObject, NSCoding {
    let name: String
    init(name: String) { self.name = name }
    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
    }
    func encode(with coder: NSCoder) { coder.encode(name, forKey: "name") }
}

@Suite("NSKeyedArchiver and NSKeyedUnarchiver proxies on real archives")
struct NSKeyedArchiverDelegateProxyTests {
    @Test("a willEncode closure substitutes objects, and the archiver reports each step")
    func archiverSubstitutesAndReports() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let proxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
        let steps = Recorder<String>()
        let tokens = [
            proxy.implement(NSKeyedArchiverDelegateProxy.selectors.willEncode) { _, object in
                (object as? NSString) == "secret" ? "redacted" as NSString : object
            },
            proxy.after(NSKeyedArchiverDelegateProxy.selectors.willFinish) { _ in steps.append("willFinish") },
            proxy.after(NSKeyedArchiverDelegateProxy.selectors.didFinish) { _ in steps.append("didFinish") },
            proxy.after(NSKeyedArchiverDelegateProxy.selectors.didEncode) { _ in steps.append("didEncode") },
        ]
        archiver.encode(["public", "secret"] as NSArray, forKey: "root")
        archiver.finishEncoding()
        withExtendedLifetime(tokens) {}

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        let decoded = unarchiver.decodeObject(forKey: "root") as? [String]
        #expect(decoded == ["public", "redacted"])
        #expect(steps.values.suffix(2) == ["willFinish", "didFinish"])
        #expect(steps.values.filter { $0 == "didEncode" }.count >= 3)
    }

    @Test("cannotDecodeClass maps a renamed class: first non-nil answer, closure first")
    func unarchiverMapsRenamedClass() throws {
        final class Fallback: NSObject, NSKeyedUnarchiverDelegate, @unchecked Sendable {
            let asked = Recorder<String>()
            func unarchiver(
                _ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
                originalClasses classNames: [String]
            ) -> AnyClass? {
                asked.append(name)
                return nil
            }
            func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? { object }
            func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {}
            func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) {}
            func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) {}
        }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = .xml
        archiver.encode(ArchivedItem(name: "bolt"), forKey: "root")
        archiver.finishEncoding()
        // An archive from an older version of the app, whose class had another name.
        let renamed = String(decoding: archiver.encodedData, as: UTF8.self)
            .replacingOccurrences(of: NSStringFromClass(ArchivedItem.self), with: "ClosureKitTests.RenamedAway")
        #expect(renamed.contains("ClosureKitTests.RenamedAway"))

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(renamed.utf8))
        unarchiver.requiresSecureCoding = false
        let fallback = Fallback()
        unarchiver.delegate = fallback
        let proxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
        #expect(proxy.realDelegate === fallback)
        let closureAsked = Recorder<String>()
        let token = proxy.implement(NSKeyedUnarchiverDelegateProxy.selectors.cannotDecodeClass) { _, name, _ in
            closureAsked.append(name)
            return name == "ClosureKitTests.RenamedAway" ? ArchivedItem.self : nil
        }
        let decoded = unarchiver.decodeObject(forKey: "root") as? ArchivedItem
        withExtendedLifetime(token) {}

        #expect(decoded?.name == "bolt")
        #expect(closureAsked.values == ["ClosureKitTests.RenamedAway"])
        #expect(fallback.asked.values == ["ClosureKitTests.RenamedAway"]) // asked first, answered nil
    }

    @Test("a didDecode closure replaces decoded objects; without closures the decoded object is kept")
    func unarchiverReplacesDecodedObjects() throws {
        // Declared by each class, before any of its proxies exists or is sent a message.
        #expect(NSKeyedUnarchiverDelegateProxy.declaredSelectors.count == 5)
        #expect(NSKeyedArchiverDelegateProxy.declaredSelectors.count == 5)
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode([NSNumber(value: 1), NSNumber(value: 2)] as NSArray, forKey: "root")
        archiver.finishEncoding()

        func decode(doubling: Bool) throws -> [Int]? {
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            unarchiver.requiresSecureCoding = false
            let proxy = unarchiver.delegateProxyForTests
            let token =
                doubling
                ? proxy.implement(NSKeyedUnarchiverDelegateProxy.selectors.didDecode) { _, object in
                    (object as? NSNumber).map { NSNumber(value: $0.intValue * 2) } ?? object
                }
                : nil
            defer { withExtendedLifetime(token) {} }
            return (unarchiver.decodeObject(forKey: "root") as? [NSNumber])?.map(\.intValue)
        }
        #expect(try decode(doubling: false) == [1, 2])
        #expect(try decode(doubling: true) == [2, 4])
    }
}

extension NSKeyedUnarchiver {
    fileprivate var delegateProxyForTests: NSKeyedUnarchiverDelegateProxy {
        NSKeyedUnarchiverDelegateProxy.proxy(for: self)
    }
}
