import ClosureKitFoundation
import Testing

@Suite("ClosureKitFoundation module")
struct ReexportTests {
    @Test("importing ClosureKitFoundation alone gives the core's API")
    func reexportsCore() {
        final class Item {}
        let key = AssociationKey<String>("name")
        let item = Item()
        Association.set("cache", for: key, on: item)
        #expect(Association.value(for: key, on: item) == "cache")
        #expect(ClosureKitFoundation.version.isEmpty == false)
    }
}
