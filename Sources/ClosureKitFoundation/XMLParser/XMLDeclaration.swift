/// A DTD declaration reported by `XMLParser`, as `XMLParser.onDeclaration(_:)`
/// delivers it.
///
/// ```swift
/// let token = parser.onDeclaration { _, declaration in
///     if case .internalEntity(let name, let value) = declaration {
///         print("&\(name); = \(value ?? "")")
///     }
/// }
/// ```
public enum XMLDeclaration: Hashable, Sendable {
    /// `<!ELEMENT name model>`.
    case element(name: String, model: String)
    /// `<!ATTLIST element name type default>`.
    case attribute(name: String, element: String, type: String?, defaultValue: String?)
    /// `<!ENTITY name "value">`.
    case internalEntity(name: String, value: String?)
    /// `<!ENTITY name PUBLIC|SYSTEM …>`.
    case externalEntity(name: String, publicID: String?, systemID: String?)
    /// `<!ENTITY name … NDATA notation>`.
    case unparsedEntity(name: String, publicID: String?, systemID: String?, notationName: String?)
    /// `<!NOTATION name …>`.
    case notation(name: String, publicID: String?, systemID: String?)
}
