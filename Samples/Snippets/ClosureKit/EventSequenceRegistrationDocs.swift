// Samples of Sources/ClosureKit/Handlers/EventSequence+Registration.swift

import ClosureKit

final class Pedometer {
    private let steps = EventHandlers<Int>()

    func onStep(_ handler: @escaping @isolated(any) (Int) -> Void) -> CancellationToken {
        steps.add(handler)
    }

    func stepEvents() -> EventSequence<Int> {
        EventSequence { yield in onStep { yield($0) } }
    }
}
