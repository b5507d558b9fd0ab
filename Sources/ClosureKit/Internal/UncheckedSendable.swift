/// Carries a value that is not `Sendable` (a closure) into a `@Sendable`
/// closure: the package's one generic unchecked wrapper.
///
/// Used only where the library vouches for the value: a UIKit control's
/// handler (`UIKitEventControl.addHandler(for:options:_:)`), which
/// `ActorDelivery` runs only on the main actor, where UIKit sends.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
