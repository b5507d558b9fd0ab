#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
@preconcurrency internal import Glibc
#elseif canImport(Musl)
@preconcurrency internal import Musl
#elseif canImport(Bionic)
@preconcurrency internal import Bionic
#endif

/// Records which observable properties a piece of code reads, on the current
/// thread: how a registration finds the properties (and the objects) a key
/// path runs through, including nested and computed ones.
///
/// ``ObservableProperty``'s getter asks ``isActive`` on every read (a
/// thread-local load) and reports the read only while a tracking is running.
@usableFromInline
enum AccessTracking {
    /// One observable property read during a tracking.
    struct Access {
        let storage: ObservationStorage
        let object: AnyObject
        let keyPath: AnyKeyPath
        let slot: Int
    }

    final class Tracker {
        var accesses: [Access] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "pthread_key_create failed with \(result)")
        return key
    }()

    /// Whether a tracking runs on this thread.
    @usableFromInline
    static var isActive: Bool {
        pthread_getspecific(key) != nil
    }

    /// Reports a read of the property `keyPath` (with slot `slot`) of
    /// `object` to the tracking running on this thread, if any.
    @usableFromInline
    static func recordAccess(storage: ObservationStorage, object: AnyObject, keyPath: AnyKeyPath, slot: Int) {
        guard let raw = pthread_getspecific(key) else { return }
        let tracker = Unmanaged<Tracker>.fromOpaque(raw).takeUnretainedValue()
        tracker.accesses.append(Access(storage: storage, object: object, keyPath: keyPath, slot: slot))
    }

    /// Runs `body` and returns its result with the observable properties it
    /// read, in order. Trackings nest: an inner one hides its reads from the
    /// outer one.
    static func track<Result>(_ body: () -> Result) -> (Result, [Access]) {
        let tracker = Tracker()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(tracker).toOpaque())
        defer { pthread_setspecific(key, previous) }
        let result = withExtendedLifetime(tracker) { body() }
        return (result, tracker.accesses)
    }
}
