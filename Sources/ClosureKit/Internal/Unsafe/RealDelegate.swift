/// A real delegate loaded from its weak reference: its object, and the
/// witness table of its conformance when the delegate type is a class-bound
/// existential of one protocol.
///
/// With the witness, the typed delegate is rebuilt from the object without a
/// dynamic cast on each message. The layout it assumes is checked by
/// `RealDelegateLayoutTests`; its measured worth: Benchmarks/HISTORY.md,
/// "Unsafe constructs".
@usableFromInline
struct RealDelegate {
    @usableFromInline let object: AnyObject
    @usableFromInline let witness: UnsafeRawPointer?

    @usableFromInline
    init(object: AnyObject, witness: UnsafeRawPointer?) {
        self.object = object
        self.witness = witness
    }

    /// The witness-table word of `delegate`, when `Delegate` is laid out as a
    /// class-bound existential of one protocol (object, witness table) and its
    /// first word is `object`; nil otherwise.
    static func witness<Delegate>(of delegate: Delegate, object: AnyObject) -> UnsafeRawPointer? {
        guard MemoryLayout<Delegate>.size == 2 * MemoryLayout<UnsafeRawPointer>.size else { return nil }
        return withUnsafeBytes(of: delegate) { raw -> UnsafeRawPointer? in
            let first = raw.load(as: UnsafeRawPointer.self)
            guard first == UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) else { return nil }
            return raw.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
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

    /// Calls `body` with the typed delegate, borrowed from `object`: the
    /// existential is laid out in scratch memory that is never initialised
    /// as a `Delegate`, so nothing is retained or released for it (`object`,
    /// kept alive until after the call, owns the reference). An object that
    /// is weakly referenced pays about 70 ns a retain and release pair.
    @inlinable @inline(__always)
    func call<Delegate, Result>(as _: Delegate.Type, _ body: (Delegate) -> Result) -> Result {
        guard let witness else { return body(object as! Delegate) }
        let object = self.object
        let result = withUnsafeTemporaryAllocation(of: Delegate.self, capacity: 1) { buffer in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.storeBytes(of: Unmanaged.passUnretained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
            raw.storeBytes(of: witness, toByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
            return body(buffer.baseAddress!.pointee)
        }
        _fixLifetime(object)
        return result
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

extension RealDelegate {
    /// `object` retained, for a ``ProxyRoute``: a plain word, so that a route
    /// that carries none costs its reader no release, and one that does hands
    /// its reference to the delegate's existential instead of copying it.
    static func retained(_ object: AnyObject?) -> Unmanaged<AnyObject>? {
        object.map { Unmanaged.passRetained($0) }
    }
}
