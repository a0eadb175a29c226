import IOSecAudit
import Testing

@Suite struct SuppressionTests {
    @Test func lineAndLineAboveAreSuppressedWithReason() {
        let code = """
            let a = UIWebView() // iosec:ignore platform.uiwebview -- legacy screen, removed in 5.0
            // iosec:ignore platform.uiwebview, storage.userdefaults-secret — tracked in JIRA-12
            let b = UIWebView()
            let c = UIWebView()
            """
        let findings = SourceAnalysis.analyze(code).findings
        #expect(findings.map(\.line) == [1, 3, 4])
        #expect(findings.map(\.suppressed) == [true, true, false])
        #expect(findings[0].suppressionReason == "legacy screen, removed in 5.0")
        #expect(findings[1].suppressionReason == "tracked in JIRA-12")
    }

    @Test func fileWideSuppression() {
        let code = "// iosec:ignore-file platform.uiwebview\nlet a = UIWebView()\n\n\nlet b = UIWebView()\n"
        let findings = SourceAnalysis.analyze(code).findings
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.suppressed })
        #expect(findings.allSatisfy { $0.suppressionReason == nil })
    }

    @Test func otherRulesAreNotSuppressed() {
        let code = "let a = UIWebView() // iosec:ignore storage.userdefaults-secret\n"
        let result = SourceAnalysis.analyze(code)
        #expect(result.findings.map(\.suppressed) == [false])
        #expect(
            result.diagnostics.map(\.message) == [
                "line 1: suppression of 'storage.userdefaults-secret' matches no finding; remove it"
            ])
    }

    @Test func unknownRuleIdIsAWarning() {
        let code = "let a = UIWebView() // iosec:ignore platform.uiwebveiw\n"
        let result = SourceAnalysis.analyze(code)
        #expect(result.findings.map(\.suppressed) == [false])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("unknown rule 'platform.uiwebveiw'") == true)
    }

    @Test func commentSyntaxesOfOtherFileKinds() {
        let plist = Suppressions(
            bytes: Array("<!-- iosec:ignore network.ats-arbitrary-loads -- needed for the kiosk build -->\n".utf8))
        #expect(plist.entries.first?.ruleIds == ["network.ats-arbitrary-loads"])
        #expect(plist.entries.first?.reason == "needed for the kiosk build")
        let xcconfig = Suppressions(
            bytes: Array("ENABLE_TESTABILITY = YES // iosec:ignore code.debug-build-settings\n".utf8))
        #expect(xcconfig.entries.first?.ruleIds == ["code.debug-build-settings"])
    }

    /// The marker is found wherever it stands: first bytes, last bytes (no newline), after many colons.
    @Test func theMarkerIsFoundAtEitherEndOfAFile() {
        let texts = [
            "iosec:ignore network.cleartext-url\nlet u = \"http://a\"",
            "let u = \"http://a\" // iosec:ignore network.cleartext-url",
            String(repeating: "a: b: c: ios: iosec: iosec:ignor\n", count: 100)
                + "// iosec:ignore network.cleartext-url"
        ]
        for text in texts {
            #expect(
                Suppressions(bytes: Array(text.utf8)).entries.first?.ruleIds == ["network.cleartext-url"], "\(text)")
        }
        for text in ["iosec:ignor", ":", "", String(repeating: "iosec: ignore :", count: 50)] {
            #expect(Suppressions(bytes: Array(text.utf8)).entries.isEmpty)
        }
    }

    @Test func mentionsThatAreNotSuppressionsAreIgnored() {
        #expect(Suppressions(bytes: Array("// see iosec:ignore-files docs\n// iosec:ignore\n".utf8)).entries.isEmpty)
    }
}
