internal import Synchronization

/// The method last seen calling a hook point, by the address of its
/// `#function` literal: how a debug build checks each method that calls a
/// hook point once, not on every call (``HookPoint/verifyCaller(_:)``).
/// A different literal, even of the same text, is one more check.
///
/// Reads the literal's address, hence here. Debug builds only: release
/// builds never call it.
@usableFromInline
final class CallerMemo: Sendable {
    private let last = Atomic<UInt>(0)

    init() {}

    /// Whether `function` is the caller last remembered.
    @usableFromInline
    func isLast(_ function: StaticString) -> Bool {
        last.load(ordering: .relaxed) == Self.identity(of: function)
    }

    /// Remembers `function` as the last caller.
    func remember(_ function: StaticString) {
        last.store(Self.identity(of: function), ordering: .relaxed)
    }

    private static func identity(of function: StaticString) -> UInt {
        function.hasPointerRepresentation
            ? UInt(bitPattern: function.utf8Start) : UInt(function.unicodeScalar.value) | 1 << (UInt.bitWidth - 1)
    }
}
