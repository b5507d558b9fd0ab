// closurekit-demo: a guided tour of ClosureKit, one section per capability.
//
// Run it with `swift run closurekit-demo`. Each section lives in its own file
// (`Demo+<Capability>.swift`) and prints what it does, so that a newcomer can
// read the output next to the code.

print("ClosureKit demo")
print("===============")

let sections: [(title: String, run: () -> Void)] = [
    ("Association: values attached to any object", demoAssociation),
    ("Lifetime: closures that run when an object ends", demoLifetime),
    ("Delegate proxies: closures where a protocol expects a delegate", demoDelegateProxy),
    ("Foundation: closures where Foundation asks for delegates", demoFoundation),
]

for (index, section) in sections.enumerated() {
    print("")
    print("\(index + 1). \(section.title)")
    section.run()
}

print("")
print("Done.")
