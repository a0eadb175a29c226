import Foundation
import Testing

@testable import IOSecAudit

/// An `http://` request the app's ATS blocks fails rather than going out readable: low confidence, and said so.
struct ATSCleartextPolicyTests {
    static let request = """
        func checkForUpdate() async throws {
            let url = URL(string: "http://itunes.apple.com/lookup?id=1")!
            let request = URLRequest(url: url)
            _ = try await URLSession.shared.data(for: request)
        }
        """

    static func plist(_ ats: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>UILaunchStoryboardName</key><string>Launch</string>
            \(ats)
        </dict></plist>
        """
    }

    func cleartextFinding(plist: String?) throws -> Finding? {
        let tree = TemporaryTree()
        tree.write("App/UpdateChecker.swift", Self.request)
        tree.write("App/Launch.swift", "func launched() async { try? await checkForUpdate() }")
        if let plist { tree.write("App/Info.plist", plist) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let result = try Scanner(options: options).scan(tree.root)
        return result.findings.first { $0.ruleId == "network.cleartext-url" }
    }

    @Test func aRequestNoAppLetsOutIsBlockedByATS() throws {
        let finding = try #require(try cleartextFinding(plist: Self.plist("")))
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("ATS blocks it"))
    }

    @Test func anExceptionForTheHostOrArbitraryLoadsLetItOut() throws {
        let exception = """
            <key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
                <key>apple.com</key><dict>
                    <key>NSIncludesSubdomains</key><true/>
                    <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                </dict>
            </dict></dict>
            """
        let allowed = try #require(try cleartextFinding(plist: Self.plist(exception)))
        #expect(allowed.confidence > .low)
        #expect(!allowed.message.contains("ATS blocks it"))
        let arbitrary = "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>"
        let open = try #require(try cleartextFinding(plist: Self.plist(arbitrary)))
        #expect(open.confidence > .low)
    }

    /// A folder of sources without an app's Info.plist says nothing about ATS.
    @Test func withoutAnAppsInfoPlistNothingChanges() throws {
        let finding = try #require(try cleartextFinding(plist: nil))
        #expect(finding.confidence > .low)
        #expect(!finding.message.contains("ATS blocks it"))
    }

    @Test func subdomainsCountOnlyWhenIncluded() {
        let facts = [
            Fact(kind: FactKind.appInfoPlist, value: "", file: "App/Info.plist", line: 1, column: 1),
            Fact(
                kind: FactKind.atsCleartextAllowed, value: FactKind.join("example.com", ""), file: "App/Info.plist",
                line: 3, column: 1)
        ]
        let policy = ATSCleartextPolicy(facts: facts)
        #expect(policy.allowsCleartext(to: "example.com") == true)
        #expect(policy.allowsCleartext(to: "cdn.example.com") == false)
        #expect(ATSCleartextPolicy(facts: []).allowsCleartext(to: "example.com") == nil)
    }
}
