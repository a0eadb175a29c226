import IOSecCore

/// `platform.webview-js` in Objective-C: JavaScript turned on (`javaScriptEnabled = YES`,
/// `[preferences setJavaScriptEnabled:YES]`) in a file whose web view loads HTML built at runtime, a cleartext
/// page or a file from outside the bundle.
enum WebViewJavaScriptObjCMatcher: ObjCRule {
    static var description: RuleDescription { WebViewJavaScriptRule.description }

    static let switches: Set<String> = ["javaScriptEnabled", "allowsContentJavaScript"]
    static let setters: Set<String> = ["setJavaScriptEnabled", "setAllowsContentJavaScript"]
    /// A finding needs JavaScript turned on, by a property or its setter.
    static let requiredNames: Set<String>? = switches.union(setters)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        var enables: [Int] = []
        for index in switches.flatMap(source.occurrences(of:)) {
            guard source.isPunct(index + 1, "="), source.isIdentifier(index + 2, "YES") else { continue }
            // Reported where the statement starts: `preferences.javaScriptEnabled = YES;`.
            var start = index
            while source.isPunct(start - 1, "."), source.isIdentifier(start - 2) { start -= 2 }
            enables.append(start)
        }
        for send in source.sends(withFirstPart: setters)
        where send.selector == "setJavaScriptEnabled:" || send.selector == "setAllowsContentJavaScript:" {
            if let value = send.parts[0].argument, source.identifiers(in: value) == ["YES"] {
                enables.append(send.open)
            }
        }
        guard !enables.isEmpty, let untrusted = source.sends.lazy.compactMap({ untrustedLoad($0, source) }).first
        else { return }
        for site in enables.sorted() {
            report(
                file, source, at: site,
                "JavaScript is enabled in a web view that loads \(untrusted); turn it off or load only bundled or fixed https:// content"
            )
        }
    }

    /// What a load brings in that the app did not ship: nil for bundled content and fixed https:// pages.
    private static func untrustedLoad(_ send: ObjCMessageSend, _ source: ObjCSource) -> String? {
        guard let argument = send.parts[0].argument else { return nil }
        var content = source.trimmedExpression(argument)
        if content.count == 1, source.isIdentifier(content.lowerBound),
            let value = source.declaredValue(of: source.text(content.lowerBound), before: content.lowerBound)
        {
            content = value
        }
        let names = source.identifiers(in: content)
        if names.contains("mainBundle") || names.contains("bundleURL") || names.contains("bundlePath") { return nil }
        switch send.selector {
        case "loadHTMLString:baseURL:":
            return source.stringValue(of: content) == nil ? "HTML built at runtime" : nil
        case "loadFileURL:allowingReadAccessToURL:":
            return "a file from outside the app bundle"
        case "loadRequest:":
            for index in content {
                guard let literal = source.stringValue(ofToken: index)?.lowercased() else { continue }
                if literal.hasPrefix("http://") { return "a cleartext http:// page" }
                if literal.hasPrefix("https://") { return nil }
            }
            return nil
        default:
            return nil
        }
    }
}
