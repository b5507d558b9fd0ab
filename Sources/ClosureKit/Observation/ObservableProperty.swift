/// Marks a stored property of a ``KeyPathObservable`` class as observable.
///
/// ```swift
/// final class Settings: KeyPathObservable {
///     let observationStorage = ObservationStorage()
///     @ObservableProperty var volume = 0.5
///     @ObservableProperty var owner: Person? = nil
/// }
/// ```
///
/// Every set of the property notifies the observations registered with
/// `KeyPathObservable.observe(_:options:_:)`, after the value is stored:
/// synchronously, on the setting thread, for an observation of an object
/// that is not `Sendable` (its closure joined the object's region) and for
/// one registered from nonisolated code; on its actor for one of a
/// `Sendable` object registered from an actor (synchronously when the set is
/// known to be made on that actor and no earlier event for the actor waits,
/// enqueued otherwise; see the Isolation article for how a set on an actor
/// is known). A set of an
/// equal value notifies too, unless an observation asks for
/// ``ObservationOptions/skippingEqualValues``.
///
/// Reads and writes of the value are guarded by the object's lock, so the
/// property may be read and set from several threads at once. A compound
/// update such as `settings.count += 1` is a read followed by a set, not one
/// atomic step; each such set notifies once.
///
/// The wrapper works only on stored properties of classes that adopt
/// ``KeyPathObservable`` (it reaches the object's ``ObservationStorage``
/// through the enclosing instance); using it anywhere else is a compile-time
/// error.
///
/// - Complexity: A set with no observation on the object costs a lock and an
///   unlock; an observed set adds one dispatch over the property's observers.
@propertyWrapper
public struct ObservableProperty<Value> {
    @usableFromInline
    var value: Value

    /// The property's slot in ``SlotTable``; 0 until first needed.
    @usableFromInline
    var slot: Int = 0

    /// Creates the storage of an observable property with its initial value.
    ///
    /// - Parameter wrappedValue: The initial value; setting it notifies
    ///   nobody.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    /// Unavailable: the value is reached through the enclosing
    /// ``KeyPathObservable`` instance.
    @available(
        *, unavailable,
        message: "@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable"
    )
    public var wrappedValue: Value {
        get {
            fatalError(
                "@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable: adopt "
                    + "it (with `let observationStorage = ObservationStorage()`), or drop the attribute"
            )
        }
        set {
            fatalError(
                "@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable: adopt "
                    + "it (with `let observationStorage = ObservationStorage()`), or drop the attribute"
            )
        }
    }

    /// Reads and writes the property of `object`, notifying its observers on
    /// every write. Called by the compiler for each access of a property
    /// marked `@ObservableProperty`.
    ///
    /// - Parameters:
    ///   - object: The instance whose property is accessed.
    ///   - wrappedKeyPath: The key path of the property.
    ///   - storageKeyPath: The key path of the wrapper's storage.
    @inlinable
    public static subscript<Object: KeyPathObservable>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) -> Value {
        @inline(__always)
        get {
            let storage = object.observationStorage
            var value: Value?
            var slot = 0
            let tracking = AccessTracking.isActive
            storage.locked {
                value = object[keyPath: storageKeyPath].value
                // Only a registration's tracked read assigns a slot.
                if tracking { slot = resolveSlot(object, wrappedKeyPath, storageKeyPath) }
            }
            if tracking {
                // Only registrations track reads; they record the object a
                // read returns, to check that a nested path is observable
                // link by link. (A value that is not an object is boxed here
                // and matches nothing.)
                AccessTracking.recordAccess(
                    storage: storage, object: object, keyPath: wrappedKeyPath, slot: slot, value: value! as AnyObject)
            }
            return value!
        }
        @inline(__always)
        set {
            let storage = object.observationStorage
            storage.lock()
            // A property gets its slot when a registration reads it, so a
            // property without a slot has no observer on this object.
            let slot = object[keyPath: storageKeyPath].slot
            if slot != 0, storage.hasPriorObserversLocked {
                storage.unlock()
                setWithPriorObservers(object, newValue, storage, storageKeyPath)
                return
            }
            let old = object[keyPath: storageKeyPath].value
            object[keyPath: storageKeyPath].value = newValue
            guard slot != 0 else {
                storage.unlock()
                // `old`, the replaced value, is released here, after the lock.
                return
            }
            ObservedValues.with(old: old, new: newValue) { storage.notifyUnlocking(slot: slot, of: object, $0) }
        }
    }

    /// A set of a property of an object with an observer that wants to hear
    /// before sets (of this property or another): reads the observers and,
    /// unless one of them wants to hear before this set, stores the value,
    /// in one critical section; then calls them.
    ///
    /// Inlined, as every function that receives `storageKeyPath`: a key path
    /// that reaches a function the compiler does not inline is built at run
    /// time, and the storage it names keeps its dynamic exclusivity check on
    /// every access, which doubles the cost of a set.
    @inlinable
    @inline(__always)
    static func setWithPriorObservers<Object: KeyPathObservable>(
        _ object: Object,
        _ newValue: Value,
        _ storage: ObservationStorage,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) {
        var observers = SlotObservers.none
        var old: Value?
        storage.locked {
            observers = storage.observersLocked(forSlot: object[keyPath: storageKeyPath].slot, of: object)
            if !observers.hasPrior {
                old = object[keyPath: storageKeyPath].value
                object[keyPath: storageKeyPath].value = newValue
            }
        }
        // The replaced value is released here, after the lock.
        guard !observers.isEmpty else { return }
        if observers.hasPrior {
            setNotifyingPrior(object, newValue, observers, storage, storageKeyPath)
            return
        }
        ObservedValues.with(old: old!, new: newValue) { storage.notifyDidChange(observers, object, $0) }
    }

    /// A set when some observer wants to hear before it: the prior callbacks
    /// run before the value is stored, then the change callbacks after.
    @inlinable
    @inline(__always)
    static func setNotifyingPrior<Object: KeyPathObservable>(
        _ object: Object,
        _ newValue: Value,
        _ observers: SlotObservers,
        _ storage: ObservationStorage,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) {
        var before: Value?
        storage.locked { before = object[keyPath: storageKeyPath].value }
        ObservedValues.with(old: before!, new: newValue) { storage.notifyWillChange(observers, object, $0) }
        // The prior callbacks may have added or removed observers: take a
        // new snapshot in the critical section of the set.
        var after = SlotObservers.none
        var old: Value?
        storage.locked {
            after = storage.observersLocked(forSlot: object[keyPath: storageKeyPath].slot, of: object)
            old = object[keyPath: storageKeyPath].value
            object[keyPath: storageKeyPath].value = newValue
        }
        guard !after.isEmpty else { return }
        ObservedValues.with(old: old!, new: newValue) { storage.notifyDidChange(after, object, $0) }
    }

    @inlinable
    @inline(__always)
    static func resolveSlot<Object: KeyPathObservable>(
        _ object: Object,
        _ wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) -> Int {
        let cached = object[keyPath: storageKeyPath].slot
        if cached != 0 { return cached }
        // Keyed by the property's key path, as its declaring class names it;
        // only registrations get here (through a tracked read), never a
        // write. Not by the storage's key path: handing that one to the
        // library would let it reach the storage behind the compiler's
        // back, so that every access of the storage in the adopter's module
        // would keep its dynamic exclusivity check.
        let slot = SlotTable.slot(for: wrappedKeyPath)
        object[keyPath: storageKeyPath].slot = slot
        return slot
    }
}

extension ObservableProperty: Sendable where Value: Sendable {}
