/// How a trap names a key path: as Swift prints it, `\Settings.volume`,
/// `\Account.owner.name`, and never by an address.
///
/// Swift names a key path's computed component (a computed property, a
/// property behind a wrapper such as ``ObservableProperty``, a property of a
/// class that is not `final`) only where the binary carries the accessor's
/// name for the runtime to find (Apple platforms); elsewhere, on Linux among
/// them, it prints the accessor's address,
/// `\Account.<computed 0x00005574c51ec9b0 (String)>`, which changes from run
/// to run and tells the reader nothing. Here such a component is printed by
/// its name when the registration can tell it for certain (an observable
/// property that evaluating the key path read: its accessor's address is the
/// one in the key path the property wrapper reported, and its name is found
/// by its slot among the object's stored properties), and as
/// `<computed String>` otherwise.
///
/// Only the traps use this; nothing here runs on a path that does not trap.
enum KeyPathDescription {
    /// One computed component in a key path's description.
    private struct Computed {
        /// Where it starts (`<`) and ends (after `>`) in the description.
        let range: Range<Int>
        /// The accessor's address, as printed (hexadecimal digits).
        let address: String
        /// The value's type, as printed.
        let type: String
    }

    /// `value` (a key path, or an array of them) as Swift prints it, with
    /// each computed component named from `names` (keyed by the accessor's
    /// address) or by its type.
    static func of(_ value: Any, names: [String: String] = [:]) -> String {
        let characters = Array(String(describing: value))
        var result = ""
        var index = 0
        for component in computedComponents(in: characters) {
            result += String(characters[index..<component.range.lowerBound])
            result += names[component.address] ?? "<computed \(component.type)>"
            index = component.range.upperBound
        }
        return result + String(characters[index...])
    }

    /// The computed components of a description, in order.
    private static func computedComponents(in characters: [Character]) -> [Computed] {
        let marker = Array("<computed 0x")
        var found: [Computed] = []
        var index = 0
        while index < characters.count {
            if characters[index...].starts(with: marker),
                let component = computedComponent(characters, at: index, after: index + marker.count)
            {
                found.append(component)
                index = component.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    /// Reads the rest of a computed component, `5574c51ec9b0 (String)>`,
    /// from `start`; nil if the text has another shape (it is then kept as
    /// it is).
    private static func computedComponent(_ characters: [Character], at begin: Int, after start: Int) -> Computed? {
        var index = start
        while index < characters.count, characters[index].isHexDigit { index += 1 }
        guard index > start, index + 1 < characters.count, characters[index] == " ", characters[index + 1] == "("
        else { return nil }
        let address = String(characters[start..<index])
        // The type may hold parentheses of its own: `((Int) -> ())`.
        var depth = 0
        let typeStart = index + 2
        index += 1
        while index < characters.count {
            if characters[index] == "(" {
                depth += 1
            } else if characters[index] == ")" {
                depth -= 1
                if depth == 0 {
                    guard index + 1 < characters.count, characters[index + 1] == ">" else { return nil }
                    return Computed(
                        range: begin..<index + 2, address: address, type: String(characters[typeStart..<index]))
                }
            }
            index += 1
        }
        return nil
    }

    /// The names of the observable properties read while the key path was
    /// evaluated, keyed by their accessors' addresses as key paths print
    /// them: each read's key path is the one the property wrapper reported,
    /// and its name is the stored property of the object whose
    /// ``ObservableProperty`` holds the read's slot.
    static func names(of accesses: [AccessTracking.Access]) -> [String: String] {
        var names: [String: String] = [:]
        for access in accesses {
            guard let address = computedComponents(in: Array("\(access.keyPath)")).last?.address,
                let name = wrapperName(in: access.object, slot: access.slot)
            else { continue }
            names[address] = name
        }
        return names
    }

    /// The name of the observable property of `object` whose slot is `slot`.
    private static func wrapperName(in object: AnyObject, slot: Int) -> String? {
        for (label, value) in storedProperties(of: object) {
            if label.hasPrefix("_"), let property = value as? any ReflectedObservableProperty,
                property.reflectedSlot == slot
            {
                return String(label.dropFirst())
            }
        }
        return nil
    }

    /// The stored properties of `object`, its superclasses' included.
    private static func storedProperties(of object: Any) -> [(String, Any)] {
        var properties: [(String, Any)] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let label = child.label { properties.append((label, child.value)) }
            }
            mirror = current.superclassMirror
        }
        return properties
    }

    /// The stored properties, not observable, of the objects in `holders`
    /// that hold `object` (directly or as an optional), as `Type.name`.
    static func holders(of object: AnyObject, among holders: [AnyObject]) -> [String] {
        var found: [String] = []
        for holder in holders {
            for (label, value) in storedProperties(of: holder) where !(value is any ReflectedObservableProperty) {
                if unwrapped(value).map({ $0 === object }) == true {
                    found.append("\(type(of: holder)).\(label)")
                }
            }
        }
        return found
    }

    /// The object that `value` holds, through any number of optionals.
    private static func unwrapped(_ value: Any) -> AnyObject? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { unwrapped($0.value) }
        }
        return mirror.displayStyle == .class ? value as AnyObject : nil
    }

    /// The stored properties of `root`, not observable, whose values' type
    /// prints as `type`: what a key path of one component that Swift printed
    /// without a name may be.
    static func candidates(in root: AnyObject, ofType type: String) -> [String] {
        storedProperties(of: root).compactMap { label, value in
            value is any ReflectedObservableProperty || "\(Swift.type(of: value))" != type ? nil : label
        }
    }

    // The traps below are `fatalError`, not `preconditionFailure`: a release
    // build (-O) drops a precondition's message and stops with an illegal
    // instruction alone, and this message is the one that names the fix.

    /// The trap of a registration whose key path reads no observable
    /// property.
    static func trapReadingNothing(_ keyPath: AnyKeyPath, root object: AnyObject) -> Never {
        let name = of(keyPath)
        let root = "\(type(of: object))"
        var hint = ""
        // `\Account.<computed Int>`: say which stored properties it may be.
        let prefix = "\\\(root).<computed "
        if name.hasPrefix(prefix), name.hasSuffix(">"), name.firstIndex(of: ".") == name.lastIndex(of: ".") {
            let valueType = String(name.dropFirst(prefix.count).dropLast())
            let candidates = candidates(in: object, ofType: valueType)
            hint =
                candidates.isEmpty
                ? " (Swift prints no name for this property here.)"
                : " (Swift prints no name for this property here; if it is a stored property of \(root), it is one "
                    + "of those not marked: " + candidates.joined(separator: ", ") + ".)"
        }
        fatalError(
            """
            ClosureKit: cannot observe \(name): it reads no @ObservableProperty of a KeyPathObservable object, \
            so no change would ever be reported. Mark the properties it reads with @ObservableProperty.\(hint)
            """)
    }

    /// The trap of a registration whose key path reaches `link`'s object by
    /// a property that is not observable.
    static func trapUnobservedLink(
        _ keyPath: AnyKeyPath, root: AnyObject, accesses: [AccessTracking.Access], link: AccessTracking.Access
    ) -> Never {
        let through = "\(type(of: link.object))"
        // The objects the path reached through observable properties before
        // the link, and the root: one of them holds the link's object.
        var reachable: [AnyObject] = [root]
        for access in accesses {
            if access.object === link.object { break }
            if let value = access.value { reachable.append(value) }
        }
        let holders = holders(of: link.object, among: reachable)
        let property =
            holders.isEmpty
            ? "a property that is not marked" : holders.joined(separator: " or ") + ", which is not marked"
        fatalError(
            """
            ClosureKit: cannot observe \(of(keyPath, names: names(of: accesses))): it reaches \(through) through \
            \(property) @ObservableProperty, so replacing that object would go unnoticed. Mark every property \
            along the path with @ObservableProperty, or observe \(through) directly.
            """)
    }
}

/// An ``ObservableProperty``'s storage, as the traps find it among an
/// object's stored properties.
protocol ReflectedObservableProperty {
    /// The property's slot (0: not yet known).
    var reflectedSlot: Int { get }
}

extension ObservableProperty: ReflectedObservableProperty {
    var reflectedSlot: Int { slot }
}
