/// Carries a value that is not `Sendable` (usually a closure) into a
/// `@Sendable` closure: the package's one unchecked wrapper.
///
/// Used only where the library vouches for the value:
/// - a closure that arrives typed as `Any` at a name-based entry point and was
///   documented to be `@Sendable` (hook points);
/// - in ClosureKitFoundation, a closure registered on an object that calls its
///   delegate on the thread that owns it: `XMLParser` calls its delegate
///   synchronously inside `parse()`, and a `Stream` on the run loop it is
///   scheduled on, so such a closure runs in the object's own isolation
///   region, as a hand-written delegate's methods would.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
