/// `storage.webview-cache` in Objective-C: `[[WKWebView alloc] init…]` / `[WKWebView new]` in a method or class
/// named for signed-in content (`LoginViewController`, `showStatement`), in a file that never picks a data store
/// (`nonPersistentDataStore`, `websiteDataStore`) or removes its data (`removeDataOfTypes:…`).
enum WebViewCacheObjCMatcher: ObjCRule {
    static var description: RuleDescription { WebViewCacheRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("WKWebView"),
            !["nonPersistentDataStore", "websiteDataStore", "setWebsiteDataStore"].contains(where: source.mentions),
            !source.sends.contains(where: { $0.selector.hasPrefix("removeDataOfTypes:") })
        else { return }
        for index in source.occurrences(of: "WKWebView") {
            // `[WKWebView alloc]`, `[WKWebView new]`: the receiver of a send that makes one.
            guard source.isPunct(index - 1, "["), let send = source.send(openingAt: index - 1),
                send.receiver == index..<(index + 1), ["alloc", "new"].contains(send.selector),
                let body = source.body(containing: index)
            else { continue }
            let names = [source.functionName(of: body), implementationName(before: index, in: source)].compactMap { $0 }
            guard let context = WebViewCacheRule.signedInContext(names: names) else { continue }
            report(
                file, source, at: index,
                "web view for \(context) uses the persistent default data store, and nothing here clears it; its cookies and cache stay on disk after sign-out: use .nonPersistent() or remove the data on sign-out"
            )
        }
    }

    /// The class of the `@implementation` (or category) the token sits in.
    private static func implementationName(before index: Int, in source: ObjCSource) -> String? {
        var j = index
        while j > 0 {
            j -= 1
            guard source.tokens[j].kind == .directive else { continue }
            let directive = source.text(j)
            if directive == "@end" { return nil }
            if directive == "@implementation" { return source.isIdentifier(j + 1) ? source.text(j + 1) : nil }
        }
        return nil
    }
}
