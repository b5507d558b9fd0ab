internal import ClosureKitShims

extension Platform {
    /// Whether ``accessTracker`` is set on this thread: one thread-local load.
    static var hasAccessTracker: Bool {
        @inline(__always) get { closurekit_get_access_tracker() != nil }
    }

    /// The tracker of `AccessTracking` running on this thread, in a C
    /// `_Thread_local` slot (ClosureKitShims), which holds a raw pointer: the
    /// object goes in and out unretained (`Unmanaged`). Sound because whoever
    /// sets it keeps it alive until it puts the previous value back, on the
    /// same thread (`AccessTracking.track`). Self-test: `AccessTrackingTests`.
    static var accessTracker: AnyObject? {
        @inline(__always) get {
            closurekit_get_access_tracker().map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
        }
        @inline(__always) set {
            closurekit_set_access_tracker(newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }
}
