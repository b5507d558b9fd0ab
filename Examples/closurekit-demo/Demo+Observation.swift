import ClosureKit

/// A settings object whose properties can be observed with closures.
private final class AppSettings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    @ObservableProperty var theme = "light"
    @ObservableProperty var account = UserAccount(name: "grace")
}

private final class UserAccount: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var name: String
    init(name: String) { self.name = name }
}

func demoObservation() throws {
    var tokens = Set<CancellationToken>()
    let settings = AppSettings()

    settings.observe(\.volume, options: [.initial, .old, .new]) { _, change in
        if change.isInitial {
            print("   volume starts at \(change.newValue!)")
        } else {
            print("   volume \(change.oldValue!) -> \(change.newValue!)")
        }
    }.store(in: &tokens)
    settings.volume = 0.8

    print("   one registration, several key paths; one of them dropped later:")
    let several = settings.observe([\AppSettings.theme, \AppSettings.volume], options: .new) { _, change in
        let name = change.keyPath == \AppSettings.theme ? "theme" : "volume"
        print("   \(name) is now \(change.newValue!)")
    }
    several.store(in: &tokens)
    settings.theme = "dark"
    several.cancel(\.theme)
    settings.theme = "light" // dropped: this registration stays silent; volume is still observed

    print("   a nested key path follows the account when it is replaced:")
    settings.observe(\.account.name, options: [.old, .new]) { _, change in
        print("   account name \(change.oldValue!) -> \(change.newValue!)")
    }.store(in: &tokens)
    settings.account.name = "grace hopper"
    settings.account = UserAccount(name: "ada")

    print("   removing every observation at once; this set prints nothing:")
    settings.removeAllHandlers()
    settings.volume = 0.1
}
