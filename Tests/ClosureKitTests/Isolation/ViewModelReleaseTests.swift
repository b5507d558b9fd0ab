import ClosureKit
import Testing

// The Isolation article's view model, in the shape of its sample: it keeps its
// stepper and its token, and its handler reaches it through `[weak self]`
// (the rule of the TokensAndLifetime article, "Closures that capture their
// registrant").

/// The article's names, in a namespace of their own.
enum IsolationArticleSample {
    @MainActor
    final class Stepper: EventControl {
        let controlEventStorage = ControlEventStorage()
        var value = 0
    }

    /// The sample as the article writes it.
    @MainActor
    final class CounterModel {
        var count = 0
        var tokens = Set<CancellationToken>()
        let stepper = Stepper()

        func bind() {
            stepper.addHandler(for: .valueChanged) { [weak self] stepper in
                self?.count = stepper.value // main-actor state, read and written
            }.store(in: &tokens)
        }
    }

    /// The sample as it was: the handler captures the model strongly.
    @MainActor
    final class StrongCounterModel {
        var count = 0
        var tokens = Set<CancellationToken>()
        let stepper = Stepper()

        func bind() {
            stepper.addHandler(for: .valueChanged) { stepper in
                self.count = stepper.value
            }.store(in: &tokens)
        }
    }
}

@Suite("A view model that keeps its tokens is released when its closures capture it weakly")
@MainActor
struct ViewModelReleaseTests {
    @Test("the Isolation article's view model counts, then ends with its last strong reference")
    func articleViewModelIsReleased() {
        var model: IsolationArticleSample.CounterModel? = IsolationArticleSample.CounterModel()
        weak let released = model
        model!.bind()
        model!.stepper.value = 3
        model!.stepper.sendEvents(.valueChanged)
        #expect(model!.count == 3)
        #expect(model!.tokens.count == 1) // the token is stored in the model
        model = nil
        #expect(released == nil)
    }

    @Test("the strong capture the article no longer shows keeps the model alive until its tokens go")
    func strongCaptureKeepsTheModel() {
        var model: IsolationArticleSample.StrongCounterModel? = IsolationArticleSample.StrongCounterModel()
        weak let kept = model
        model!.bind()
        model = nil
        #expect(kept != nil) // the model keeps the closure, the closure keeps the model
        kept?.tokens.removeAll() // what a user would have to remember; breaks the cycle
        #expect(kept == nil)
    }
}
