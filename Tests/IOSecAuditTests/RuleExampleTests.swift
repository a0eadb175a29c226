@testable import IOSecAudit
import Testing

/// Every rule's examples are its unit tests: each triggering example yields exactly the marked findings,
/// each non-triggering one yields none. Extra checks (after SwiftLint) catch whole classes of bugs: Swift
/// code in a comment or string must not trigger, suppressions must silence, and a multi-byte prefix must
/// not shift positions.
@Suite struct RuleExampleTests {
    static let ruleIds = RuleRegistry.all.map(\.id)

    /// Rules that inspect string contents, so code wrapped in a string literal legitimately triggers them.
    static let rulesThatReadStrings: Set<String> = [
        "secrets.hardcoded", "network.cleartext-url", "crypto.hardcoded-key"
    ]

    static func description(_ id: String) -> RuleDescription { RuleRegistry.description(for: id)! }

    /// Active findings of rule `id` as "path:line:column".
    static func positions(
        _ files: [(path: String, code: String)], id: String, options: ScanOptions = ScanOptions(jobs: 1)
    ) -> [String] {
        SourceAnalysis.analyze(files: files, rules: RuleSet.all.only(id), options: options).findings
            .filter { !$0.suppressed && $0.ruleId == id }
            .map { "\($0.file):\($0.line):\($0.column)" }
    }

    static func isSwift(_ example: RuleExample) -> Bool { example.files.allSatisfy { $0.path.hasSuffix(".swift") } }

    /// Swift or C-family source: both have `//` and `/* */` comments.
    static func isCode(_ example: RuleExample) -> Bool {
        example.files.allSatisfy { file in [".swift", ".m", ".mm", ".h", ".c"].contains { file.path.hasSuffix($0) } }
    }

    /// The descriptions of every rule that reads source or configuration files, one per registered type.
    static var sourceRuleDescriptions: [RuleDescription] {
        var descriptions: [RuleDescription] = RuleRegistry.swiftRules.map { $0.description }
        descriptions += RuleRegistry.artifactRules.map { $0.description }
        descriptions += RuleRegistry.objcRules.map { $0.description }
        descriptions += RuleRegistry.projectRules.map { $0.description }
        return descriptions
    }

    @Test func everyRuleHasEnoughExamplesAndMetadata() {
        #expect(!Self.ruleIds.isEmpty)
        // Rules that only read built apps (binary.*, and the binary rules of other areas): their examples are Mach-O
        // files, profiles and IPAs, built in BinaryRuleTests, BuiltAppTests and SDKPrivacyManifestTests.
        let builtAppOnly = Set(RuleRegistry.binaryRules.map { $0.description.id }).subtracting(
            Self.sourceRuleDescriptions.map(\.id))
        #expect(builtAppOnly.contains("binary.no-pie") && builtAppOnly.contains("privacy.sdk-manifest-missing"))
        for d in RuleRegistry.all {
            let needed = d.area == "binary" || builtAppOnly.contains(d.id) ? 0 : 3
            #expect(d.triggeringExamples.count >= needed, "\(d.id) needs at least 3 triggering examples")
            #expect(d.nonTriggeringExamples.count >= needed, "\(d.id) needs at least 3 non-triggering examples")
            for example in d.triggeringExamples {
                let markers = example.strippedFiles.markers
                #expect(!markers.isEmpty, "\(d.id): triggering example without ↓ marker:\n\(example.code)")
                #expect(
                    example.findings.isEmpty || example.findings.count == markers.count,
                    "\(d.id): \(example.findings.count) finding specs for \(markers.count) markers in:\n\(example.code)"
                )
            }
            for example in d.nonTriggeringExamples {
                #expect(example.strippedFiles.markers.isEmpty, "\(d.id): non-triggering example with a ↓ marker")
                #expect(example.findings.isEmpty, "\(d.id): finding specs on a non-triggering example")
            }
            #expect(d.id.split(separator: ".").count == 2, "\(d.id): ids are area.name")
            #expect(
                !d.fix.isEmpty && !d.fixExample.isEmpty && !d.rationale.isEmpty, "\(d.id): rationale and fix required")
            #expect(d.masvs.hasPrefix("MASVS-"), "\(d.id): MASVS control")
            #expect(d.cwe > 0, "\(d.id): CWE")
        }
    }

    @Test func ruleIdsAreUnique() {
        #expect(Set(Self.ruleIds).count == Self.ruleIds.count)
        // A rule may match in several file kinds, but then with one description: two different rules never share
        // an id.
        let types = Self.sourceRuleDescriptions
        for (id, group) in Dictionary(grouping: types, by: \.id) where group.count > 1 {
            #expect(
                Set(group.map(\.title)).count == 1 && Set(group.map(\.rationale)).count == 1,
                "\(id) names two different rules")
        }
    }

    @Test(arguments: ruleIds)
    func triggeringExamplesYieldExactlyTheMarkedFindings(id: String) {
        for example in Self.description(id).triggeringExamples {
            let (files, expected) = example.strippedFiles
            let actual = Self.positions(files, id: id, options: example.options)
            #expect(
                actual == expected,
                "\(id): expected findings at \(expected), got \(actual) in:\n\(files.map(\.code).joined(separator: "\n---\n"))"
            )
        }
    }

    /// Where an example says what its findings must say (severity, confidence, message), each one does.
    @Test(arguments: ruleIds)
    func findingsSayWhatTheirSpecsSay(id: String) {
        for example in Self.description(id).triggeringExamples where !example.findings.isEmpty {
            let (files, markers) = example.strippedFiles
            let findings = SourceAnalysis.analyze(files: files, rules: RuleSet.all.only(id), options: example.options)
                .findings.filter { !$0.suppressed && $0.ruleId == id }
            for (marker, spec) in zip(markers, example.findings) {
                guard let finding = findings.first(where: { "\($0.file):\($0.line):\($0.column)" == marker }) else {
                    continue  // a missing position is triggeringExamplesYieldExactlyTheMarkedFindings' failure
                }
                let mismatch = spec.mismatch(
                    severity: finding.severity, confidence: finding.confidence, message: finding.message)
                #expect(mismatch == nil, "\(id) at \(marker): \(mismatch ?? "")")
            }
        }
    }

    @Test(arguments: ruleIds)
    func nonTriggeringExamplesYieldNothing(id: String) {
        for example in Self.description(id).nonTriggeringExamples {
            let files = example.strippedFiles.files
            let actual = Self.positions(files, id: id, options: example.options)
            #expect(
                actual.isEmpty,
                "\(id): expected no finding, got \(actual) in:\n\(files.map(\.code).joined(separator: "\n---\n"))")
        }
    }

    @Test(arguments: ruleIds)
    func triggeringCodeInsideACommentDoesNotTrigger(id: String) {
        for example in Self.description(id).triggeringExamples where Self.isCode(example) {
            let files = example.strippedFiles.files.map { file in
                (file.path, "/*\n\(file.code.replacingOccurrences(of: "*/", with: "* /"))\n*/\n")
            }
            #expect(Self.positions(files, id: id).isEmpty, "\(id): triggered inside a comment")
        }
    }

    @Test(arguments: ruleIds.filter { !rulesThatReadStrings.contains($0) })
    func triggeringCodeInsideAStringDoesNotTrigger(id: String) {
        for example in Self.description(id).triggeringExamples where Self.isSwift(example) {
            let files = example.strippedFiles.files
            guard !files.contains(where: { $0.code.contains("\"\"\"#") }) else { continue }
            let wrapped = files.map { ($0.path, "let snippet = #\"\"\"\n\($0.code)\n\"\"\"#\n") }
            #expect(Self.positions(wrapped, id: id).isEmpty, "\(id): triggered inside a string literal")
        }
    }

    /// A file-wide suppression in each file's own comment syntax.
    static func suppressed(_ file: (path: String, code: String), id: String) -> (path: String, code: String)? {
        let line = "iosec:ignore-file \(id) -- checked by hand"
        if [".swift", ".xcconfig", ".m", ".mm", ".h", ".c"].contains(where: { file.path.hasSuffix($0) }) {
            return (file.path, "// \(line)\n" + file.code)
        }
        if file.path.hasSuffix(".pbxproj") { return (file.path, "/* \(line) */\n" + file.code) }
        if file.code.hasPrefix("<?xml") || file.code.hasPrefix("<plist") || file.code.hasPrefix("<!DOCTYPE") {
            // After the XML declaration, which must come first.
            var lines = file.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.insert("<!-- \(line) -->", at: file.code.hasPrefix("<?xml") ? 1 : 0)
            return (file.path, lines.joined(separator: "\n"))
        }
        return nil  // JSON has no comments
    }

    @Test(arguments: ruleIds)
    func suppressionsSilenceEveryFinding(id: String) {
        for example in Self.description(id).triggeringExamples {
            let original = example.strippedFiles.files
            let files = original.map { Self.suppressed($0, id: id) ?? $0 }
            guard zip(files, original).allSatisfy({ $0.code != $1.code }) else { continue }
            let findings = SourceAnalysis.analyze(files: files, rules: RuleSet.all.only(id), options: example.options)
                .findings.filter { $0.ruleId == id }
            #expect(!findings.isEmpty, "\(id): example stopped triggering with a comment on top")
            #expect(
                findings.allSatisfy { $0.suppressed && $0.suppressionReason == "checked by hand" },
                "\(id): not suppressed")
        }
    }

    @Test(arguments: ruleIds)
    func multiByteCharactersDoNotShiftPositions(id: String) {
        for example in Self.description(id).triggeringExamples where Self.isCode(example) {
            // The prefix goes before any marker, so the markers' UTF-8 columns move exactly as the scanner's.
            let prefixed = RuleExample(
                files: example.files.map { ($0.path, "/* Grüße 🔐 */ " + $0.code) }, options: example.options)
            let (files, expected) = prefixed.strippedFiles
            #expect(
                Self.positions(files, id: id, options: prefixed.options) == expected,
                "\(id): positions shifted by a multi-byte prefix")
        }
    }
}
