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
/// The closures need not be `Sendable`: `XMLParser` calls its delegate
/// synchronously on the thread that runs `parse()`, so they run where the
/// parser is used, as a hand-written delegate's methods would.
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
    ///   - handler: Called with the parser.
    /// - Returns: The token that removes the closure.
    public func onStartDocument(
        options: RegistrationOptions = [],
        _ handler: @escaping (XMLParser) -> Void
    ) -> CancellationToken {
        observe(XMLParserDelegateProxy.selectors.didStartDocument, options, handler)
    }

    /// Observes the end of the document (not called after a parse error).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser.
    /// - Returns: The token that removes the closure.
    public func onEndDocument(
        options: RegistrationOptions = [],
        _ handler: @escaping (XMLParser) -> Void
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
    ///   - handler: Called with the parser, the element's (local) name, its
    ///     namespace URI and qualified name (when the parser processes
    ///     namespaces), and its attributes.
    /// - Returns: The token that removes the closure.
    public func onStartElement(
        options: RegistrationOptions = [],
        _ handler:
            @escaping (
                _ parser: XMLParser, _ elementName: String, _ namespaceURI: String?, _ qualifiedName: String?,
                _ attributes: [String: String]
            ) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.didStartElement, options: options) {
            box.value($0.0, $0.1, $0.2, $0.3, $0.4)
        }
    }

    /// Observes end tags.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser, the element's name, namespace URI
    ///     and qualified name.
    /// - Returns: The token that removes the closure.
    public func onEndElement(
        options: RegistrationOptions = [],
        _ handler:
            @escaping (
                _ parser: XMLParser, _ elementName: String, _ namespaceURI: String?, _ qualifiedName: String?
            ) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.didEndElement, options: options) {
            box.value($0.0, $0.1, $0.2, $0.3)
        }
    }

    /// Observes character data. One run of text may arrive in several calls.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the characters.
    /// - Returns: The token that removes the closure.
    public func onCharacters(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ string: String) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.foundCharacters, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes whitespace that the DTD declares ignorable.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the whitespace.
    /// - Returns: The token that removes the closure.
    public func onIgnorableWhitespace(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ whitespace: String) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.foundIgnorableWhitespace, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes CDATA sections.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the section's bytes.
    /// - Returns: The token that removes the closure.
    public func onCDATA(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ block: Data) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.foundCDATA, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes comments.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the comment's text.
    /// - Returns: The token that removes the closure.
    public func onComment(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ comment: String) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.foundComment, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes processing instructions such as `<?xml-stylesheet …?>`.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser, the instruction's target and data.
    /// - Returns: The token that removes the closure.
    public func onProcessingInstruction(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ target: String, _ data: String?) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        let selector = XMLParserDelegateProxy.selectors.foundProcessingInstruction
        return delegateProxy.observeAfter(selector, options: options) {
            box.value($0.0, $0.1, $0.2)
        }
    }

    /// Observes namespace prefixes coming into scope (only when
    /// `shouldReportNamespacePrefixes` is set).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser, the prefix (empty for the default
    ///     namespace) and the namespace URI.
    /// - Returns: The token that removes the closure.
    public func onStartMappingPrefix(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ prefix: String, _ namespaceURI: String) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.didStartMappingPrefix, options: options) {
            box.value($0.0, $0.1, $0.2)
        }
    }

    /// Observes namespace prefixes going out of scope.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the prefix.
    /// - Returns: The token that removes the closure.
    public func onEndMappingPrefix(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ prefix: String) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.didEndMappingPrefix, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes DTD declarations of every kind: elements, attribute lists,
    /// internal, external and unparsed entities, and notations.
    ///
    /// One token removes all six underlying registrations.
    ///
    /// - Parameter handler: Called with the parser and the declaration.
    /// - Returns: The token that removes the closure.
    public func onDeclaration(
        _ handler: @escaping (_ parser: XMLParser, _ declaration: XMLDeclaration) -> Void
    ) -> CancellationToken {
        let proxy = delegateProxy
        let box = UncheckedSendable(handler)
        let deliver: @Sendable (XMLParser, XMLDeclaration) -> Void = { box.value($0, $1) }
        let group = TokenGroup([
            proxy.after(XMLParserDelegateProxy.selectors.foundElementDeclaration) {
                deliver($0.arguments.0, .element(name: $0.arguments.1, model: $0.arguments.2))
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundAttributeDeclaration) {
                let (parser, name, element, type, defaultValue) = $0.arguments
                deliver(parser, .attribute(name: name, element: element, type: type, defaultValue: defaultValue))
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundInternalEntityDeclaration) {
                deliver($0.arguments.0, .internalEntity(name: $0.arguments.1, value: $0.arguments.2))
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundExternalEntityDeclaration) {
                let (parser, name, publicID, systemID) = $0.arguments
                deliver(parser, .externalEntity(name: name, publicID: publicID, systemID: systemID))
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundUnparsedEntityDeclaration) {
                let (parser, name, publicID, systemID, notation) = $0.arguments
                deliver(
                    parser,
                    .unparsedEntity(name: name, publicID: publicID, systemID: systemID, notationName: notation))
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundNotationDeclaration) {
                let (parser, name, publicID, systemID) = $0.arguments
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
    ///   - handler: Called with the parser, the entity's name and system ID;
    ///     returns the entity's contents, or nil.
    /// - Returns: The token that removes the closure.
    public func onResolveExternalEntity(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ name: String, _ systemID: String?) -> Data?
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.implement(XMLParserDelegateProxy.selectors.resolveExternalEntity, options: options) {
            box.value($0.0, $0.1, $0.2)
        }
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
    ///   - handler: Called with the parser and the error.
    /// - Returns: The token that removes the closure.
    public func onParseError(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ error: any Error) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.parseErrorOccurred, options: options) {
            box.value($0.0, $0.1)
        }
    }

    /// Observes validation errors (only when the parser validates).
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the parser and the error.
    /// - Returns: The token that removes the closure.
    public func onValidationError(
        options: RegistrationOptions = [],
        _ handler: @escaping (_ parser: XMLParser, _ error: any Error) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(XMLParserDelegateProxy.selectors.validationErrorOccurred, options: options) {
            box.value($0.0, $0.1)
        }
    }

    private func observe<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        _ options: RegistrationOptions,
        _ handler: @escaping (Arguments) -> Void
    ) -> CancellationToken {
        let box = UncheckedSendable(handler)
        return delegateProxy.observeAfter(selector, options: options) { arguments in box.value(arguments) }
    }
}
