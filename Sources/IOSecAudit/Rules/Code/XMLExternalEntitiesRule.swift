import SwiftSyntax

/// `code.xml-external-entities`: an `XMLParser` told to resolve external entities, so a document can make the app read
/// its own files or reach other hosts while parsing.
struct XMLExternalEntitiesRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.xml-external-entities",
        title: "XML parser resolves external entities",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 611, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0087", mastg: [], .exact),
        rationale: """
            With `shouldResolveExternalEntities = true`, a document that declares \
            `<!ENTITY x SYSTEM "file:///…/Library/Preferences/app.plist">` has the parser read that file into the \
            parsed text, which the app may then show or send back; a `http://` entity makes the app fetch a URL the \
            document chose. A feed, a shared file or a server response is enough. `XMLParser` resolves none unless told.
            """,
        fix: "Leave `shouldResolveExternalEntities` false (its default).",
        fixExample: """
            let parser = XMLParser(data: data)
            parser.delegate = self
            parser.parse()
            """,
        triggeringExamples: [
            RuleExample(
                """
                let parser = XMLParser(data: feedData)
                ↓parser.shouldResolveExternalEntities = true
                """,
                findings: [FindingSpec(severity: .medium, message: "resolves external entities")]),
            RuleExample(
                """
                final class FeedReader: NSObject, XMLParserDelegate {
                    func read(_ data: Data) {
                        let parser = XMLParser(data: data)
                        parser.delegate = self
                        ↓parser.shouldResolveExternalEntities = true
                        parser.parse()
                    }
                }
                """),
            RuleExample("↓self.parser.shouldResolveExternalEntities = true"),
            RuleExample(
                """
                import libxml2

                func parse(_ path: String) -> xmlDocPtr? {
                    let options = Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue)
                    return ↓xmlReadFile(path, nil, options)
                }
                """),
            // The readers over a file descriptor or I/O callbacks take the same options.
            RuleExample(
                """
                let doc = ↓xmlCtxtReadFd(context, fd, nil, nil, Int32(XML_PARSE_DTDLOAD.rawValue))
                let other = ↓xmlReadIO(read, close, stream, nil, nil, Int32(XML_PARSE_NOENT.rawValue))
                """),
            // Objective-C: the property, its setter, and libxml2 options kept in a local.
            RuleExample(
                """
                - (void)importFeed:(NSData *)data {
                    NSXMLParser *parser = [[NSXMLParser alloc] initWithData:data];
                    ↓parser.shouldResolveExternalEntities = YES;
                    ↓[self.backup setShouldResolveExternalEntities:YES];
                    int options = XML_PARSE_NOENT | XML_PARSE_NONET;
                    xmlDocPtr doc = ↓xmlReadMemory(data.bytes, (int)data.length, NULL, NULL, options);
                }
                """, path: "App/FeedImporter.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)importFeed:(NSData *)data {
                    NSXMLParser *parser = [[NSXMLParser alloc] initWithData:data];
                    parser.shouldResolveExternalEntities = NO;
                    xmlDocPtr doc = xmlReadMemory(data.bytes, (int)data.length, NULL, NULL, XML_PARSE_NONET);
                }
                """, path: "App/FeedImporter.m"),
            RuleExample(
                """
                let parser = XMLParser(data: feedData)
                parser.shouldResolveExternalEntities = false
                parser.delegate = self
                """),
            RuleExample("let resolves = parser.shouldResolveExternalEntities"),
            RuleExample("let doc = xmlReadMemory(bytes, length, nil, nil, Int32(XML_PARSE_NONET.rawValue))"),
            RuleExample("let doc = xmlCtxtReadIO(context, read, close, stream, nil, nil, 0)"),
            RuleExample(
                """
                // parser.shouldResolveExternalEntities = true would read local files
                parser.parse()
                """)
        ]
    )

    static let subscription = Subscription(
        // libxml2's readers and Foundation's `XMLDocument` take the same choice as an option.
        calls: .named([
            "xmlReadFile", "xmlReadDoc", "xmlReadMemory", "xmlReadFd", "xmlReadIO", "xmlCtxtReadFile",
            "xmlCtxtReadDoc", "xmlCtxtReadMemory", "xmlCtxtReadFd", "xmlCtxtReadIO", "xmlCtxtUseOptions",
            "xmlParseInNodeContext", "XMLDocument"
        ]),
        assignments: ["shouldResolveExternalEntities"])
    /// Options that load external entities or DTDs.
    static let entityOptions = ["XML_PARSE_NOENT", "XML_PARSE_DTDLOAD", "nodeLoadExternalEntitiesAlways"]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName != nil else { return }
        for argument in call.arguments {
            // The options, written in place or in a local: `let options = Int32(XML_PARSE_NOENT.rawValue)`.
            var text = argument.expression.trimmedDescription
            if let ref = argument.expression.unwrapped.as(DeclReferenceExprSyntax.self),
                let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
            {
                text += " " + value.trimmedDescription
            }
            guard let option = Self.entityOptions.first(where: { text.contains($0) }) else { continue }
            report(
                file, at: call,
                "the XML parser is given \(option), so a document can make it read the app's files or fetch other URLs; leave the option out",
                evidence: .value)
            return
        }
    }

    mutating func visit(_ sequence: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = sequence.simpleAssignment,
            assignment.target.lastName == "shouldResolveExternalEntities",
            assignment.value.booleanLiteralValue == true
        else { return }
        report(
            file, at: sequence,
            "the XML parser resolves external entities, so a document can make it read the app's files or fetch other URLs; leave shouldResolveExternalEntities false",
            evidence: .value)
    }
}
