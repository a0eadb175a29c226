import IOSecCore

/// `platform.url-scheme-unvalidated` in Objective-C: `application:openURL:options:`,
/// `application:openURL:sourceApplication:annotation:`, `application:handleOpenURL:` or the app's own deep-link
/// method (`handleDeepLink:(NSURL *)url`) that reads the URL's query or path and acts on it with no check of its
/// host or scheme, or that hands it to a payment with nothing asking the user first.
enum URLSchemeUnvalidatedObjCMatcher: ObjCRule {
    static var description: RuleDescription { URLSchemeUnvalidatedRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        // A handler takes an `NSURL`; most files have none, and most methods are not handlers.
        guard source.mentions("NSURL") else { return }
        for body in source.bodies {
            guard let name = source.functionName(of: body), name == "application" || isDeepLinkName(name) else {
                continue
            }
            guard let parameter = urlParameter(source.signature(of: body), source) else { continue }
            let reading = reads(body, source)
            guard reading.content else { continue }
            if !reading.checks, hasCall(body, source) {
                report(file, source, at: parameter, URLSchemeUnvalidatedRule.message)
            } else if let action = unconfirmedPayment(body, source) {
                report(file, source, at: parameter, URLSchemeUnvalidatedRule.paymentMessage(action))
            }
        }
    }

    /// The `openURL` / `handleOpenURL` selector part of an app-delegate handler, or the URL parameter's selector
    /// part of a method named for deep links.
    private static func urlParameter(_ signature: Range<Int>, _ source: ObjCSource) -> Int? {
        guard signature.contains(where: { source.isPunct($0, "-") && source.isPunct($0 + 1, "(") }) else {
            return nil
        }
        let parts = signature.filter { source.isIdentifier($0) && source.isPunct($0 + 1, ":") }
        guard let first = parts.first else { return nil }
        let name = source.text(first)
        if name == "application" {
            return parts.first { ["openURL", "handleOpenURL"].contains(source.text($0)) }
        }
        guard isDeepLinkName(name) else { return nil }
        // `(NSURL *)url` right after a selector part's colon.
        return parts.first { source.isPunct($0 + 2, "(") && source.text($0 + 3) == "NSURL" }
    }

    /// A method named for custom-scheme deep links. Not universal links: a universal link handler
    /// (`handleUniversalLinkURL:`) gets only links of the app's own verified domains, and in large apps it routes to
    /// screens rather than acting.
    private static func isDeepLinkName(_ name: String) -> Bool {
        // On bytes: every method of a file that mentions NSURL is asked, and Foundation's `contains` is slow.
        let lowered = Array(name.lowercased().utf8)
        return lowered.starts(with: "handleopenurl".utf8) || lowered.starts(with: "handleurl".utf8)
            || lowered.indices.contains { lowered[$0...].starts(with: "deeplink".utf8) }
    }

    /// Whether the body reads the URL's query or path (`[url query]`, `url.path`), and whether anything checks
    /// where it points (`[url host]`, `hasPrefix:`).
    private static func reads(_ body: ClosedRange<Int>, _ source: ObjCSource) -> (content: Bool, checks: Bool) {
        var content = false, checks = false
        for index in body where source.isIdentifier(index) {
            let text = source.text(index)
            if URLSchemeUnvalidatedRule.contentMembers.contains(text),
                source.isPunct(index - 1, ".") || source.isPunct(index + 1, "]")
            {
                content = true
            }
            if URLSchemeUnvalidatedRule.checkMembers.contains(text) { checks = true }
        }
        return (content, checks)
    }

    private static func hasCall(_ body: ClosedRange<Int>, _ source: ObjCSource) -> Bool {
        source.sends.contains { body.contains($0.open) } || source.calls.contains { body.contains($0.nameIndex) }
    }

    /// A send or call named for moving money, with nothing in the handler asking the user first.
    private static func unconfirmedPayment(_ body: ClosedRange<Int>, _ source: ObjCSource) -> String? {
        var action: String?
        for index in body where source.isIdentifier(index) {
            let text = source.text(index)
            if URLSchemeUnvalidatedRule.confirmationWords.contains(text) || text.hasPrefix("confirm") { return nil }
            if action == nil, source.isPunct(index + 1, ":") || source.isPunct(index + 1, "("),
                SensitiveName.words(text).contains(where: URLSchemeUnvalidatedRule.paymentWords.contains)
            {
                action = text
            }
        }
        return action
    }
}
