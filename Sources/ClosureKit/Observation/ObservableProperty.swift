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
/// `KeyPathObservable.observe(_:options:_:)`, synchronously, on the
/// setting thread, after the value is stored. A set of an equal value
/// notifies too, unless an observation asks for
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
    @available(*, unavailable, message: "@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable")
    public var wrappedValue: Value {
        get { fatalError("@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable: adopt it (with `let observationStorage = ObservationStorage()`), or drop the attribute") }
        set { fatalError("@ObservableProperty works only on stored properties of classes that adopt KeyPathObservable: adopt it (with `let observationStorage = ObservationStorage()`), or drop the attribute") }
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
            storage.lock()
            let value = object[keyPath: storageKeyPath].value
            storage.unlock()
            if AccessTracking.isActive {
                storage.lock()
                let slot = resolveSlot(object, storageKeyPath)
                storage.unlock()
                AccessTracking.recordAccess(storage: storage, object: object, keyPath: wrappedKeyPath, slot: slot)
            }
            return value
        }
        @inline(__always)
        set {
            let storage = object.observationStorage
            storage.lock()
            // A property gets its slot when a registration reads it, so a
            // property without a slot has no observer on this object.
            let slot = object[keyPath: storageKeyPath].slot
            guard slot != 0, let (observers, hasPrior) = storage.observers(forSlot: slot) else {
                // Nobody observes this property of this object. The replaced
                // value is released after the lock.
                let old = object[keyPath: storageKeyPath].value
                object[keyPath: storageKeyPath].value = newValue
                storage.unlock()
                withExtendedLifetime(old) {}
                return
            }
            if hasPrior {
                setNotifyingPrior(object, newValue, slot, observers, storage, storageKeyPath)
                return
            }
            let old = object[keyPath: storageKeyPath].value
            object[keyPath: storageKeyPath].value = newValue
            storage.unlock()
            withUnsafePointer(to: old) { old in
                withUnsafePointer(to: newValue) { new in
                    storage.dispatchDidChange(observers, object, old: old, new: new)
                }
            }
        }
    }

    /// A set on a property that has prior observers: notify them, store the
    /// value, notify every observer. Called with the object's lock held;
    /// returns with it released. Always inlined, like the accessors, so that
    /// the key-path accesses compile to direct field accesses.
    @inlinable
    @inline(__always)
    static func setNotifyingPrior<Object: KeyPathObservable>(
        _ object: Object,
        _ newValue: Value,
        _ slot: Int,
        _ observers: ContiguousArray<SlotObserver>,
        _ storage: ObservationStorage,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) {
        let before = object[keyPath: storageKeyPath].value
        storage.unlock()
        withUnsafePointer(to: before) { before in
            withUnsafePointer(to: newValue) { new in
                storage.dispatchWillChange(observers, object, old: before, new: new)
            }
        }
        // The prior callbacks may have added or removed observers: take a
        // new snapshot in the critical section of the set.
        storage.lock()
        let after = storage.observers(forSlot: slot)
        let old = object[keyPath: storageKeyPath].value
        object[keyPath: storageKeyPath].value = newValue
        storage.unlock()
        guard let after else {
            withExtendedLifetime(old) {}
            return
        }
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: newValue) { new in
                storage.dispatchDidChange(after.observers, object, old: old, new: new)
            }
        }
    }

    /// The slot of the property, assigned and cached on first use: when a
    /// registration reads the property. The caller holds the object's lock.
    @inlinable
    @inline(__always)
    static func resolveSlot<Object: KeyPathObservable>(
        _ object: Object,
        _ storageKeyPath: ReferenceWritableKeyPath<Object, ObservableProperty<Value>>
    ) -> Int {
        let cached = object[keyPath: storageKeyPath].slot
        if cached != 0 { return cached }
        // Keyed by the wrapper's storage key path; only registrations get
        // here (through a tracked read), never a write.
        let slot = SlotTable.slot(for: storageKeyPath)
        object[keyPath: storageKeyPath].slot = slot
        return slot
    }
}

extension ObservableProperty: Sendable where Value: Sendable {}
