/// A real delegate loaded from its weak reference: its object, and the
/// witness table of its conformance when the delegate type is a class-bound
/// existential of one protocol.
///
/// With the witness, the typed delegate is rebuilt from the object without a
/// dynamic cast on each message, and borrowed from the message's one
/// reference rather than copied (a retain and release pair is slow on an
/// object with weak references). Buys 72% on `proxy.fallback` (302
/// instructions against 1,076 with `as! Delegate`). Sound because the witness
/// is taken from this very object's existential (``witness(of:object:)``),
/// whose layout (object word, witness word) is checked there and by
/// `RealDelegateLayoutTests`, the self-test.
@usableFromInline
struct RealDelegate {
    /// The witness-table word of a delegate's existential.
    @usableFromInline
    struct Witness: Equatable {
        @usableFromInline let pointer: UnsafeRawPointer
    }

    @usableFromInline let object: AnyObject
    @usableFromInline let witness: UnsafeRawPointer?

    @usableFromInline
    init(object: AnyObject, witness: Witness?) {
        self.object = object
        self.witness = witness?.pointer
    }

    /// The witness-table word of `delegate`, when `Delegate` is laid out as a
    /// class-bound existential of one protocol (object, witness table) and its
    /// first word is `object`; nil otherwise.
    static func witness<Delegate>(of delegate: Delegate, object: AnyObject) -> Witness? {
        guard MemoryLayout<Delegate>.size == 2 * MemoryLayout<UnsafeRawPointer>.size else { return nil }
        return withUnsafeBytes(of: delegate) { raw -> Witness? in
            let first = raw.load(as: UnsafeRawPointer.self)
            guard first == UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) else { return nil }
            return Witness(
                pointer: raw.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self))
        }
    }

    /// The typed delegate.
    @inlinable
    func value<Delegate>(as _: Delegate.Type) -> Delegate {
        if let witness {
            // Safe: `witness` was taken from this very object's existential
            // (see `witness(of:object:)`), and the layouts are identical.
            return unsafeBitCast((object, witness), to: Delegate.self)
        }
        return object as! Delegate
    }
}

/// What ``ProxyTable/route(_:hasCore:)`` read for one message: one reference and
/// plain words, so that it is returned in registers and a message answered
/// by one closure releases only that closure's box.
@usableFromInline
struct ProxyRoute {
    /// The selector's snapshot (a `HandlerSnapshot<ProxyClosure<A, R>>`), or
    /// its one closure that answers alone, boxed (a `ProxyAnswer<A, R>`,
    /// whose ``AnyHandlerSnapshot/isSoleTerminal`` is set), or nil when no
    /// closure is registered for it.
    @usableFromInline let closures: AnyHandlerSnapshot?
    /// With a snapshot, the removal count read with it; zero without.
    @usableFromInline let removals: UInt
    /// The real delegate, retained (the weak load's +1), or nil. Whoever
    /// reads the route takes it over once: ``callDelegate(as:_:)``, or
    /// ``withDelegate(as:_:)`` then ``releaseDelegate()``.
    @usableFromInline let delegate: Unmanaged<AnyObject>?
    /// The real delegate's witness table (see ``RealDelegate``).
    @usableFromInline let witness: UnsafeRawPointer?

    /// A route carrying `delegate` retained: a plain word, so that a route
    /// that carries none costs its reader no release, and one that does hands
    /// the weak load's reference to the delegate's existential.
    @inline(__always)
    init(
        closures: AnyHandlerSnapshot?, removals: UInt, delegate: consuming AnyObject?, witness: RealDelegate.Witness?
    ) {
        self.closures = closures
        self.removals = removals
        self.delegate = if let object = delegate { .passRetained(object) } else { nil }
        self.witness = witness?.pointer
    }
}

extension ProxyRoute {
    /// Calls `body` with the real delegate, which must be present. The
    /// delegate takes over the route's reference to it instead of copying
    /// it: one retain per message (the weak load's), as a hand-written call
    /// through a weak reference pays (a retain and release pair is slow on an
    /// object with weak references).
    @inlinable @inline(__always)
    consuming func callDelegate<Delegate, Result>(as _: Delegate.Type, _ body: (Delegate) -> Result) -> Result {
        let witness = self.witness
        let retained = self.delegate.unsafelyUnwrapped
        guard let witness else { return body(retained.takeRetainedValue() as! Delegate) }
        let delegate = withUnsafeTemporaryAllocation(of: Delegate.self, capacity: 1) { buffer -> Delegate in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.storeBytes(of: retained.toOpaque(), as: UnsafeMutableRawPointer.self)
            raw.storeBytes(of: witness, toByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
            return buffer.baseAddress!.move()
        }
        return body(delegate)
    }

    /// Calls `body` with the real delegate, which must be present, borrowed
    /// from the route's reference: the caller releases that reference once,
    /// with ``releaseDelegate()``, however many times this is called (an
    /// `instead` closure may proceed more than once). Copies of a weakly
    /// referenced object would each cost a slow retain and release.
    @inlinable @inline(__always)
    func withDelegate<Delegate, Result>(as _: Delegate.Type, _ body: (Delegate) -> Result) -> Result {
        let object = delegate.unsafelyUnwrapped
        guard let witness else { return body(object.takeUnretainedValue() as! Delegate) }
        return withUnsafeTemporaryAllocation(of: Delegate.self, capacity: 1) { buffer in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.storeBytes(of: object.toOpaque(), as: UnsafeMutableRawPointer.self)
            raw.storeBytes(of: witness, toByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
            return body(buffer.baseAddress!.pointee)
        }
    }

    /// Releases the route's reference to the real delegate, if it has one.
    @inlinable @inline(__always)
    func releaseDelegate() {
        delegate?.release()
    }
}
