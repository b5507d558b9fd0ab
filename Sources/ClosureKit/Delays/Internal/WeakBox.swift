/// A weak reference in a box, for collections of weak references.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}
