/// A rule's matcher for Objective-C, Objective-C++ and C. It shares its `description` (id, message style, fix,
/// examples) with the Swift rule of the same id, so a finding reads the same in either language.
protocol ObjCRule: Sendable {
    static var description: RuleDescription { get }
    /// Names of which at least one stands as an identifier (a selector's part, a function, a constant, a class) in
    /// every file the matcher can report in; nil when no such names can be given. A file that has none of them is not
    /// handed to the matcher: most files call none of the APIs a matcher looks at, and going through a file's sends,
    /// calls and tokens for each matcher cost more than the front end. `ObjCFrontEndTests` checks each matcher's
    /// names against the examples and the development set.
    static var requiredNames: Set<String>? { get }
    static func check(_ source: ObjCSource, in file: ArtifactFile)
}

extension ObjCRule {
    static var requiredNames: Set<String>? { nil }

    /// The first part of each selector (`evaluatePolicy` for `evaluatePolicy:localizedReason:reply:`): the name every
    /// send of it has.
    static func firstParts(of selectors: some Sequence<String>) -> Set<String> {
        Set(selectors.map { String($0.prefix { $0 != ":" }) })
    }

    /// Reports at a token; code inside `#if DEBUG` is filed as debug-only.
    /// `debugOnly`: the code at `index` is compiled into every build but acts only in debug builds (a log macro
    /// below the release level), which the `#if` regions cannot tell.
    static func report(
        _ file: ArtifactFile, _ source: ObjCSource, at index: Int, _ message: String, severity: Severity? = nil,
        confidence: Confidence? = nil, evidence: Evidence = .api, debugOnly: Bool = false
    ) {
        guard index >= 0, index < source.tokens.count else { return }
        report(
            file, token: source.tokens[index], message, severity: severity, confidence: confidence, evidence: evidence,
            debugOnly: debugOnly)
    }

    /// Reports at a token that need not be in the file's token list (a `#define`'s value, lexed apart).
    static func report(
        _ file: ArtifactFile, token: ObjCToken, _ message: String, severity: Severity? = nil,
        confidence: Confidence? = nil, evidence: Evidence = .api, debugOnly: Bool = false
    ) {
        file.report(
            description, line: token.line, column: token.column, message: message, severity: severity,
            confidence: confidence, context: debugOnly || ObjCSource.context(of: token) == .debug ? .debug : nil,
            evidence: evidence)
    }
}

extension ArtifactFile {
    /// The file lexed and structured as C-family source, shared by every Objective-C rule.
    var objc: ObjCSource {
        if let objcSource { return objcSource }
        let made = ObjCSource(bytes: bytes)
        objcSource = made
        return made
    }
}

extension ArtifactFile {
    /// The regions under a project macro (`ObjCMacroRegion`) that hold a finding, for the stage that asks whether
    /// anything sets the macro (`UndefinedMacroStage`). Value: `macro ␟ last line`; line of the `#if`.
    func recordMacroRegionsOfFindings() {
        guard !findings.isEmpty, let source = objcSource, !source.macroRegions.isEmpty else { return }
        let lines = Set(findings.map(\.line))
        for region in source.macroRegions where lines.contains(where: region.lines.contains) {
            record(
                kind: FactKind.objcMacroRegion, value: FactKind.join(region.macro, String(region.lines.upperBound)),
                line: region.lines.lowerBound)
        }
    }
}

/// The front end on its own, for the benchmark: lex and structure one file, no rules.
public enum ObjCFrontEnd {
    public static func tokenCount(ofFileAt path: String) -> Int {
        guard let bytes = try? FileAnalyzer.read(path) else { return 0 }
        let source = ObjCSource(bytes: bytes)
        return source.tokens.count + source.sends.count + source.calls.count
    }
}
