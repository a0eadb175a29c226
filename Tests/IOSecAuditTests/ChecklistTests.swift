import Foundation
import IOSecAudit
import Testing

/// The audit checklist: its table against the reference file and the rule registry, the verdicts on both example
/// apps against Examples/EXPECTED-CHECKLIST.md, and each way a verdict is reached on small projects.
@Suite struct ChecklistTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = packageRoot.appendingPathComponent("Examples")
    static let reference = packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/reference/CHECKLISTS.md")

    // MARK: The table

    struct ReferenceRow {
        let number: Int
        let title: String
        let sources: String
        let kind: String
        let how: String
    }

    /// Rows of CHECKLISTS.md's `| # | item | from | kind | how |` table.
    static func referenceRows() throws -> [ReferenceRow] {
        let text = try String(contentsOf: reference, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 7, let number = Int(cells[1]) else { return nil }
            return ReferenceRow(number: number, title: cells[2], sources: cells[3], kind: cells[4], how: cells[5])
        }
    }

    @Test func everyItemIsCoveredExactlyOnce() throws {
        let numbers = Checklist.items.map(\.number)
        #expect(numbers == Array(1...52), "items must be 1…52 in order, each once")
        let grouped = Checklist.groups.flatMap { Array($0.numbers) }
        #expect(grouped == Array(1...52), "groups must cover every item once, in order")
    }

    /// The reference lives beside the repository (`../shared`): without it these tests are skipped, and say why.
    static let hasReference = FileManager.default.fileExists(atPath: reference.path)
    static let noReference = Comment(rawValue: "needs ../shared/reference/CHECKLISTS.md beside the repository")

    @Test(.enabled(if: hasReference, noReference)) func itemsMatchTheReference() throws {
        let rows = try Self.referenceRows()
        #expect(rows.map(\.number) == Array(1...52), "CHECKLISTS.md changed: update Checklist.items")
        for row in rows {
            guard let item = Checklist.item(row.number) else { continue }
            #expect(item.title == row.title, "item \(row.number)")
            #expect(item.sources == row.sources, "item \(row.number)")
            #expect(item.kind == row.kind, "item \(row.number)")
        }
    }

    /// Registered rules the reference names for an item (`auth.*` expands) that the item deliberately leaves out.
    static let leftOutOfReferenceItem: [Int: Set<String>] = [
        // Passkey ceremony rules, not biometrics: the local challenge decides item 11, the user handle no item.
        18: ["auth.passkey-local-challenge", "auth.passkey-user-id-pii"]
    ]

    @Test(.enabled(if: hasReference, noReference)) func everyRuleTheReferenceNamesDecidesItsItem() throws {
        let registered = RuleRegistry.allIds
        for row in try Self.referenceRows() {
            guard let item = Checklist.item(row.number) else { continue }
            let named = row.how.split(whereSeparator: { " ,;`()".contains($0) }).map(String.init).filter {
                $0.contains(".") && $0.first?.isLowercase == true
            }
            var expected: Set<String> = []
            for name in named {
                if name.hasSuffix("*") {
                    expected.formUnion(registered.filter { $0.hasPrefix(name.dropLast()) })
                } else if registered.contains(name) {
                    expected.insert(name)
                }
            }
            expected.subtract(Self.leftOutOfReferenceItem[row.number] ?? [])
            let missing = expected.subtracting(item.rules).sorted()
            #expect(missing.isEmpty, "item \(row.number) does not name \(missing), which CHECKLISTS.md gives")
        }
    }

    @Test func everyNamedRuleExistsAndEveryRuleHasAPlace() {
        let registered = RuleRegistry.allIds
        var named: Set<String> = []
        for item in Checklist.items {
            for rule in item.rules where !registered.contains(rule) {
                Issue.record("item \(item.number) names \(rule), which is not in RuleRegistry")
            }
            #expect(Set(item.rules).count == item.rules.count, "item \(item.number) names a rule twice")
            #expect(item.productionRules.isSubset(of: item.rules), "item \(item.number)")
            #expect(item.decision != .rules || !item.rules.isEmpty, "item \(item.number) is decided by no rule")
            #expect(!item.check.isEmpty, "item \(item.number) says nothing for a person to check")
            named.formUnion(item.rules)
        }
        for (rule, reason) in Checklist.rulesOutsideTheChecklist {
            #expect(registered.contains(rule), "\(rule) is not in RuleRegistry")
            #expect(!named.contains(rule), "\(rule) is named by an item and listed as outside")
            #expect(!reason.isEmpty)
        }
        for rule in registered.sorted() where !named.contains(rule) && Checklist.rulesOutsideTheChecklist[rule] == nil {
            Issue.record("\(rule) decides no checklist item: add it to one, or to Checklist.rulesOutsideTheChecklist")
        }
    }

    /// Each IOSecKit type an item or a capability names is a public type of IOSecKit's package.
    @Test func everyIOSecKitTypeExists() throws {
        let kitFolder = Self.packageRoot.appendingPathComponent("IOSecKit/Sources")
        var declared: Set<String> = []
        let pattern = try Regex(#"public\s+(?:final\s+)?(?:struct|class|enum|actor|protocol)\s+(\w+)"#)
        for case let url as URL in FileManager.default.enumerator(at: kitFolder, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { declared.insert(String(name)) }
            }
        }
        #expect(declared.contains("KeychainStore"), "the declaration pattern finds nothing")
        for type in Checklist.kitTypes.sorted() {
            #expect(declared.contains(type), "\(type) is not a public IOSecKit type")
        }
    }

    // MARK: The example apps

    /// Expected verdict per item number and app, from the table in Examples/EXPECTED-CHECKLIST.md.
    struct Expected {
        let title: String
        let insecure: String
        let hardened: String

        /// `manual; --production: fail` → `manual` without `--production`, `fail` with it.
        static func verdict(_ cell: String, production: Bool) -> String {
            let parts = cell.components(separatedBy: "; --production:").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return production && parts.count > 1 ? parts[1] : parts[0]
        }
    }

    static func expectedVerdicts() throws -> [Int: Expected] {
        let text = try String(
            contentsOf: examples.appendingPathComponent("EXPECTED-CHECKLIST.md"), encoding: .utf8)
        var rows: [Int: Expected] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 7, let number = Int(cells[1]) else { continue }
            rows[number] = Expected(title: cells[2], insecure: cells[3], hardened: cells[4])
        }
        return rows
    }

    static func scan(_ app: String, production: Bool) throws -> ChecklistReport {
        let result = try Scanner(options: ScanOptions(production: production))
            .scan(examples.appendingPathComponent(app).path)
        return Checklist.evaluate(result)
    }

    @Test(arguments: [false, true])
    func examplesGiveTheExpectedVerdicts(production: Bool) throws {
        let expected = try Self.expectedVerdicts()
        #expect(expected.keys.sorted() == Array(1...52), "EXPECTED-CHECKLIST.md must have one row per item")
        let insecure = try Self.scan("InsecureApp", production: production)
        let hardened = try Self.scan("HardenedApp", production: production)
        for item in Checklist.items {
            guard let row = expected[item.number] else { continue }
            #expect(row.title == item.title, "EXPECTED-CHECKLIST.md item \(item.number) title")
            for (report, cell, app) in [
                (insecure, row.insecure, "InsecureApp"), (hardened, row.hardened, "HardenedApp")
            ] {
                let actual = report.entry(item.number)?.verdict.label
                let wanted = Expected.verdict(cell, production: production)
                #expect(
                    actual == wanted,
                    "\(app) item \(item.number) (\(item.title)): \(actual ?? "none"), expected \(wanted) — \(report.entry(item.number)?.reason ?? "")"
                )
            }
        }
        let fails = (insecure: insecure.fails, hardened: hardened.fails)
        #expect(fails.insecure && !fails.hardened)
        #expect(hardened.outsideTheChecklist.isEmpty)
        // Every source rule outside the checklist is seeded in the insecure app, so that section is never dead (the
        // binary ones in Examples/InsecureApp.ipa: `builtAppChecklistListsTheBinaryRulesOutside`).
        let outsideRules = Set(insecure.outsideTheChecklist.map(\.ruleId))
        #expect(outsideRules == Set(Checklist.rulesOutsideTheChecklist.keys.filter { !$0.hasPrefix("binary.") }))
    }

    /// The passkey items name where each ceremony starts, Swift and Objective-C alike.
    @Test func passkeyItemsNameEachCeremony() throws {
        let hardened = try #require(try Self.scan("HardenedApp", production: false).entry(5))
        let seen = hardened.evidence.map(\.description)
        #expect(seen.contains("passkey registration (Auth/PasskeyRegistration.swift:18)"))
        #expect(seen.contains("passkey assertion (Auth/PasskeyAuthenticator.swift:26)"))
        let tree = TemporaryTree()
        tree.write(
            "App/App.entitlements",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
            <array><string>webcredentials:acme.example.com</string></array></dict></plist>
            """)
        tree.write(
            "App/SignUp.swift",
            """
            let request = ASAuthorizationAccountCreationProvider().createPlatformPublicKeyCredentialRegistrationRequest(
                acceptedContactIdentifiers: [.email], shouldRequestName: true, relyingPartyIdentifier: options.rp.id,
                challenge: options.challenge, userID: options.user.id)
            func forget(_ id: Data) async throws {
                try await ASCredentialDataManager().reportUnknownPublicKeyCredential(relyingPartyIdentifier: rp, credentialID: id)
            }
            """)
        tree.write(
            "Legacy/ACMPasskeys.m",
            "ASAuthorizationPlatformPublicKeyCredentialAssertionRequest *r = [provider createCredentialAssertionRequestWithChallenge:challenge];\n"
        )
        let small = Checklist.evaluate(try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root))
        let evidence = try #require(small.entry(5)).evidence.map(\.description)
        #expect(evidence.contains("passkey account creation (App/SignUp.swift:1)"))
        #expect(evidence.contains("passkey assertion (Legacy/ACMPasskeys.m:1)"))
        #expect(evidence.contains("passkey signals (App/SignUp.swift:5)"))
    }

    @Test func failingItemsCarryTheirFindingsAndPassingItemsNameTheirRules() throws {
        let insecure = try Self.scan("InsecureApp", production: false)
        let item3 = try #require(insecure.entry(3))
        #expect(
            item3.findings.map(\.ruleId) == [
                "platform.aasa-app-id-missing", "platform.aasa-app-id-missing", "platform.aasa-invalid"
            ])
        #expect(item3.findings.allSatisfy { $0.file == "Server/.well-known/apple-app-site-association" })
        #expect(item3.findings.map(\.line) == [2, 18, 21])
        // A finding decides every item that names its rule: one cleartext URL fails items 8 and 36.
        let cleartext = Set(insecure.entry(8)!.findings.filter { $0.ruleId == "network.cleartext-url" })
        #expect(cleartext == Set(insecure.entry(36)!.findings.filter { $0.ruleId == "network.cleartext-url" }))
        #expect(insecure.entry(2)?.reason == "platform.aasa-dev-app-id runs only with --production")

        let hardened = try Self.scan("HardenedApp", production: false)
        #expect(hardened.entry(52)?.reason.hasPrefix("keychain.delete-on-read-failure, ") == true)
        #expect(hardened.entry(52)?.reason.hasSuffix(" found nothing") == true)
        let integrity = try #require(hardened.entry(17))
        #expect(
            integrity.reason == "resilience.jailbreak-detection-weak found nothing; uses IOSecKit's DeviceIntegrity")
        #expect(integrity.evidence.first?.file == "App/SecurityServices.swift")
        // Debug-only IOSecKit code ships nothing: the association self-check is inside `#if DEBUG`.
        #expect(hardened.entry(1)?.evidence.contains { $0.text.contains("AssociationFileSelfCheck") } == false)
    }

    // MARK: Small projects

    static func checklist(_ files: [String: String], rules: RuleSet = .all, production: Bool = false) throws
        -> ChecklistReport
    {
        let tree = TemporaryTree()
        for (path, text) in files { tree.write(path, text) }
        let result = try Scanner(options: ScanOptions(jobs: 1, production: production), rules: rules).scan(tree.root)
        return Checklist.evaluate(result)
    }

    @Test func itemsAboutWhatTheAppDoesNotDoAreNotApplicable() throws {
        let report = try Self.checklist([
            "App/Counter.swift": "struct Counter { var value = 0 }\n",
            "App/Info.plist": Self.plist("<key>CFBundleName</key><string>Counter</string>")
        ])
        let notApplicable = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 19, 20, 21, 22, 23, 35, 36, 46, 48, 49, 52]
        for number in notApplicable {
            #expect(report.entry(number)?.verdict == .notApplicable, "item \(number): \(report.entry(number)!.reason)")
        }
        #expect(report.entry(49)?.reason == AppCapability.webView.absence)
        #expect(report.entry(35)?.reason == AppCapability.keychain.absence)
        // Nothing to read is not a pass: without build settings, item 25 is for a person.
        #expect(report.entry(25)?.verdict == .manual)
        #expect(report.entry(25)?.reason.contains("no project.pbxproj") == true)
        #expect(report.entry(47)?.verdict == .pass)
        #expect(report.entry(13)?.verdict == .pass)
        #expect(report.entry(38)?.verdict == .manual)
        let fails = report.fails
        #expect(!fails)
        #expect(report.verdictLine == "12 pass · 0 fail · 24 n/a · 16 manual")

        let noPlist = try Self.checklist(["App/Counter.swift": "struct Counter { var value = 0 }\n"])
        #expect(noPlist.entry(47)?.verdict == .manual)
        #expect(noPlist.entry(47)?.reason == "no Info.plist in the scanned folder")
    }

    @Test func oneUseInShippingCodeMakesAnItemApply() throws {
        let web = try Self.checklist([
            "App/Help.swift": "import UIKit\nfinal class Help { let view = WKWebView(frame: .zero) }\n"
        ])
        let item = try #require(web.entry(49))
        #expect(item.verdict == .pass)
        #expect(item.reason.contains("platform.webview-js"))
        #expect(item.evidence == [ChecklistEvidence("uses WKWebView", file: "App/Help.swift", line: 2)])

        // Debug-only code, previews and tests do not ship.
        let debugOnly = try Self.checklist([
            "App/Help.swift": "#if DEBUG\nlet inspector = WKWebView(frame: .zero)\n#endif\n",
            "App/Preview.swift": "#Preview { WebPreview(view: WKWebView()) }\n",
            "AppTests/HelpTests.swift": "import XCTest\nlet view = WKWebView()\n"
        ])
        #expect(debugOnly.entry(49)?.verdict == .notApplicable)

        // An import is enough, and so is Objective-C.
        let imported = try Self.checklist(["App/Unlock.swift": "import LocalAuthentication\nstruct Unlock {}\n"])
        #expect(imported.entry(19)?.verdict == .pass)
        #expect(imported.entry(19)?.evidence.first?.text == "uses LocalAuthentication")
        let objc = try Self.checklist([
            "Legacy/Copy.m": "void copy(NSString *s) { [UIPasteboard generalPasteboard]; }\n"
        ])
        #expect(objc.entry(48)?.verdict == .pass)
        #expect(objc.entry(48)?.evidence.first?.file == "Legacy/Copy.m")
        let objcDebug = try Self.checklist([
            "Legacy/Copy.m": "#if DEBUG\nvoid copy(NSString *s) { [UIPasteboard generalPasteboard]; }\n#endif\n"
        ])
        #expect(objcDebug.entry(48)?.verdict == .notApplicable)
        // `URLSession` is a Swift type; in Objective-C it is a selector piece, and the type is NSURLSession.
        let delegate = try Self.checklist([
            "Legacy/Delegate.m": "@implementation D\n- (void)URLSession:(id)s didFinish:(id)t {}\n@end\n"
        ])
        #expect(delegate.entry(8)?.verdict == .notApplicable)
    }

    @Test func iosecKitUseDecidesItsItems() throws {
        let source = """
            import IOSecKit

            struct Sessions {
                let store = SessionStore(keychain: KeychainStore(service: "com.acme.session"))
            }
            """
        let used = try Self.checklist(["App/Sessions.swift": source])
        let item = try #require(used.entry(16))
        #expect(item.verdict == .pass)
        #expect(item.reason == "uses IOSecKit's SessionStore")
        #expect(item.evidence == [ChecklistEvidence("IOSecKit SessionStore", file: "App/Sessions.swift", line: 4)])
        // The Keychain items apply (SessionStore is Keychain storage) and pass.
        #expect(used.entry(35)?.verdict == .pass)

        // A type of the same name without the import is someone else's: a person checks.
        let lookalike = try Self.checklist([
            "App/Sessions.swift": "struct SessionStore {}\nlet store = SessionStore()\n"
        ])
        #expect(lookalike.entry(16)?.verdict == .manual)
        #expect(lookalike.entry(16)?.reason == "IOSecKit's SessionStore not used: a person checks")
    }

    @Test func associatedDomainsWithoutTheirFileAreForAPerson() throws {
        let entitlements = Self.plist(
            """
            <key>com.apple.developer.associated-domains</key>
            <array><string>webcredentials:acme.example.com</string><string>applinks:acme.example.com</string></array>
            """)
        let report = try Self.checklist(["App/App.entitlements": entitlements])
        #expect(report.entry(3)?.verdict == .manual)
        #expect(
            report.entry(3)?.reason
                == "associated domains: acme.example.com, but their apple-app-site-association file is not in the scanned folder"
        )
        #expect(report.entry(6)?.verdict == .pass)
        #expect(report.entry(1)?.verdict == .manual)
        #expect(report.entry(1)?.evidence.first?.text == "associated domains: acme.example.com")
        #expect(report.entry(5)?.verdict == .pass)
    }

    @Test func aRuleThatDidNotRunPassesNothing() throws {
        let files = ["App/Log.swift": "import OSLog\nlet logger = Logger()\n"]
        let all = try Self.checklist(files)
        #expect(all.entry(13)?.verdict == .pass)
        let without = RuleSet.all.only(RuleRegistry.allIds.subtracting(["storage.log-sensitive"]))
        let partial = try Self.checklist(files, rules: without)
        #expect(partial.entry(13)?.verdict == .manual)
        #expect(partial.entry(13)?.reason == "storage.log-sensitive did not run in this scan")
    }

    @Test func findingsFailAnItemWhateverTheFacts() throws {
        // ATS switched off is a network finding even where no network code is visible.
        let report = try Self.checklist([
            "App/Counter.swift": "struct Counter { var value = 0 }\n",
            "App/Info.plist": Self.plist(
                "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>")
        ])
        #expect(report.entry(8)?.verdict == .fail)
        #expect(report.entry(47)?.verdict == .fail)
        #expect(report.entry(10)?.verdict == .notApplicable)
        let fails = report.fails
        #expect(fails)
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    // MARK: Outputs

    @Test func outputsAreStableGroupedAndComplete() throws {
        let folder = Self.examples.appendingPathComponent("InsecureApp").path
        let one = Checklist.evaluate(try Scanner(options: ScanOptions(jobs: 1)).scan(folder))
        let two = Checklist.evaluate(try Scanner(options: ScanOptions(jobs: 2)).scan(folder))
        let json = ChecklistFormat.json.render(one)
        #expect(json == ChecklistFormat.json.render(two), "JSON must not depend on parallelism")

        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["number"] as? Int } == Array(1...52))
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["verdict"] as? String == one.verdictLine)
        #expect(summary["fail"] as? Int == one.count(.fail))
        let item3 = items[2]
        #expect(item3["verdict"] as? String == "fail")
        #expect(item3["group"] as? String == "Associated domains and passkeys")
        let finding = try #require((item3["findings"] as? [[String: Any]])?.last)
        #expect(finding["ruleId"] as? String == "platform.aasa-invalid")
        #expect(finding["line"] as? Int == 21)
        #expect((document["outsideTheChecklist"] as? [Any])?.count == one.outsideTheChecklist.count)
        let keys = json.split(separator: "\n").prefix(12).compactMap { line -> String? in
            line.hasPrefix("  \"") ? String(line.dropFirst(3).prefix { $0 != "\"" }) : nil
        }
        #expect(keys == keys.sorted(), "top-level keys sorted")

        let text = ChecklistFormat.text.render(one)
        #expect(text.hasPrefix("Checklist: \(one.verdictLine)  (52 items · \(folder))\n"))
        #expect(text.contains("\nNETWORK\n"))
        #expect(text.contains("   3  FAIL    App ID format TEAM_ID.BUNDLE_ID\n"))
        #expect(
            text.contains(
                "Server/.well-known/apple-app-site-association:21:7  platform.aasa-invalid  webcredentials.apps[1]"))
        #expect(text.contains("check: Run `iosec aasa DOMAIN"))
        #expect(text.contains("OUTSIDE THE CHECKLIST"))
        #expect(!text.contains("\u{1B}["))
        #expect(ChecklistFormat.text.render(one, colored: true).contains("\u{1B}[31;1mFAIL"))

        let markdown = ChecklistFormat.markdown.render(one)
        #expect(markdown.hasPrefix("# Security checklist: \(folder)\n\n**\(one.verdictLine)**"))
        #expect(markdown.contains("\n## Network\n\n| # | item | verdict | details |\n|---:|---|---|---|\n"))
        #expect(
            markdown.contains(
                "| 3 | App ID format TEAM_ID.BUNDLE_ID | ❌ **fail** | 3 findings of platform.aasa-app-id-missing, platform.aasa-invalid<br>`platform.aasa-app-id-missing` Server/.well-known/apple-app-site-association:2 — "
            ))
        #expect(markdown.contains("| 7 | Multiple domains configured if needed | 📝 manual |"))
        // One table row per item: no cell may break the table.
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| # ") }
        #expect(rows.count == 52)
    }

    @Test func scanReporterRendersTheChecklist() throws {
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(
            Self.examples.appendingPathComponent("HardenedApp").path)
        let text = ChecklistReporter().render(result)
        #expect(text.hasPrefix("Checklist: 30 pass · 0 fail · 0 n/a · 22 manual"))
    }
}

/// The checklist of a built app: the binary items are decided, the source-only ones say they need the source.
@Suite struct BuiltAppChecklistTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    @Test func builtAppChecklistDecidesTheBinaryItems() throws {
        let insecure = Checklist.evaluate(
            try Scanner().scan(Self.examples.appendingPathComponent("InsecureApp.ipa").path))
        #expect(insecure.entry(38)?.verdict.label == "fail")
        #expect(insecure.entry(25)?.verdict.label == "fail")
        let outside = Set(insecure.outsideTheChecklist.map(\.ruleId))
        #expect(outside.isSuperset(of: ["binary.not-stripped", "binary.injected-library", "binary.weak-api"]))
        let hardened = Checklist.evaluate(
            try Scanner().scan(Self.examples.appendingPathComponent("HardenedApp.ipa").path))
        #expect(hardened.entry(38)?.verdict.label == "pass")
        // A source scan cannot see the binary: item 38 says what to scan instead.
        let source = Checklist.evaluate(try Scanner().scan(Self.examples.appendingPathComponent("HardenedApp").path))
        #expect(source.entry(38)?.reason.contains("run `iosec checklist` on the .ipa") == true)
    }
}
