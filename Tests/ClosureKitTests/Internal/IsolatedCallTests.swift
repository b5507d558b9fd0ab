import Testing

@testable import ClosureKit

/// The self-test of the one assumption `IsolatedCall` makes about the
/// toolchain: an `@isolated(any)` closure, read through the plain function
/// type, is called correctly. It fails loudly on a toolchain where that
/// stops being true (the casts also trap if the two types differ in size).
@Suite("IsolatedCall: @isolated(any) closures called synchronously")
struct IsolatedCallTests {
    final class Counter: @unchecked Sendable {
        var value = 0
    }

    struct Wide: Equatable, Sendable {
        var a = 1, b = 2, c = 3, d = 4, e = "five"
    }

    @Test("the two function types have one size")
    func sameSize() {
        #expect(
            MemoryLayout<@isolated(any) @Sendable (Int) -> Int>.size == MemoryLayout<@Sendable (Int) -> Int>.size)
        #expect(MemoryLayout<@isolated(any) @Sendable () -> Void>.size == MemoryLayout<@Sendable () -> Void>.size)
    }

    @Test("closures with and without captures, of one, two and no parameters, with results")
    func callsWithCaptures() {
        let counter = Counter()
        let noCapture: @isolated(any) @Sendable (Int) -> Int = { $0 * 2 }
        #expect(IsolatedCall.synchronous(noCapture)(21) == 42)
        let capturing: @isolated(any) @Sendable (Int) -> Void = { counter.value += $0 }
        IsolatedCall.synchronous(capturing)(5)
        #expect(counter.value == 5)
        let pair: @isolated(any) @Sendable (String, Int) -> String = { "\($0)\($1)\(counter.value)" }
        #expect(IsolatedCall.synchronous(pair)("x", 1) == "x15")
        let action: @isolated(any) @Sendable () -> Wide = { Wide(a: counter.value) }
        #expect(IsolatedCall.callable(action)() == Wide(a: 5))
        // The non-generic form for `() -> Void`, with and without a capture.
        let step: @isolated(any) @Sendable () -> Void = { counter.value += 1 }
        IsolatedCall.synchronous(step)()
        #expect(counter.value == 6)
        let nothing: @isolated(any) @Sendable () -> Void = {}
        IsolatedCall.synchronous(nothing)()
        let pack: @isolated(any) @Sendable (Int, String, Double, Wide) -> String = { "\($0)\($1)\($2)\($3.e)" }
        let callable = IsolatedCall.callable(pack)
        let packed: String = callable(1, "b", 2.5, Wide())
        #expect(packed == "1b2.5five")
    }

    @Test("generic arguments and results, objects passed directly")
    func generic() {
        func roundTrip<T: Sendable>(_ value: T) -> T {
            let body: @isolated(any) @Sendable (T) -> T = { $0 }
            return IsolatedCall.synchronous(body)(value)
        }
        #expect(roundTrip(Wide()) == Wide())
        #expect(roundTrip("text") == "text")
        let counter = Counter()
        #expect(roundTrip(counter) === counter)
    }

    @Test("a main-actor closure keeps its isolation and runs when called on the main actor")
    @MainActor
    func mainActorClosure() {
        var local = 0
        let body: @isolated(any) @Sendable (Int) -> Int = { @MainActor in
            local += $0
            return local
        }
        #expect(body.isolation.map { ObjectIdentifier($0) } == ObjectIdentifier(MainActor.shared))
        #expect(IsolatedCall.synchronous(body)(3) == 3)
        #expect(local == 3)
    }
}
