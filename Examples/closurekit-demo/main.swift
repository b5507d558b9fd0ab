// closurekit-demo: a guided tour of ClosureKit, one section per capability.
//
// Run it with `swift run closurekit-demo`. Each section lives in its own file
// (`Demo+<Capability>.swift`) and prints what it does, so that a newcomer can
// read the output next to the code.

print("ClosureKit demo")
print("===============")

let sections: [(title: String, run: () throws -> Void)] = [
    ("Association: values attached to any object", demoAssociation),
    ("Lifetime: closures that run when an object ends", demoLifetime),
    ("Observation: closures on property changes of a settings object", demoObservation),
    ("Control events: closure handlers on any class that acts as a control", demoControlEvents),
    ("Delays: cancellable delayed closures, debounce, a manual clock", demoDelays),
    ("Delegate proxies: closures where a protocol expects a delegate", demoDelegateProxy),
    ("Hook points: before, instead of and after a method", demoHookPoints),
    ("Aspects: hooks across several types, installed and uninstalled by name", demoAspects),
    ("Foundation: closures where Foundation asks for delegates", demoFoundation),
]

for (index, section) in sections.enumerated() {
    print("")
    print("\(index + 1). \(section.title)")
    try section.run()
}

print("")
print("\(sections.count + 1). Swift 6: a @MainActor view model, and for await on every source")
try await demoConcurrency()

print("")
print("Done.")
