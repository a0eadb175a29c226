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
        cwe: 611,
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
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                let parser = XMLParser(data: feedData)
                parser.shouldResolveExternalEntities = false
                parser.delegate = self
                """),
            RuleExample("let resolves = parser.shouldResolveExternalEntities"),
            RuleExample(
                """
                // parser.shouldResolveExternalEntities = true would read local files
                parser.parse()
                """),
        ]
    )

    static let assignedNames: Set<String>? = ["shouldResolveExternalEntities"]

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
