import SwiftSyntax

/// `code.predicate-injection`: an `NSPredicate` format written from input, so the input is parsed as predicate
/// syntax instead of compared as a value.
struct PredicateInjectionRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.predicate-injection",
        title: "Predicate format built from input",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 943, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0086", mastg: [], .close),
        rationale: """
            `NSPredicate(format:)` parses its format as a small language. Input spliced into it (`"name == '\\(q)'"`) \
            can close the quote and add `OR TRUEPREDICATE`, which returns every Core Data or Realm object, and \
            keypath or function expressions in it can read other attributes. Arguments after the format are \
            compared as values and cannot change the predicate.
            """,
        fix:
            "Keep the format constant and pass the input as an argument: `NSPredicate(format: \"name == %@\", query)`.",
        fixExample: """
            let predicate = NSPredicate(format: "title CONTAINS[cd] %@", searchField.text ?? "")
            """,
        triggeringExamples: [
            RuleExample(
                """
                func search(_ field: UITextField) -> NSPredicate {
                    let term = field.text ?? ""
                    return NSPredicate(format: ↓"title CONTAINS[cd] '\\(term)'")
                }
                """,
                findings: [FindingSpec(severity: .high, message: "what the user typed into `field`")]),
            RuleExample(
                """
                func filter(from url: URL) -> NSPredicate? {
                    guard let query = url.query else { return nil }
                    return NSPredicate(format: ↓query)
                }
                """),
            RuleExample(
                """
                func matches(_ message: WKScriptMessage) -> [Note] {
                    guard let field = message.body as? String else { return [] }
                    let format = field + " == YES"
                    return notes.filter { NSPredicate(format: ↓format).evaluate(with: $0) }
                }
                """),
            RuleExample(
                """
                // Through a function of the same file: the caller passes the page's text.
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let text = message.body as? String else { return }
                    runSearch(for: text)
                }
                private func runSearch(for term: String) {
                    request.predicate = NSPredicate(format: ↓"payee CONTAINS '\\(term)'")
                }
                """,
                findings: [FindingSpec(message: "a web page's script message")]),
            // Objective-C: the query formatted into the predicate's format, through a local.
            RuleExample(
                """
                - (NSPredicate *)filterForLink:(NSURL *)url {
                    NSString *term = url.query;
                    NSString *format = [NSString stringWithFormat:@"title CONTAINS[cd] '%@'", term];
                    return [NSPredicate predicateWithFormat:↓format];
                }
                """, path: "App/Search.m", findings: [FindingSpec(message: "built from a URL's query")])
        ],
        nonTriggeringExamples: [
            // Objective-C: the input after a constant format.
            RuleExample(
                """
                - (NSPredicate *)filterForLink:(NSURL *)url {
                    return [NSPredicate predicateWithFormat:@"title CONTAINS[cd] %@", url.query];
                }
                """, path: "App/Search.m"),
            RuleExample(
                """
                func search(_ field: UITextField) -> NSPredicate {
                    NSPredicate(format: "title CONTAINS[cd] %@", field.text ?? "")
                }
                let byState = NSPredicate(format: "state == \\(State.archived.rawValue)")
                let format = isAdmin ? "owner != nil" : "owner == %@"
                let predicate = NSPredicate(format: format, currentUser)
                """),
            RuleExample(
                """
                func search(_ url: URL) -> NSPredicate {
                    let term = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    return NSPredicate(format: "%K CONTAINS[cd] %@", "title", term)
                }
                """),
            RuleExample(#"let recent = NSPredicate(format: "date > %@", Date().addingTimeInterval(-86_400) as NSDate)"#)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["NSPredicate"]))

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "NSPredicate",
            let format = call.argument("format") ?? call.argument("fromMetadataQueryString"),
            let steps = UntrustedOrigin.trace(format, in: file)
        else { return }
        reportFlow(
            file, at: format,
            "the predicate's format is built from \(steps.first?.note ?? "input"), which is parsed as predicate syntax; keep the format constant and pass the input after it as %@",
            steps: steps, sink: "parsed as an NSPredicate format")
    }
}
