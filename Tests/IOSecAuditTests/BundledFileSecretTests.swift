import Foundation
@testable import IOSecAudit
import IOSecFixtures
import Testing

/// `secrets.hardcoded` in the JSON files and databases a built app ships: what must be reported and what must not
/// (animation and localisation JSON, placeholders, public keys, ordinary rows). Examples are whole IPAs, since only
/// the built-app reader gives these kinds.
@Suite struct BundledFileSecretTests {
    static func findings(_ files: [String: [UInt8]]) throws -> [Finding] {
        var ipa = IPABuilder()
        try BuiltAppTests.minimalApp(&ipa)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { ipa.add("Payload/App.app/" + path, bytes) }
        let result = try SourceAnalysis.analyzeIPA(try ipa.build(), rules: RuleSet.all.only("secrets.hardcoded"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.activeFindings.filter { $0.ruleId == "secrets.hardcoded" }
    }

    static func json(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A SQLite-like page: header, binary record bytes, then the text of a row.
    static func database(_ rows: [String]) -> [UInt8] {
        var bytes = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
        for row in rows { bytes += [0x0D, 0x00, 0x81, 0x17, 0x03] + Array(row.utf8) + [0x00, 0x00] }
        return bytes
    }

    @Test func credentialsInBundledJSONAreReported() throws {
        let found = try Self.findings([
            "config.json": Self.json(
                """
                {
                  "environment": "production",
                  "backend": { "user": "ops", "password": "Winter#2024!", "pin": "4921" },
                  "aws": ["AKIAIOSFODNN7QWERTYZ"]
                }
                """)
        ])
        #expect(found.map(\.line) == [3, 3, 4], "\(found.map(\.message))")
        #expect(found.first?.message.contains("'password' is bundled in a JSON file") == true)
        #expect(found.allSatisfy { $0.file == "Payload/App.app/config.json" && $0.severity >= .high })
    }

    @Test func ordinaryBundledJSONIsQuiet() throws {
        let found = try Self.findings([
            // A Lottie animation, a localisation table, placeholders and a publishable key.
            "Animations/loading.json": Self.json(
                #"{"v":"5.7.4","fr":60,"layers":[{"nm":"token ring","ty":4,"ks":{"o":{"a":0,"k":100}}}]}"#),
            "en.json": Self.json(#"{"password": "Password", "password_hint": "At least 12 characters"}"#),
            "settings.json": Self.json(
                #"{"apiKey": "<YOUR_API_KEY>", "token": "", "stripe": "pk_live_51Habcdefghijklmnop"}"#),
            // Found in real apps' JSON: switches and lists named after cookies and credentials, a lock file, and a
            // localisation table.
            "ios-config.json": Self.json(
                #"{"trackerCookie": "enabled", "navigatorCredentials": "disabled", "thirdPartyCookieNames": ["__Secure-3PAPISID", "SAPISID"], "tokenLength": "32"}"#
            ),
            "package-lock.json": Self.json(#"{"packages": {"js-tokens": "^4.0.0", "secret-handshake": "1.2.3"}}"#),
            "ca.lproj/app.json": Self.json(#"{"password": "Contrasenya", "pin": "PIN"}"#),
            "app.json": Self.json(
                #"{"field": {"password": "Passwort", "password_placeholder": "At least 12 characters"}}"#)
        ])
        #expect(found.allSatisfy { $0.severity == .info }, "\(found.map(\.message))")
        #expect(found.count == 1)  // the publishable key, as info
    }

    @Test func jsonStringsKnowTheirKeyLineAndColumn() {
        let text = """
            {"users": [{"name": "ops", "password": "a\\"b"}], "keys": ["k1", "k2"],
             "nested": {"deep": {"token": "t"}}, "after": "x", "image": "\(String(repeating: "A", count: 5000))", "end": "z"}
            """
        let values = JSONStrings(Array(text.utf8)).map { "\($0.key ?? "-")=\($0.value)@\($0.line):\($0.column)" }
        #expect(
            values == [
                "name=ops@1:21", "password=a\"b@1:40", "keys=k1@1:59", "keys=k2@1:65", "token=t@2:31",
                "after=x@2:47", "end=z@2:5072"
            ], "\(values)")
        // Not JSON at all: whatever strings it holds, no crash.
        #expect(JSONStrings(Array("]]}}\"open".utf8)).map(\.value) == ["open"])
    }

    @Test func tokensInABundledDatabaseAreReportedOnce() throws {
        let found = try Self.findings([
            "Seed.sqlite": Self.database([
                "admin|AKIAIOSFODNN7QWERTYZ|2024-01-01", "admin|AKIAIOSFODNN7QWERTYZ|2024-01-01"
            ])
        ])
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.snippet.hasPrefix("Seed.sqlite: \"") == true)
        #expect(found.first?.snippet.contains("QWERTYZ") == false)  // redacted
    }

    @Test func ordinaryBundledDatabasesAreQuiet() throws {
        let found = try Self.findings([
            "Cities.sqlite": Self.database(["Zürich|47.3769|8.5417", "Reykjavik|64.1466|-21.9426|capital city"]),
            "default.realm": Self.database(["password_reset_required|false", "session_token_expiry_seconds|3600"])
        ])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }
}
