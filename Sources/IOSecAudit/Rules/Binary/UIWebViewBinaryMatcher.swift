import IOSecCore

/// `platform.uiwebview` in a built binary: a reference to the `UIWebView` class (its class symbol is imported), the
/// same finding App Store Connect rejects uploads for.
enum UIWebViewBinaryMatcher: BinaryRule {
    static var description: RuleDescription { UIWebViewRule.description }

    static let classSymbols: Set<String> = ["_OBJC_CLASS_$_UIWebView"]

    static func check(_ binary: BinaryFile) {
        guard let slice = binary.machO.slices.first(where: { !$0.imports.isDisjoint(with: classSymbols) }) else {
            return
        }
        binary.report(
            description, evidence: "\(slice.architecture.name): imports _OBJC_CLASS_$_UIWebView",
            message:
                "\(binary.name) references UIWebView (imports its class): App Store Connect rejects it; use WKWebView")
    }
}
