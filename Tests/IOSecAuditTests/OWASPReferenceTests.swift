import Foundation
import Testing

@testable import IOSecAudit

/// Every rule names its OWASP MASWE weakness and the MASTG tests, and every report carries them.
struct OWASPReferenceTests {
    static func matches(_ text: String, _ prefix: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let digits = text.dropFirst(prefix.count)
        return digits.count == 4 && digits.allSatisfy(\.isNumber)
    }

    @Test func everyRuleHasAWeaknessAndNothingElseDoes() {
        for rule in RuleRegistry.all {
            let owasp = rule.owasp
            #expect(Self.matches(owasp.maswe, "MASWE-"), "\(rule.id): \(owasp.maswe)")
            #expect(owasp.masweBeta.map { Self.matches($0, "MASWE-") } ?? true, "\(rule.id)")
            #expect(owasp.masweBeta != owasp.maswe, "\(rule.id): a beta id equal to the current one is left out")
            #expect(!owasp.title.isEmpty && owasp.masvs.hasPrefix("MASVS-"), "\(rule.id): \(owasp.maswe) is not listed")
            #expect(owasp.mastg.allSatisfy { Self.matches($0, "MASTG-TEST-") }, "\(rule.id): \(owasp.mastg)")
            #expect(rule.masvs.hasPrefix("MASVS-"), "\(rule.id)")
        }
        #expect(Set(OWASPReferences.byRule.keys).subtracting(RuleRegistry.allIds).isEmpty)
    }

    @Test func rulesJSONListsEachRuleWithItsWeakness() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(RuleCatalog.json().utf8)) as? [String: Any])
        let rules = try #require(document["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == RuleRegistry.all.map(\.id))
        let logs = try #require(rules.first { $0["id"] as? String == "storage.log-sensitive" })
        #expect(logs["maswe"] as? String == "MASWE-0005")
        #expect(logs["masweBeta"] as? String == "MASWE-0001")
        #expect(logs["masvs"] as? String == "MASVS-STORAGE-2")
        #expect((logs["mastg"] as? [String])?.contains("MASTG-TEST-0296") == true)
    }

    @Test func findingsAndReportsCarryTheWeakness() throws {
        let tree = TemporaryTree()
        tree.write("App/Login.swift", #"func signIn(token: String) { print("token: \(token)") }"#)
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        let finding = try #require(result.findings.first { $0.ruleId == "storage.log-sensitive" })
        #expect(finding.maswe == "MASWE-0005")
        #expect(finding.mastg == ["MASTG-TEST-0296", "MASTG-TEST-0297"])
        // A report written before findings carried the weakness reads it from the rule.
        var old = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as? [String: Any])
        old["maswe"] = nil
        old["mastg"] = nil
        let decoded = try JSONDecoder().decode(Finding.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded == finding)

        let descriptor = SARIFReporter.descriptor(try #require(RuleRegistry.description(for: "storage.log-sensitive")))
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(descriptor)) as? [String: Any])
        let properties = try #require(sarif["properties"] as? [String: Any])
        #expect((properties["tags"] as? [String])?.contains("MASWE-0005") == true)
        #expect(properties["maswe"] as? String == "MASWE-0005")
        #expect(properties["masweBeta"] as? String == "MASWE-0001")
    }
}
