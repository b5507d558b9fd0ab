import ClosureKit

/// Which events a platform's own event system already delivers to a
/// control's ClosureKit handlers: what `UIControlEventBridge` (UIKit only)
/// asks before it makes UIKit forward an event, so that each event is
/// forwarded once however many handlers cover it.
///
/// Plain Swift, compiled and tested on every platform; the UIKit bridge adds
/// only the platform calls (one `UIAction` per event this returns).
struct ControlEventForwarding {
    private var forwarded: ControlEvents = []

    /// Marks `events` as forwarded and returns those of its events that were
    /// not forwarded before, one bit each, lowest first.
    ///
    /// - Parameter events: The mask of a handler being added.
    /// - Returns: The single-bit events to start forwarding; empty when every
    ///   event of `events` is forwarded already.
    mutating func startForwarding(_ events: ControlEvents) -> [ControlEvents] {
        let missing = events.subtracting(forwarded)
        guard !missing.isEmpty else { return [] }
        forwarded.formUnion(missing)
        return (0..<32).map { ControlEvents(rawValue: 1 << $0) }.filter { missing.contains($0) }
    }
}
