#if canImport(UIKit) && !os(watchOS)
import ClosureKit
import UIKit

extension ControlEvents {
    /// Creates the set with the same events as a UIKit mask.
    ///
    /// - Parameter events: UIKit's control events; the bits are the same.
    public init(_ events: UIControl.Event) {
        self.init(rawValue: events.rawValue)
    }

    /// The same events as UIKit's `UIControl.Event`.
    public var uiControlEvents: UIControl.Event {
        UIControl.Event(rawValue: rawValue)
    }
}
#endif
