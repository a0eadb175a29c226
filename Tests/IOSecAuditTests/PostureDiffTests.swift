import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// `iosec diff`: what changed in security between two builds or two source trees.
@Suite struct PostureDiffTests {
    static func posture(_ path: String) throws -> SecurityPosture {
        SecurityPosture(try Scanner(options: ScanOptions(jobs: 2)).scan(path))
    }

    static func exampleIPAs() throws -> (insecure: String, hardened: String, tree: TemporaryTree) {
        let tree = TemporaryTree()
        let insecure = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        let hardened = tree.write("HardenedApp.ipa", bytes: [UInt8](try SampleApps.hardenedIPA()))
        return (insecure, hardened, tree)
    }

    static func change(_ diff: PostureDiff, _ area: String, _ item: String) -> PostureChange? {
        diff.changes.first { $0.area == area && $0.item == item }
    }

    @Test func fixingTheInsecureBuildIsAllBetterOrReview() throws {
        let apps = try Self.exampleIPAs()
        let diff = PostureDiff(
            old: "InsecureApp.ipa", new: "HardenedApp.ipa", before: try Self.posture(apps.insecure),
            after: try Self.posture(apps.hardened))
        #expect(!diff.isRegression, "\(diff.changes.filter { $0.direction == .worse })")
        #expect(diff.unrelated?.contains("com.example.insecure and com.example.hardened") == true)
        #expect(Self.change(diff, "entitlements", "(app): get-task-allow")?.direction == .better)
        #expect(Self.change(diff, "App Transport Security", "arbitrary loads")?.kind == "removed")
        #expect(Self.change(diff, "hardening", "(app)")?.direction == .better)
        #expect(Self.change(diff, "frameworks", "Kingfisher.framework")?.kind == "added")
        let fixed = diff.changes.filter { $0.area == "findings" }
        #expect(fixed.contains { $0.item == "binary.no-pie" && $0.kind == "removed" && $0.direction == .better })
        #expect(fixed.allSatisfy { $0.direction == .better })
    }

    @Test func theReverseIsARegressionAndSaysWhere() throws {
        let apps = try Self.exampleIPAs()
        let diff = PostureDiff(
            old: "HardenedApp.ipa", new: "InsecureApp.ipa", before: try Self.posture(apps.hardened),
            after: try Self.posture(apps.insecure))
        #expect(diff.isRegression)
        #expect(Self.change(diff, "App Transport Security", "arbitrary loads")?.direction == .worse)
        #expect(Self.change(diff, "entitlements", "(app): get-task-allow")?.direction == .worse)
        #expect(Self.change(diff, "hardening", "(app)")?.direction == .worse)
        // New findings first, most severe first.
        let findings = diff.changes.filter { $0.area == "findings" }
        #expect(findings.first?.after?.hasPrefix("critical ") == true)
        let text = PostureDiffFormat.text.render(diff)
        #expect(text.contains("the security posture got worse"))
        #expect(text.contains("  + arbitrary loads  [worse]"))
        let markdown = PostureDiffFormat.markdown.render(diff)
        #expect(markdown.contains("| added | arbitrary loads | ❌ worse |"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(PostureDiffFormat.json.render(diff).utf8)) as? [String: Any])
        #expect(json["regression"] as? Bool == true)
        #expect((json["summary"] as? [String: Int])?["worse"] ?? 0 > 0)
    }

    @Test func oneBuildAgainstItselfHasNoDifference() throws {
        let apps = try Self.exampleIPAs()
        let posture = try Self.posture(apps.insecure)
        let diff = PostureDiff(old: "a", new: "b", before: posture, after: posture)
        #expect(diff.changes.isEmpty && diff.unrelated == nil)
        #expect(PostureDiffFormat.text.render(diff).contains("no security difference"))
    }

    @Test func sourceTreesCompareEntitlementsSchemesAndTransport() throws {
        func project(debuggable: Bool, scheme: String?, cleartext: String?) -> TemporaryTree {
            let tree = TemporaryTree()
            tree.write(
                "App/App.entitlements",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>get-task-allow</key><\(debuggable)/></dict></plist>
                """)
            let types =
                scheme.map {
                    "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>\($0)</string></array></dict></array>"
                } ?? ""
            let ats =
                cleartext.map {
                    "<key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>\($0)</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict>"
                } ?? ""
            tree.write(
                "App/Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string>
                <key>LSRequiresIPhoneOS</key><true/>\(types)\(ats)</dict></plist>
                """)
            return tree
        }
        let old = project(debuggable: false, scheme: nil, cleartext: nil)
        let new = project(debuggable: true, scheme: "acmewallet", cleartext: "legacy.acme.example")
        let diff = PostureDiff(
            old: old.root, new: new.root, before: try Self.posture(old.root), after: try Self.posture(new.root))
        #expect(diff.isRegression)
        #expect(Self.change(diff, "entitlements", "App/App.entitlements: get-task-allow")?.after == "true")
        #expect(Self.change(diff, "URL schemes", "acmewallet")?.direction == .review)
        #expect(Self.change(diff, "App Transport Security", "http://legacy.acme.example")?.direction == .worse)
    }
}
