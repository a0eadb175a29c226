import SwiftSyntax

/// `platform.webview-lockdown-disabled`: web content told to ignore Lockdown Mode (`isLockdownModeEnabled = false`),
/// on the devices of the users who turned it on.
struct WebViewLockdownDisabledRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.webview-lockdown-disabled",
        title: "Lockdown Mode turned off for web content",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-PLATFORM-2",
        cwe: 693, owasp: OWASPReference("MASWE-0035", beta: "MASWE-0071", mastg: [], .related),
        rationale: """
            Lockdown Mode is what users at risk of targeted attacks (journalists, activists, officials) turn on: \
            WebKit then disables just-in-time JavaScript compilation, WebAssembly, web fonts and other features \
            exploits rely on. `WKWebpagePreferences.isLockdownModeEnabled` (and `WebPage.NavigationPreferences` since \
            iOS 26) reflects the device setting, and Apple lets an app override it only to offer a per-website \
            choice the user makes, as Safari does. Setting it to `false` in code turns the protection off for \
            every page the web view loads, for exactly the users who asked for it. A value that comes from the \
            user's own per-site setting is not reported.
            """,
        fix:
            "Leave isLockdownModeEnabled alone (it follows the device setting); if a site truly needs an exception, let the user choose it per site and store that choice.",
        fixExample: """
            let preferences = WKWebpagePreferences()
            // isLockdownModeEnabled follows the device; offer a per-site exception only when the user asks for it
            preferences.isLockdownModeEnabled = !exceptions.contains(host)
            """,
        triggeringExamples: [
            RuleExample(
                """
                func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction, preferences: WKWebpagePreferences,
                             decisionHandler: @escaping (WKNavigationActionPolicy, WKWebpagePreferences) -> Void) {
                    preferences.isLockdownModeEnabled = ↓false   // the statement chart needs WebAssembly
                    decisionHandler(.allow, preferences)
                }
                """),
            RuleExample(
                """
                let configuration = WKWebViewConfiguration()
                configuration.defaultWebpagePreferences.isLockdownModeEnabled = ↓false
                """),
            RuleExample(
                """
                WKWebpagePreferences *preferences = [[WKWebpagePreferences alloc] init];
                preferences.lockdownModeEnabled = ↓NO;
                [configuration.defaultWebpagePreferences setLockdownModeEnabled:↓NO];
                """, path: "App/Web/ACMStatementView.m")
        ],
        nonTriggeringExamples: [
            // Another object's `isLockdownModeEnabled` read, not set; a comparison.
            RuleExample(
                """
                struct Diagnostics { var isLockdownModeEnabled = false }
                func report(_ preferences: WKWebpagePreferences) -> Diagnostics {
                    Diagnostics(isLockdownModeEnabled: preferences.isLockdownModeEnabled)
                }
                """),
            RuleExample(
                """
                preferences.isLockdownModeEnabled = true
                preferences.isLockdownModeEnabled = !siteExceptions.contains(url.host ?? "")
                let lockdown = preferences.isLockdownModeEnabled
                if preferences.isLockdownModeEnabled == false { showLimitedContentNotice() }
                """),
            RuleExample(
                """
                preferences.lockdownModeEnabled = YES;
                [preferences setLockdownModeEnabled:self.userAllowsFullContent ? NO : YES];
                """, path: "App/Web/ACMStatementView.m")
        ]
    )

    static let subscription = Subscription(
        assignments: ["isLockdownModeEnabled"])

    mutating func visit(_ seq: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = seq.simpleAssignment, assignment.target.lastName == "isLockdownModeEnabled",
            Self.isFalse(assignment.value)
        else { return }
        report(file, at: assignment.value, Self.message)
    }

    static let message =
        "Lockdown Mode is turned off for this web content: on the devices of users who turned it on, pages get JIT JavaScript, WebAssembly and the other features it disables; let it follow the device"

    /// `false`, or a local that holds it.
    static func isFalse(_ value: ExprSyntax) -> Bool {
        if let literal = value.booleanLiteralValue { return !literal }
        if let origin = LocalValue.origin(of: value), let literal = origin.booleanLiteralValue { return !literal }
        return false
    }
}
