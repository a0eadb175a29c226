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
        "stringByEvaluatingJavaScriptFromString:": "JavaScript the web view runs",
        "initWithData:options:documentAttributes:error:": "HTML an attributed string renders"
    ]

    static let requiredNames: Set<String>? = firstParts(of: sinks.keys)

    /// Escaped, encoded or sanitized on the way (`stringByAddingPercentEncodingWithAllowedCharacters:`), it is data.
    private static let input = ObjCUntrustedInput(sanitized: { name in
        SensitiveName.words(name).contains(where: WebViewHTMLInjectionRule.escapingWords.contains)
    })

    /// An attributed string's `options:` that import HTML (`NSDocumentTypeDocumentAttribute: NSHTMLTextDocumentType`).
    private static func importsHTML(_ send: ObjCMessageSend, _ source: ObjCSource) -> Bool {
        guard send.parts.count > 1, let options = send.parts[1].argument else { return false }
        var names = source.identifiers(in: options)
        if names.count == 1, let value = source.declaredValue(of: names[0], before: send.open) {
            names = source.identifiers(in: value)
        }
        return names.contains("NSHTMLTextDocumentType")
    }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends {
            guard let target = sinks[send.selector], let content = send.parts.first?.argument,
                send.selector != "initWithData:options:documentAttributes:error:" || importsHTML(send, source),
                let input = input.input(in: content, of: source, before: send.open)
            else { continue }
            report(
                file, source, at: content.lowerBound, "\(input) is pasted into \(target); escape it or pass it as data")
        }
    }
}
