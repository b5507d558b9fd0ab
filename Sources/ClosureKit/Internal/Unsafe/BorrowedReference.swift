/// A strong reference to an object that a call can borrow without retaining
/// it: the element of a handler list whose dispatch calls each element's
/// object in place (``SlotObserver``'s delivery).
///
/// Sound because ``withBorrowed(_:)`` is a non-mutating method: Swift keeps
/// `self`, and so `strong`, alive for the whole call, and `unretained` is the
/// same object as `strong`, so the object outlives `body`. A caller that
/// reads the value in place from a collection it holds borrows it and pays
/// no retain and release; one that copies it out retains `strong` instead.
///
/// Buys 29.4% on observation.write-10: 1152 instructions against 1632 with
/// the safe form (the call made through `strong`).
@usableFromInline
struct BorrowedReference<Object: AnyObject> {
    /// Keeps the object alive for as long as this value exists.
    private let strong: Object
    /// `strong`, for ``withBorrowed(_:)``.
    private let unretained: Unmanaged<Object>

    init(_ object: Object) {
        strong = object
        unretained = .passUnretained(object)
    }

    /// Calls `body` with the object, which this value keeps alive during
    /// the call; `body` must not keep it beyond the call without retaining it.
    @inline(__always)
    func withBorrowed<Result>(_ body: (Object) -> Result) -> Result {
        unretained._withUnsafeGuaranteedRef(body)
    }
}
