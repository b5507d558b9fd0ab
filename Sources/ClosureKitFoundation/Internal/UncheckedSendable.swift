/// Carries a value that is not `Sendable` (usually a closure) into a
/// `@Sendable` closure.
///
/// Used only where the library knows the value is called on the thread that
/// owns the delegating object: `XMLParser` calls its delegate synchronously
/// inside `parse()`, and a `Stream` on the run loop it is scheduled on, so a
/// closure registered on such an object runs in the object's own isolation
/// region, as a hand-written delegate's methods would.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
