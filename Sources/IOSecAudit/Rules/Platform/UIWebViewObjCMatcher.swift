import IOSecCore

/// `platform.uiwebview` in Objective-C: `UIWebView` used as a type or class, not in an `@available` or
/// `NSClassFromString` check.
enum UIWebViewObjCMatcher: ObjCRule {
    static var description: RuleDescription { UIWebViewRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        // One per file: the type's first use is where the migration starts.
        guard let first = source.occurrences(of: "UIWebView").first else { return }
        report(
            file, source, at: first,
            "UIWebView is deprecated, runs pages in the app's process with JavaScript always on, and App Store Connect rejects apps that use it (ITMS-90809); use WKWebView"
        )
    }
}
