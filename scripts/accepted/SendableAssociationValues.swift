// Associated values of Sendable types: a main-actor class, a value type of
// Sendable parts, and a final class of immutable Sendable state.
import ClosureKit

@MainActor final class Controller {}

struct Badge: Sendable {
    var count: Int
}

final class Tag: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

final class View {}

@MainActor
func decorate(_ view: View) {
    let owner = AssociationKey<Controller>("owner")
    let badge = AssociationKey<Badge>("badge")
    let tag = AssociationKey<Tag>("tag")
    let controller = Controller()
    Association.set(controller, for: owner, on: view, policy: .weak)
    Association.set(Badge(count: 3), for: badge, on: view)
    Association.set(Tag(name: "new"), for: tag, on: view)
}
