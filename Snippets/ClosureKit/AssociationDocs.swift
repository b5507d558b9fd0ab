// Samples of Sources/ClosureKit/Association/Association.swift
// snippet.hide
import ClosureKit
final class View {}
final class Controller {}
extension AssociationKey where Value == Controller {
    static let owner = AssociationKey("owner")
}
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
func sample104(view: View, controller: Controller) async throws {
// snippet.show
    Association.set(controller, for: .owner, on: view, policy: .weak)
// snippet.hide
}
// snippet.show
