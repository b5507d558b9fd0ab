/// The box an associated value lives in. A key's id fixes its value type, so a
/// box found under a key can be downcast without a dynamic type check.
class ValueBox<Value>: @unchecked Sendable {
    func value() -> Value? { fatalError("ValueBox is abstract") }
}

final class StrongValueBox<Value>: ValueBox<Value>, @unchecked Sendable {
    private let stored: Value

    init(_ value: Value) {
        stored = value
    }

    override func value() -> Value? { stored }
}

final class WeakValueBox<Value: AnyObject>: ValueBox<Value>, @unchecked Sendable {
    // A weak reference is safe to load from any thread.
    private weak var stored: Value?

    init(_ value: Value) {
        stored = value
    }

    override func value() -> Value? { stored }
}
