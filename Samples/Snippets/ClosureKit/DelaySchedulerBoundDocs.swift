// Samples of Sources/ClosureKit/Delays/DelayScheduler+Bound.swift
// snippet.hide
import ClosureKit
final class Toast: Sendable { func dismiss() {} }
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler+Bound.swift:5
// snippet.hide
func sample5(scheduler: DelayScheduler<ContinuousClock>, toast: Toast) async throws {
// snippet.show
    let token = scheduler.schedule(after: .seconds(3), boundTo: toast, on: .main) { toast in
        toast.dismiss()
    }
// snippet.hide
    _ = token
}
// snippet.show
