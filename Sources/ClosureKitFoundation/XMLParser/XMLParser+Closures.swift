import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Closure conveniences for `XMLParser`.
///
/// Each `on…` function installs the parser's ``XMLParserDelegateProxy`` if
/// needed and adds an observer (an `after` closure) for one delegate method.
/// Observers leave the real delegate in place: the parser's previous
/// delegate still receives every message, first, and several observers of
/// one method all run, in registration order.
///
/// The closures receive the delegate method's arguments, the parser first,
/// so that they need not capture the parser (which keeps its proxy, and so
/// its closures, alive).
///
/// The closures need not be `Sendable`: each is a plain `@isolated(any)`
/// parameter of a method of the parser, which is not `Sendable`, so Swift's
/// region-based isolation (SE-0414) merges the closure, and what it
/// captures, into the parser's region. Registered on the main actor, a
/// closure may use main-actor state and local `var`s, and from then on the
/// compiler keeps the parser on the main actor: handing it (or
/// `delegateProxy.parserDelegate`) to another task does not compile.
/// Registered from nonisolated code, a closure may capture local `var`s, and
/// the parser may still go to another task, closures and all. `XMLParser`
/// calls its delegate synchronously inside `parse()`, so the closures run
/// there, where the compiler has kept them, as a hand-written delegate's
/// methods would. (A main-actor closure reached off the main actor through
/// a gap of Swift, which the Isolation article lists, stops the program
/// rather than race.)
///
/// ```swift
/// let parser = XMLParser(data: data)
/// var titles: [String] = []
/// var text = ""
/// let tokens = [
///     parser.onStartElement { _, _, _, _, _ in text = "" },
///     parser.onCharacters { _, string in text += string },
///     parser.onEndElement { _, name, _, _ in if name == "title" { titles.append(text) } },
/// ]
/// _ = parser.parse()
/// ```
///
/// Every function returns a ``CancellationToken``: keep it for as long as the
/// closure should stay registered. `.once` removes the
/// closure after its first call.
extension XMLParser {
    /// The parser's delegate proxy, installed as its delegate on first use;
    /// the previous delegate becomes the proxy's `realDelegate`.
    ///
    /// Asking again returns the same proxy. The parser keeps it alive.
    public var delegateProxy: XMLParserDelegateProxy {
        XMLParserDelegateProxy.proxy(for: self)
    }

    /// Observes the start of the document.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser.
    /// - Returns: The token that removes the closure.
    public func onStartDocument(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (XMLParser) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.didStartDocument, options, handler)
    }

    /// Observes the end of the document (not called after a parse error).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser.
    /// - Returns: The token that removes the closure.
    public func onEndDocument(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (XMLParser) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.didEndDocument, options, handler)
    }

    /// Observes start tags.
    ///
    /// ```swift
    /// let token = parser.onStartElement { parser, name, namespaceURI, qualifiedName, attributes in
    ///     print("<\(name)>", attributes)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser, the element's (local) name, its
    ///     namespace URI and qualified name (when the parser processes
    ///     namespaces), and its attributes.
    /// - Returns: The token that removes the closure.
    public func onStartElement(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler:
            @escaping @isolated(any) (
                _ parser: XMLParser, _ elementName: String, _ namespaceURI: String?, _ qualifiedName: String?,
                _ attributes: [String: String]
            ) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.didStartElement
        return delegateProxy.observeAfter(selector, options: options, on: actor) {
            handler($0.0, $0.1, $0.2, $0.3, $0.4)
        }
    }

    /// Observes end tags.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser, the element's name, namespace URI
    ///     and qualified name.
    /// - Returns: The token that removes the closure.
    public func onEndElement(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler:
            @escaping @isolated(any) (
                _ parser: XMLParser, _ elementName: String, _ namespaceURI: String?, _ qualifiedName: String?
            ) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.didEndElement
        return delegateProxy.observeAfter(selector, options: options, on: actor) {
            handler($0.0, $0.1, $0.2, $0.3)
        }
    }

    /// Observes character data. One run of text may arrive in several calls.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the characters.
    /// - Returns: The token that removes the closure.
    public func onCharacters(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ string: String) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.foundCharacters, options, isolation, handler)
    }

    /// Observes whitespace that the DTD declares ignorable.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the whitespace.
    /// - Returns: The token that removes the closure.
    public func onIgnorableWhitespace(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ whitespace: String) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.foundIgnorableWhitespace, options, isolation, handler)
    }

    /// Observes CDATA sections.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the section's bytes.
    /// - Returns: The token that removes the closure.
    public func onCDATA(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ block: Data) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.foundCDATA
        return delegateProxy.observeAfter(selector, options: options, on: actor) {
            handler($0.0, $0.1)
        }
    }

    /// Observes comments.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the comment's text.
    /// - Returns: The token that removes the closure.
    public func onComment(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ comment: String) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.foundComment, options, isolation, handler)
    }

    /// Observes processing instructions such as `<?xml-stylesheet …?>`.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser, the instruction's target and data.
    /// - Returns: The token that removes the closure.
    public func onProcessingInstruction(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ target: String, _ data: String?) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.foundProcessingInstruction
        return delegateProxy.observeAfter(selector, options: options, on: actor) {
            handler($0.0, $0.1, $0.2)
        }
    }

    /// Observes namespace prefixes coming into scope (only when
    /// `shouldReportNamespacePrefixes` is set).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser, the prefix (empty for the default
    ///     namespace) and the namespace URI.
    /// - Returns: The token that removes the closure.
    public func onStartMappingPrefix(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ prefix: String, _ namespaceURI: String) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.didStartMappingPrefix
        return delegateProxy.observeAfter(selector, options: options, on: actor) {
            handler($0.0, $0.1, $0.2)
        }
    }

    /// Observes namespace prefixes going out of scope.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the prefix.
    /// - Returns: The token that removes the closure.
    public func onEndMappingPrefix(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ prefix: String) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.didEndMappingPrefix, options, isolation, handler)
    }

    /// Observes DTD declarations of every kind: elements, attribute lists,
    /// internal, external and unparsed entities, and notations.
    ///
    /// One token removes all six underlying registrations.
    ///
    /// - Parameters:
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the declaration.
    /// - Returns: The token that removes the closure.
    public func onDeclaration(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ declaration: XMLDeclaration) -> Void
    ) -> CancellationToken {
        let proxy = delegateProxy
        let (actor, deliver) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        typealias P = XMLParserDelegateProxy
        let group = TokenGroup([
            proxy.observeAfter(P.selectors.foundElementDeclaration, on: actor) {
                deliver($0.0, .element(name: $0.1, model: $0.2))
            },
            proxy.observeAfter(P.selectors.foundAttributeDeclaration, on: actor) {
                let (parser, name, element, type, defaultValue) = $0
                deliver(parser, .attribute(name: name, element: element, type: type, defaultValue: defaultValue))
            },
            proxy.observeAfter(P.selectors.foundInternalEntityDeclaration, on: actor) {
                deliver($0.0, .internalEntity(name: $0.1, value: $0.2))
            },
            proxy.observeAfter(P.selectors.foundExternalEntityDeclaration, on: actor) {
                let (parser, name, publicID, systemID) = $0
                deliver(parser, .externalEntity(name: name, publicID: publicID, systemID: systemID))
            },
            proxy.observeAfter(P.selectors.foundUnparsedEntityDeclaration, on: actor) {
                let (parser, name, publicID, systemID, notation) = $0
                deliver(
                    parser,
                    .unparsedEntity(name: name, publicID: publicID, systemID: systemID, notationName: notation))
            },
            proxy.observeAfter(P.selectors.foundNotationDeclaration, on: actor) {
                let (parser, name, publicID, systemID) = $0
                deliver(parser, .notation(name: name, publicID: publicID, systemID: systemID))
            },
        ])
        return group.token()
    }

    /// Answers the parser's requests for external entities.
    ///
    /// The parser asks only when it resolves external entities
    /// (`shouldResolveExternalEntities`). The combining rule is
    /// ``XMLParserDelegateProxy/Selectors-swift.struct/resolveExternalEntity``'s: the closure's data
    /// if not nil, otherwise the real delegate's.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser, the entity's name and system ID;
    ///     returns the entity's contents, or nil.
    /// - Returns: The token that removes the closure.
    public func onResolveExternalEntity(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ name: String, _ systemID: String?) -> Data?
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        let selector = XMLParserDelegateProxy.selectors.resolveExternalEntity
        return delegateProxy.implement(selector, options: options, on: actor) { handler($0.0, $0.1, $0.2) }
    }

    /// Observes the fatal parse error that stops the parser.
    ///
    /// `parser.lineNumber` and `parser.columnNumber` say where it happened:
    ///
    /// ```swift
    /// let token = parser.onParseError { parser, error in
    ///     print("line \(parser.lineNumber), column \(parser.columnNumber): \(error)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the error.
    /// - Returns: The token that removes the closure.
    public func onParseError(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ error: any Error) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.parseErrorOccurred, options, isolation, handler)
    }

    /// Observes validation errors (only when the parser validates).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with the parser and the error.
    /// - Returns: The token that removes the closure.
    public func onValidationError(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (_ parser: XMLParser, _ error: any Error) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.validationErrorOccurred, options, isolation, handler)
    }

    /// What the conveniences whose closure takes the parser and a string do.
    ///
    /// This and the error form below are concrete: a form generic over the
    /// second argument passes each closure through a reabstraction thunk,
    /// one more allocation and 4 more retains and releases per registration.
    private func observe(
        _ selector: MethodSelector<(XMLParser, String), Void>, _ options: RegistrationOptions,
        _ isolation: isolated (any Actor)?, _ handler: @escaping @isolated(any) (XMLParser, String) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        return delegateProxy.observeAfter(selector, options: options, on: actor) { handler($0.0, $0.1) }
    }

    /// What the conveniences whose closure takes the parser and an error do.
    private func observe(
        _ selector: MethodSelector<(XMLParser, any Error), Void>, _ options: RegistrationOptions,
        _ isolation: isolated (any Actor)?, _ handler: @escaping @isolated(any) (XMLParser, any Error) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        return delegateProxy.observeAfter(selector, options: options, on: actor) { handler($0.0, $0.1) }
    }

    private func observe<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ options: RegistrationOptions,
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Arguments) -> Void
    ) -> CancellationToken {
        let (actor, handler) = IsolatedCall.callableInRegion(
            handler, registeredFrom: isolation, "a handler of \(Self.self)")
        return delegateProxy.observeAfter(selector, options: options, on: actor, bound: handler)
    }
}
