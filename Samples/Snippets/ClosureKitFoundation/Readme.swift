// Samples of README.md
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// README.md:25
import ClosureKitFoundation   // the core, ClosureKit, plus Foundation's delegates
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// Values and end-of-life callbacks on any object.
final class Document: Lifetime {
    let lifetimeStorage = LifetimeStorage()   // opt in to deterministic cleanup
}
let title = AssociationKey<String>("title")
var document: Document? = Document()
Association.set("Notes", for: title, on: document!)
print(Association.value(for: title, on: document!) ?? "none")  // Notes
let ended = document!.onEnd { print("document ended") }
document = nil                                                 // prints "document ended"

// A delegate, answered by a closure.
let parser = XMLParser(data: Data("<feed><entry/><entry/></feed>".utf8))
let starts = parser.onStartElement { _, name, _, _, _ in print("start", name) }
_ = parser.parse()                                             // start feed, start entry, start entry

// A cancellable delay, on a manual clock so that it runs at once.
let clock = ManualClock()
let scheduler = DelayScheduler(clock: clock)
let later = scheduler.schedule(after: .seconds(1), on: .inline) { print("one second later") }
clock.advance(by: .seconds(1))                                 // one second later
// Main-actor state, changed from a handler, with no Sendable annotation: the
// handler runs on the main actor (see the DocC article "Isolation").
@MainActor final class Counter {
    var taps = 0
}
final class Button: EventControl {
    let controlEventStorage = ControlEventStorage()
}
let counter = Counter()
let button = Button()
let tap = button.addHandler(for: .touchUpInside) { _ in counter.taps += 1 }
button.sendEvents(.touchUpInside)
print(counter.taps)                                            // 1
