import IOSecCore

/// `code.predicate-injection` in Objective-C: the format of `predicateWithFormat:` built from input the app does not
/// control (`ObjCUntrustedInput`: a link's query, a script message, typed text), directly or through a local.
enum PredicateInjectionObjCMatcher: ObjCRule {
    static var description: RuleDescription { PredicateInjectionRule.description }

    static let selectors: Set<String> = [
        "predicateWithFormat:", "predicateWithFormat:argumentArray:", "predicateFromMetadataQueryString:"
    ]

    static let requiredNames: Set<String>? = firstParts(of: selectors)

    /// Input passed after the format (`%@`) is data, whatever it holds: nothing cleans the format itself.
    private static let input = ObjCUntrustedInput(sanitized: { _ in false })

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends
        where selectors.contains(send.selector) || send.selector.hasPrefix("predicateWithFormat:") {
            guard let argument = send.parts.first?.argument, let format = source.split(argument).first,
                let input = input.input(in: format, of: source, before: send.open)
            else { continue }
            report(
                file, source, at: format.lowerBound,
                "the predicate's format is built from \(input), which is parsed as predicate syntax; keep the format constant and pass the input after it as %@"
            )
        }
    }
}
