import IOSecCore

/// `platform.webview-html-injection` in Objective-C: a text control's text formatted or appended into the HTML of
/// `loadHTMLString:baseURL:` or the script of `evaluateJavaScript:completionHandler:` /
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
                let control = untrustedInput(in: content, of: source, before: send.open, depth: 0)
            else { continue }
            report(
                file, source, at: content.lowerBound,
                "'\(control)' text is pasted into \(target); escape it or pass it as data")
        }
    }

    /// The text control whose text the string is built from: the value itself (`self.nameField.text`), an argument
    /// of a `stringWithFormat:` or `stringByAppendingString:` in it, or a local assigned from one of those.
    private static func untrustedInput(in range: Range<Int>, of source: ObjCSource, before use: Int, depth: Int)
        -> String?
    {
        guard depth < 4, !range.isEmpty else { return nil }
        if let control = inputRead(range, in: source) { return control }
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
                if let control = inputRead(value, in: source) { return control }
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

    /// `self.nameField.text`, `nameField.text`, `[self.nameField text]`: the control's name, unless the value is
    /// escaped on the way.
    private static func inputRead(_ range: Range<Int>, in source: ObjCSource) -> String? {
        let names = source.identifiers(in: range)
        guard let last = names.last, Sensitivity.inputTextMembers.contains(last), names.count >= 2 else { return nil }
        let control = names[names.count - 2]
        guard WebViewHTMLInjectionRule.isInputControl(control),
            !names.contains(where: {
                SensitiveName.words($0).contains(where: WebViewHTMLInjectionRule.escapingWords.contains)
            })
        else { return nil }
        return control
    }
}
