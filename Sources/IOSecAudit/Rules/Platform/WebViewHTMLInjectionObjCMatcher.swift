import IOSecCore

/// `platform.webview-html-injection` in Objective-C: a text control's text, a web page's script message
/// (`message.body` of the `WKScriptMessage` the method is handed) or a URL's query or fragment formatted or appended
/// into the HTML of `loadHTMLString:baseURL:` or the script of `evaluateJavaScript:completionHandler:` /
/// `stringByEvaluatingJavaScriptFromString:`, directly or through a local of the same body.
enum WebViewHTMLInjectionObjCMatcher: ObjCRule {
    static var description: RuleDescription { WebViewHTMLInjectionRule.description }

    static let sinks: [String: String] = [
        "loadHTMLString:baseURL:": "HTML the web view renders",
        "evaluateJavaScript:completionHandler:": "JavaScript the web view runs",
        "evaluateJavaScript:": "JavaScript the web view runs",
        "stringByEvaluatingJavaScriptFromString:": "JavaScript the web view runs"
    ]

    static let requiredNames: Set<String>? = firstParts(of: sinks.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends {
            guard let target = sinks[send.selector], let content = send.parts.first?.argument,
                let input = untrustedInput(in: content, of: source, before: send.open, depth: 0)
            else { continue }
            report(
                file, source, at: content.lowerBound, "\(input) is pasted into \(target); escape it or pass it as data")
        }
    }

    /// The text control whose text the string is built from: the value itself (`self.nameField.text`), an argument
    /// of a `stringWithFormat:` or `stringByAppendingString:` in it, or a local assigned from one of those.
    private static func untrustedInput(in range: Range<Int>, of source: ObjCSource, before use: Int, depth: Int)
        -> String?
    {
        guard depth < 4, !range.isEmpty else { return nil }
        if let input = inputRead(range, in: source, at: use) { return input }
        for send in source.sends where range.contains(send.open) {
            let values: [Range<Int>]
            if send.selector.hasPrefix("stringWithFormat:") || send.selector.hasPrefix("initWithFormat:") {
                values = Array(source.split(send.parts[0].argument ?? 0..<0).dropFirst())
            } else if send.selector == "stringByAppendingString:" || send.selector == "stringByAppendingFormat:" {
                values = send.parts.compactMap(\.argument).flatMap { source.split($0) }
            } else {
                continue
            }
            for value in values {
                if let input = inputRead(value, in: source, at: use) { return input }
                // A local given as the argument: what it was assigned.
                if source.identifiers(in: value).count == 1,
                    let input = untrustedInput(in: value, of: source, before: use, depth: depth + 1)
                {
                    return input
                }
            }
        }
        // A local built earlier in the same body: `NSString *html = [NSString stringWithFormat:…]`.
        let names = source.identifiers(in: range).filter { $0 != "self" }
        guard names.count == 1, let name = names.first, let body = source.body(containing: use) else { return nil }
        for assignment in source.assignments().reversed()
        where assignment.equals > body.lowerBound && assignment.equals < use
            && source.lastIdentifier(in: assignment.target) == name
        {
            return untrustedInput(in: assignment.value, of: source, before: assignment.equals, depth: depth + 1)
        }
        return nil
    }

    /// What input the value reads, unless it is escaped on the way: a control's text (`self.nameField.text`,
    /// `[self.nameField text]`), the body of the script message the method is handed, a URL's query or fragment.
    private static func inputRead(_ range: Range<Int>, in source: ObjCSource, at use: Int) -> String? {
        let names = source.identifiers(in: range)
        guard let last = names.last, names.count >= 2,
            !names.contains(where: {
                SensitiveName.words($0).contains(where: WebViewHTMLInjectionRule.escapingWords.contains)
            })
        else { return nil }
        let base = names[names.count - 2]
        if Sensitivity.inputTextMembers.contains(last), WebViewHTMLInjectionRule.isInputControl(base) {
            return "'\(base)' text"
        }
        if ["query", "fragment"].contains(last),
            base.lowercased().contains("url") || declares(base, "NSURL", source, use)
        {
            return "a URL's \(last)"
        }
        if last == "body", declares(base, "WKScriptMessage", source, use) { return "a web page's script message" }
        return nil
    }

    /// Whether the method around `use` takes `name` as a parameter of `type` (`(WKScriptMessage *)message`).
    private static func declares(_ name: String, _ type: String, _ source: ObjCSource, _ use: Int) -> Bool {
        guard let body = source.body(containing: use) else { return false }
        let signature = source.signature(of: body)
        let tokens = Array(signature)
        return tokens.indices.contains { index in
            source.text(tokens[index]) == type && index + 3 < tokens.count
                && source.isPunct(tokens[index + 1], "*") && source.isPunct(tokens[index + 2], ")")
                && source.text(tokens[index + 3]) == name
        }
    }
}
