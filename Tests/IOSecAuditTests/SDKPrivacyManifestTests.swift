import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// `privacy.sdk-manifest-missing`: embedded frameworks of SDKs on Apple's list, with and without their manifest.
/// The rule reads the bundle layout, so its examples are whole IPAs rather than lone binaries.
@Suite struct SDKPrivacyManifestTests {
    static let id = "privacy.sdk-manifest-missing"

    /// An app embedding the given SDKs, each with its manifest at the given place inside its framework (nil: none).
    static func findings(_ sdks: [(String, String?)], appManifest: Bool = false) throws -> [Finding] {
        var ipa = IPABuilder()
        try BuiltAppTests.minimalApp(&ipa)
        for (name, manifest) in sdks {
            try SampleApps.addSDK(name, to: &ipa, app: "Payload/App.app", manifest: manifest)
        }
        if appManifest { ipa.add("Payload/App.app/PrivacyInfo.xcprivacy", text: "<plist><dict/></plist>") }
        let result = try SourceAnalysis.analyzeIPA(try ipa.build(), rules: RuleSet.all.only(id))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.activeFindings.filter { $0.ruleId == id }
    }

    @Test func listedSDKWithoutAManifestIsReported() throws {
        let found = try Self.findings([("Alamofire", nil)])
        #expect(found.map(\.file) == ["Payload/App.app/Frameworks/Alamofire.framework/Alamofire"])
        #expect(found.first?.message.contains("ITMS-91061") == true)
        #expect(found.first?.snippet == "Alamofire.framework: no PrivacyInfo.xcprivacy")
    }

    @Test func theAppsOwnManifestDoesNotCoverAnSDK() throws {
        let found = try Self.findings(
            [("FirebaseCore", nil), ("Kingfisher", "PrivacyInfo.xcprivacy")], appManifest: true)
        #expect(found.map(\.file) == ["Payload/App.app/Frameworks/FirebaseCore.framework/FirebaseCore"])
    }

    @Test func manifestAtTheRootOrInAResourceBundleCounts() throws {
        let found = try Self.findings([
            ("Alamofire", "PrivacyInfo.xcprivacy"),
            ("FirebaseCore", "FirebaseCore_Privacy.bundle/PrivacyInfo.xcprivacy")
        ])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func unlistedFrameworksNeedNoManifest() throws {
        // Names that only start like a listed SDK, and the app's own frameworks.
        let found = try Self.findings([("AlamofireImage", nil), ("AcmeKit", nil), ("SnapKitExtensions", nil)])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func aManifestOfAnotherFrameworkDoesNotCount() throws {
        // AlamofireImage's manifest sits in a folder whose name starts with Alamofire's: the match is per framework.
        let found = try Self.findings([("Alamofire", nil), ("AlamofireImage", "PrivacyInfo.xcprivacy")])
        #expect(found.count == 1)
    }
}
