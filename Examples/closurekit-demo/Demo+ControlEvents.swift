import ClosureKit

/// A class becomes a control with one stored property.
private final class Stepper: EventControl {
    let controlEventStorage = ControlEventStorage()
    private(set) var value = 0

    func increment() {
        value += 1
        sendEvents(.valueChanged)
    }

    /// How many taps so far, so that a handler's line says which tap it ran for.
    private(set) var taps = 0

    func tap() {
        taps += 1
        sendEvents(.touchDown)
        sendEvents([.touchUpInside, .primaryActionTriggered])
    }
}

func demoControlEvents() {
    var stepper: Stepper? = Stepper()
    var tokens = Set<CancellationToken>()

    stepper!.addHandler(for: .valueChanged) { stepper in
        // The handler receives the control typed as Stepper: no cast, no capture.
        print("   valueChanged: the stepper is at \(stepper.value)")
    }.store(in: &tokens)
    stepper!.addHandler(for: [.touchUpInside, .primaryActionTriggered]) { stepper in
        print("   tap \(stepper.taps): the handler for [.touchUpInside, .primaryActionTriggered] runs once per send")
    }.store(in: &tokens)
    stepper!.addHandler(for: .allTouchEvents, options: .once) { _ in
        print("   a .once handler for .allTouchEvents: first touch, then it removes itself")
    }.store(in: &tokens)

    stepper!.increment()
    stepper!.tap()
    stepper!.tap()

    print(
        "   hasHandlers(for: .touchUpInside) is \(stepper!.hasHandlers(for: .touchUpInside)): has and remove match "
            + "the exact mask"
    )
    print(
        "   hasHandlers(for: [.touchUpInside, .primaryActionTriggered]) is "
            + "\(stepper!.hasHandlers(for: [.touchUpInside, .primaryActionTriggered]))"
    )
    print("   removeHandlers(for: .valueChanged) removed \(stepper!.removeHandlers(for: .valueChanged))")
    stepper!.increment()
    print("   (no line above: the valueChanged handler is gone)")

    stepper = nil
    print(
        "   the stepper ended, and its handlers with it: cancelling a kept token now prevents "
            + "\(tokens.first!.cancel() ? "something" : "nothing")"
    )
}
