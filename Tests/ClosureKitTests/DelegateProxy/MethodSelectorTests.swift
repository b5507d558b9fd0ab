import Testing

@testable import ClosureKit

@Suite("MethodSelector")
struct MethodSelectorTests {
    @Test("a selector carries its Swift name, an id and its signature")
    func carriesNameAndSignature() {
        let selector = MethodSelector<(Int, String), Bool>("item(_:shouldShow:)")
        #expect(selector.name == "item(_:shouldShow:)")
        #expect(selector.id >= 0)
        #expect(selector.signature == "((Int, String)) -> Bool")
        #expect(selector.description == "item(_:shouldShow:): ((Int, String)) -> Bool")
        #expect(selector.objCName == nil)
    }

    @Test("a selector declared with an Objective-C name carries it, erased too, and keeps its combining rule")
    func objCName() {
        let selector = MethodSelector<(Int, String), Bool>(
            "item(_:shouldShow:)", objC: "item:shouldShow:", combining: .or)
        #expect(selector.objCName == "item:shouldShow:")
        #expect(selector.erased.objCName == "item:shouldShow:")
        #expect(selector.combining.combine?(false, true) == true)
        // The default rule still applies when only the Objective-C name is given.
        let should = MethodSelector<Int, Bool>("itemShouldShow(_:)", objC: "itemShouldShow:")
        #expect(should.combining.combine?(true, false) == false)
        #expect(should.objCName == "itemShouldShow:")
    }

    @Test("the selectors of one declaration get consecutive ids")
    func consecutiveIDs() {
        struct Declaration {
            let first = MethodSelector<Int, Void>("first(_:)")
            let second = MethodSelector<Int, Void>("second(_:)")
            let third = MethodSelector<Int, Void>("third(_:)")
        }
        // Other tests make selectors on other threads at the same time; only
        // then may a declaration's ids have a gap, which widens its table.
        let declaration = Declaration()
        #expect(declaration.second.id > declaration.first.id)
        #expect(declaration.third.id > declaration.second.id)
    }

    @Test("every declaration is a distinct selector, even with the same name")
    func distinct() {
        let first = MethodSelector<Int, Void>("tap(_:)")
        let second = MethodSelector<Int, Void>("tap(_:)")
        #expect(first != second)
        #expect(first == first)
        #expect(Set([first, second, first]).count == 2)
        #expect(second.id > first.id)
    }

    @Test("an erased selector keeps the identity, name and types")
    func erased() {
        let selector = MethodSelector<(Int, String), Bool>("item(_:shouldShow:)")
        let erased = selector.erased
        #expect(erased.id == selector.id)
        #expect(erased.name == selector.name)
        #expect(erased.objCName == nil)
        #expect(ObjectIdentifier(erased.argumentsType) == ObjectIdentifier((Int, String).self))
        #expect(ObjectIdentifier(erased.resultType) == ObjectIdentifier(Bool.self))
        #expect(erased.matches((Int, String).self, Bool.self))
        #expect(!erased.matches(Int.self, Bool.self))
        #expect(erased.signature == selector.signature)
        #expect(erased == AnyMethodSelector(selector))
    }

    @Test("hook positions read as before, instead and after")
    func positions() {
        #expect(HookPosition.allCases.map(\.description) == ["before", "instead", "after"])
    }

    @Test("registration options are empty by default, and once is one distinct flag")
    func options() {
        let none: RegistrationOptions = []
        let once: RegistrationOptions = .once
        #expect(!none.contains(.once))
        #expect(none.isEmpty && !once.isEmpty)
        #expect(once.rawValue != 0)
        #expect(RegistrationOptions(rawValue: once.rawValue) == .once)
        #expect(none.union(.once) == once)
        #expect(once.subtracting(.once) == none)
    }
}
