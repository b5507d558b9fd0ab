import ClosureKit
import Testing

private final class Document {}
private struct Point {}
private struct Size {}

@Suite("Association on types")
struct AssociationTypeTests {
    @Test("a value set on a type reads back, keyed by the type's identity")
    func onType() {
        let key = AssociationKey<String>("type")
        Association.set("documents", for: key, on: Document.self)
        #expect(Association.value(for: key, on: Document.self) == "documents")
        #expect(Association.value(for: key, on: Point.self) == nil)
        Association.set("points", for: key, on: Point.self)
        #expect(Association.value(for: key, on: Point.self) == "points")
        #expect(Association.removeValue(for: key, from: Document.self) == "documents")
        #expect(Association.value(for: key, on: Document.self) == nil)
    }

    @Test("a metatype passed as AnyObject is keyed by the type, not by its box")
    func metatypeAsAnyObject() {
        let key = AssociationKey<Int>("boxed")
        Association.set(7, for: key, on: Document.self as AnyObject)
        #expect(Association.value(for: key, on: Document.self as AnyObject) == 7)
        #expect(Association.value(for: key, on: Document.self) == 7)
        #expect(Association.count(on: Size.self as AnyObject) == 0)
        Association.set(1, for: key, on: Size.self as AnyObject)
        #expect(Association.count(on: Size.self as AnyObject) == 1)
        Association.removeAll(from: Size.self as AnyObject)
        #expect(Association.value(for: key, on: Size.self) == nil)
        #expect(Association.value(for: key, on: Document.self as AnyObject) == 7)
    }

    @Test("an instance and its type hold separate values")
    func instanceAndType() {
        let key = AssociationKey<Int>("separate")
        let document = Document()
        Association.set(1, for: key, on: document)
        Association.set(2, for: key, on: Document.self)
        #expect(Association.value(for: key, on: document) == 1)
        #expect(Association.value(for: key, on: Document.self) == 2)
    }
}
