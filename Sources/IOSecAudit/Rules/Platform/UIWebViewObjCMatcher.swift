import IOSecCore

/// `platform.uiwebview` in Objective-C: `UIWebView` used as a type or class, not in an `@available` or
/// `NSClassFromString` check.
enum UIWebViewObjCMatcher: ObjCRule {
    static var description: RuleDescription { UIWebViewRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (index, token) in source.tokens.enumerated() where token.kind == .identifier && source.text(index) == "UIWebView" {
            report(file, source, at: index, "UIWebView is deprecated and unsafe; use WKWebView")
            return  // one per file: the type's first use is where the migration starts
        }
    }
}
