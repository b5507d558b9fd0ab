// Samples of Sources/ClosureKit/Association/Association.swift
// snippet.hide
import ClosureKit
final class View {}
// snippet.show

// Sources/ClosureKit/Association/Association.swift:4
// snippet.hide
func sample4(view: View) async throws {
// snippet.show
    let badge = AssociationKey<Int>("badge")
    Association.set(3, for: badge, on: view)
    print(Association.value(for: badge, on: view) ?? 0)   // 3
    Association.set(nil, for: badge, on: view) // removes it
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Association/Association.swift:104
// snippet.hide
@MainActor func sample104(view: View) {
// snippet.show
    @MainActor final class Controller {}  // Sendable: isolated to the main actor
    let owner = AssociationKey<Controller>("owner")
    let controller = Controller()
    Association.set(controller, for: owner, on: view, policy: .weak)
// snippet.hide
}
// snippet.show
