// Samples of Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md:13
import ClosureKit

final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    @ObservableProperty var theme = "light"
    @ObservableProperty var account = Account(name: "grace")
}

final class Account: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var name: String
    init(name: String) { self.name = name }
}

let settings = Settings()
let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
    print("volume", change.oldValue!, "->", change.newValue!)
}
settings.volume = 0.8   // prints "volume 0.5 -> 0.8"

// Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md:59
// snippet.hide
func sample59(settings: Settings) async throws {
// snippet.show
    let token = settings.observe([\Settings.theme, \Settings.volume], options: .new) { _, change in
        print(change.keyPath == \Settings.theme ? "theme" : "volume", change.newValue!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md:69
// snippet.hide
func sample69(settings: Settings) async throws {
// snippet.show
    let paths: [PartialKeyPath<Settings>] = [\.theme, \.volume, \.account]
    let token = settings.observe(paths, options: .new) { _, change in
        print(change.keyPath == \Settings.theme ? "theme" : "volume or account")
    }
    token.cancel(\.account)                    // theme and volume are still observed
    settings.account = Account(name: "ada")    // prints nothing
    settings.theme = "dark"                    // prints "theme"
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md:87
// snippet.hide
func sample87(settings: Settings) async throws {
// snippet.show
    let token = settings.observe(\.account.name, options: [.old, .new]) { _, change in
        print(change.oldValue!, "->", change.newValue!)
    }
    settings.account = Account(name: "ada")   // prints "grace -> ada"
// snippet.hide
    _ = token
}
// snippet.show
