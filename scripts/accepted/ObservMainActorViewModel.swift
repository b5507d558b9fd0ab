// A @MainActor view model observes the plain (not Sendable) model it owns:
// its observers change the view model's state and a local var, with no
// annotation, and run synchronously when the model is set on the main actor.
import ClosureKit

final class Account: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var name = "grace"
}

final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    @ObservableProperty var theme = "light"
    @ObservableProperty var account = Account()
}

@MainActor
final class SettingsViewModel {
    var volumeText = ""
    var changes = 0
    var tokens = Set<CancellationToken>()
    let settings = Settings()

    func bind() {
        var local = 0
        settings.observe(\.volume, options: [.initial, .new]) { _, change in
            self.volumeText = "\(change.newValue!)"
            local += 1
        }.store(in: &tokens)
        settings.observe(\.account.name, options: [.old, .new]) { _, _ in self.changes += 1 }.store(in: &tokens)
        settings.observe([\Settings.theme, \Settings.volume], options: .new) { _, _ in self.changes += 1 }
            .store(in: &tokens)
        let scratch = Settings() // a model of this function's own: it stays on the main actor
        scratch.observe(\.theme) { settings, _ in self.volumeText = settings.theme }.store(in: &tokens)
        scratch.theme = "dark"
        settings.volume = 0.8
    }

    func watch() async {
        for await change in settings.changes(of: \.volume) {
            volumeText = "\(change.newValue!)"
        }
    }
}
