// expect: 'skippingEqualValues' is unavailable: skippingEqualValues needs a type known to be Equatable
// Key paths of different types reach the closure as `Any`: the compiler
// cannot see that their values are Equatable, so skipping equal values is a
// compile-time error there too (one registration per type can skip them).
import ClosureKit

final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    @ObservableProperty var theme = "light"
}

func watch(_ settings: Settings) throws -> KeyPathObservationToken<Settings> {
    try settings.observe([\Settings.volume, \Settings.theme], options: [.new, .skippingEqualValues]) { _, change in
        print(change.newValue as Any)
    }
}
