/// Records which observable properties a piece of code reads, on the current
/// thread: how a registration finds the properties (and the objects) a key
/// path runs through, including nested and computed ones.
///
/// ``ObservableProperty``'s getter asks ``isActive`` on every read (a task
/// local's look-up, which outside a task reads the thread's own list) and
/// reports the read only while a tracking is running.
///
/// The tracker is a task-local value, so a task that the tracked code starts
/// inherits it: its accesses are appended under the tracker's lock, and the
/// ones made after the tracking ended are dropped with the tracker.
@usableFromInline
enum AccessTracking {
    /// One observable property read during a tracking.
    struct Access {
        let storage: ObservationStorage
        let object: AnyObject
        let keyPath: AnyKeyPath
        let slot: Int
        /// The object the read returned, if the value is one: the next link
        /// of a nested key path.
        let value: AnyObject?
    }

    final class Tracker: Sendable {
        /// Unchecked (``UncheckedSendable``): appended and copied out under the
        /// lock; a task the tracked code starts may append too.
        let accesses = Locked(UncheckedSendable<[Access]>([]))
    }

    /// The tracking running in this task (or on this thread, outside tasks).
    @TaskLocal private static var tracker: Tracker?

    /// Whether a tracking runs on this thread.
    @usableFromInline
    static var isActive: Bool {
        tracker != nil
    }

    /// Reports a read of the property `keyPath` (with slot `slot`) of
    /// `object` to the tracking running on this thread, if any.
    @usableFromInline
    static func recordAccess(
        storage: ObservationStorage, object: AnyObject, keyPath: AnyKeyPath, slot: Int, value: AnyObject?
    ) {
        guard let tracker else { return }
        let access = Access(storage: storage, object: object, keyPath: keyPath, slot: slot, value: value)
        tracker.accesses.withLock { $0.value.append(access) }
    }

    /// Runs `body` and returns its result with the observable properties it
    /// read, in order. Trackings nest: an inner one hides its reads from the
    /// outer one.
    static func track<Result>(_ body: () -> Result) -> (Result, [Access]) {
        let tracker = Tracker()
        let result = $tracker.withValue(tracker) { body() }
        return (result, tracker.accesses.withLock { $0.value })
    }

    /// The first access that a key path from `root` reaches through a
    /// property that is not observable: an access on an object that is
    /// neither the root nor the value of an earlier observable read. Changes
    /// of such a link would go unnoticed, so registration rejects the path.
    static func firstUnobservedLink(in accesses: [Access], root: AnyObject) -> Access? {
        var reachable: [ObjectIdentifier] = [ObjectIdentifier(root)]
        for access in accesses {
            guard reachable.contains(ObjectIdentifier(access.object)) else { return access }
            if let value = access.value { reachable.append(ObjectIdentifier(value)) }
        }
        return nil
    }
}
