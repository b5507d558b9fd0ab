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
    #if canImport(Darwin)
    private let last = Locked<UInt>(0)
    #else
    private let last = Atomic<UInt>(0)
    #endif

    init() {}

    /// Whether `function` is the caller last remembered.
    @usableFromInline
    func isLast(_ function: StaticString) -> Bool {
        #if canImport(Darwin)
        last.withLock { $0 } == Self.identity(of: function)
        #else
        last.load(ordering: .relaxed) == Self.identity(of: function)
        #endif
    }

    /// Remembers `function` as the last caller.
    func remember(_ function: StaticString) {
        #if canImport(Darwin)
        last.withLock { $0 = Self.identity(of: function) }
        #else
        last.store(Self.identity(of: function), ordering: .relaxed)
        #endif
    }

    private static func identity(of function: StaticString) -> UInt {
        function.hasPointerRepresentation
            ? UInt(bitPattern: function.utf8Start) : UInt(function.unicodeScalar.value) | 1 << (UInt.bitWidth - 1)
    }
}
