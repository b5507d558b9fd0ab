/// Carries a value that is not `Sendable` where Swift asks for one: the
/// package's one generic unchecked wrapper. Used only where the library
/// vouches for the value, each use saying why:
///
/// - a UIKit control's handler (`UIKitEventControl.addHandler(for:options:_:)`),
///   which `ActorDelivery` runs only on the main actor, where UIKit sends;
/// - the state of a ``Locked`` that holds key paths (`AnyKeyPath` is not
///   `Sendable`, because a subscript component may capture arguments that are
///   not) or the library's own boxes as `AnyObject`: the lock guards every
///   access, and the library only stores, hashes and compares them, with no
///   lock held where that calls a subscript argument's `==` (see each use).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package var value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
