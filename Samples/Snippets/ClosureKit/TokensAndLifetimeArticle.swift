// Samples of Sources/ClosureKit/ClosureKit.docc/TokensAndLifetime.md
// snippet.hide
import ClosureKit
final class Connection {}
final class View {}
@MainActor final class VolumeSlider: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0.0
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/TokensAndLifetime.md:10
// snippet.hide
func sample10(connection: Connection) async throws {
// snippet.show
    var tokens = Set<CancellationToken>()
    ObjectLifetime.onEnd(of: connection) { print("closed") }
        .store(in: &tokens)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/TokensAndLifetime.md:42
// snippet.hide
func sample42() async throws {
// snippet.show
    final class Session: Lifetime {
        let lifetimeStorage = LifetimeStorage()
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/TokensAndLifetime.md:57
// snippet.hide
@MainActor func sample57(view: View) {
// snippet.show
    @MainActor final class Owner {}  // Sendable: isolated to the main actor
    let ownerKey = AssociationKey<Owner>("owner")
    let owner = Owner()
    let badge = AssociationKey<Int>("badge")
    Association.set(3, for: badge, on: view)
    print(Association.value(for: badge, on: view) ?? 0)   // 3
    Association.set(owner, for: ownerKey, on: view, policy: .weak)
    Association.set(nil, for: badge, on: view)       // removes
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/TokensAndLifetime.md: closures that capture their registrant
@MainActor
final class VolumeModel {
    var volume = 0.0
    var tokens = Set<CancellationToken>()
    let slider = VolumeSlider()

    func bind() {
        slider.addHandler(for: .valueChanged) { [weak self] slider in
            self?.volume = slider.value      // not `self.volume`: that would keep the model alive
        }.store(in: &tokens)
    }
}
