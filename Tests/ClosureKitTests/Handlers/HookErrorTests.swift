import ClosureKit
import Testing

@Suite("HookError: each message names what was wrong and, where it can, what to do")
struct HookErrorTests {
    private static let expected = "@Sendable (Invocation<Any, Any>) -> ()"

    private static func mismatch(given: String) -> HookError {
        .signatureMismatch(name: "load(_:)", owner: "Loader", position: .before, expected: expected, given: given)
    }

    @Test("a closure of any isolation is told that a closure marked with an actor does not fit")
    func isolatedAnyHint() {
        let message = Self.mismatch(given: "@isolated(any) @Sendable (Invocation<Any, Any>) -> ()").description
        #expect(message.hasPrefix("closure type mismatch for the before closure of load(_:) of Loader"))
        #expect(message.contains("; a closure marked with an actor does not fit"), "\(message)")
        #expect(!message.contains("add @Sendable"), "\(message)")
    }

    @Test("a main-actor closure is told that a closure marked with an actor does not fit")
    func mainActorHint() {
        let message = Self.mismatch(given: "@MainActor (Invocation<Any, Any>) -> ()").description
        #expect(message.contains("; a closure marked with @MainActor does not fit"), "\(message)")
    }

    @Test("a closure that lacks only @Sendable is told to add it")
    func sendableHint() {
        let message = Self.mismatch(given: "(Invocation<Any, Any>) -> ()").description
        #expect(message.contains("; add @Sendable to the closure"), "\(message)")
        #expect(!message.contains("marked with an actor"), "\(message)")
    }

    @Test("a closure that differs in its types gets no hint")
    func noHint() {
        let message = Self.mismatch(given: "@Sendable (Invocation<Int, Int>) -> ()").description
        #expect(message.hasSuffix("given @Sendable (Invocation<Int, Int>) -> ()"), "\(message)")
    }

    @Test("a closure of any global actor is told that a closure marked with an actor does not fit, naming it")
    func globalActorHint() {
        let message = Self.mismatch(given: "@DatabaseActor @Sendable (Invocation<Any, Any>) -> ()").description
        #expect(message.contains("; a closure marked with @DatabaseActor does not fit"), "\(message)")
        #expect(!message.contains("add @Sendable"), "\(message)")
    }

    @Test("an after or instead position takes \"an\"")
    func articles() {
        let message = HookError.valuesCannotCross(name: "load(_:)", owner: "Loader", position: .after, actor: "A")
            .description
        #expect(message.hasPrefix("an after hook of load(_:)"), "\(message)")
    }
}
