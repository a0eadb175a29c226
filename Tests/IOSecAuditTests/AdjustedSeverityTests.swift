import IOSecAudit
import Testing

/// Rules that lower or raise severity from context report at the severity the context calls for.
@Suite struct AdjustedSeverityTests {
    static func severities(
        _ code: String, rule id: String, path: String = "App/Example.swift", contexts: Set<CodeContext> = [.app]
    ) -> [Severity] {
        SourceAnalysis.analyze(
            code, path: path, rules: RuleSet.all.only(id), options: ScanOptions(jobs: 1, includedContexts: contexts)
        ).findings.map(\.severity)
    }

    @Test func weakHashIsInfoForCacheKeysAndMediumForSecrets() {
        #expect(
            Self.severities(
                """
                func cacheFileName(for url: URL) -> String {
                    Insecure.MD5.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
                }
                """, rule: "crypto.weak-hash") == [.info])
        #expect(Self.severities("let etag = Insecure.SHA1.hash(data: body)", rule: "crypto.weak-hash") == [.info])
        #expect(
            Self.severities(
                """
                func hashPassword(_ password: String) -> Insecure.MD5Digest { Insecure.MD5.hash(data: Data(password.utf8)) }
                """, rule: "crypto.weak-hash") == [.medium])
        // A security word wins over an identifier word.
        #expect(
            Self.severities("let signatureFile = Insecure.SHA1.hash(data: fileData)", rule: "crypto.weak-hash") == [
                .medium
            ])
    }

    @Test func secretsAreCriticalForKnownFormatsHighForEntropyInfoForPublishable() {
        #expect(Self.severities(#"let k = "AKIAQ3EGRT5YHN6TLPZW""#, rule: "secrets.hardcoded") == [.critical])
        #expect(
            Self.severities(#"let clientSecret = "q8Zr1vX0pL3kT9wYb2NcR7uE""#, rule: "secrets.hardcoded") == [.high])
        #expect(
            Self.severities(#"let key = "pk_live_51H8abcdEFGHijklMNOPqrSTuv""#, rule: "secrets.hardcoded") == [.info])
        // The same random string under a neutral name is not a finding.
        #expect(Self.severities(#"let buildHash = "q8Zr1vX0pL3kT9wYb2NcR7uE""#, rule: "secrets.hardcoded") == [])
    }

    @Test func cleartextURLInDebugOnlyCodeIsLowAndNotShownByDefault() {
        let code = """
            #if DEBUG
            let api = "http://staging.acme-shop.com"
            #else
            let api = "http://api.acme-shop.com"
            #endif
            """
        #expect(Self.severities(code, rule: "network.cleartext-url", contexts: [.debug]) == [.low, .medium])
        #expect(Self.severities(code, rule: "network.cleartext-url") == [.medium])
    }
}
