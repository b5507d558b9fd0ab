// expect: 'skippingEqualValues' is unavailable: skippingEqualValues needs a type known to be Equatable
// Skipping equal values needs `==`: asked for key paths of a type that is not
// Equatable, it is a compile-time error, as for one key path, never an option
// silently ignored.
import ClosureKit

struct Payload { var bytes: [UInt8] }

final class Model: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var payload = Payload(bytes: [])
    @ObservableProperty var backup = Payload(bytes: [])
}

func watch(_ model: Model) throws -> KeyPathObservationToken<Model> {
    try model.observe([\.payload, \.backup], options: [.new, .skippingEqualValues]) { _, change in
        print(change.newValue as Any)
    }
}
